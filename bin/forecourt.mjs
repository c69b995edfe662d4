#!/usr/bin/env node
// Runs the TypeScript CLI through tsx's loader so the repository needs no build step.
import { register } from 'tsx/esm/api';

// React picks its development or production build when first imported, and any module may import
// it (through ui/): choose before anything loads, so every part of React agrees.
process.env.NODE_ENV ??= 'production';
register();
await import('../cli/main.ts');
