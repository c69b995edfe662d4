// ESLint: typescript-eslint's recommended rules, React hooks rules, and the layer rule of
// docs/architecture.md ("who may import whom") enforced by eslint-plugin-boundaries. Formatting is
// Prettier's (eslint-config-prettier turns off the rules that would fight it).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import prettier from 'eslint-config-prettier';

/** The layers of docs/architecture.md, one folder each. */
const LAYERS = ['cli', 'importer', 'renderer', 'server', 'net', 'runtime', 'ui', 'search', 'domain', 'schema'];

/** docs/architecture.md "Who may import whom": each layer and the layers it may import. */
const MAY_IMPORT = {
  cli: ['importer', 'renderer', 'server', 'net', 'search', 'schema'],
  // forecourt import: a dealer's own feed in, stock.json out (Node I/O; rules from domain, URLs through net).
  importer: ['domain', 'schema', 'net'],
  renderer: ['ui', 'search', 'domain', 'schema', 'net'],
  server: ['domain', 'schema', 'net'],
  // Outbound requests under the operator's address policy (Node I/O, nothing of ours).
  net: [],
  runtime: ['ui', 'search', 'domain'],
  ui: ['search', 'domain', 'schema'],
  search: ['domain', 'schema'],
  domain: ['schema'],
  schema: [],
};

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', '.dist-*/', 'out/', 'coverage/', 'test-results/', '.tmp/', '.forecourt/', '**/*.generated.*'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  {
    // Dealers' own browser scripts (chat widget, rating banner) run in the page.
    files: ['dealers/**/*.js', 'fixtures/**/*.js', 'templates/**/*.js'],
    languageOptions: { globals: { window: 'readonly', document: 'readonly' } },
  },
  {
    // Playwright fixtures take `{}` and call `use`, which is not React's hook.
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off', 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    // The layer rule. Tests (*.test.ts) belong to their layer too but may also use fixtures/.
    files: LAYERS.map((layer) => `${layer}/**/*.{ts,tsx}`),
    plugins: { boundaries },
    settings: {
      'boundaries/elements': [
        ...LAYERS.map((type) => ({ type, pattern: `${type}/**`, partialMatch: false })),
        { type: 'fixtures', pattern: 'fixtures/**', partialMatch: false },
      ],
      'boundaries/files': [{ category: 'test', pattern: '**/*.test.{ts,tsx}' }],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            ...LAYERS.map((layer) => ({
              from: { element: { type: layer } },
              allow: { to: { element: { types: { anyOf: [layer, ...MAY_IMPORT[layer]] } } } },
            })),
            // Tests set up data with any layer's types and builders, and with fixtures/.
            { from: { file: { categories: 'test' } }, allow: { to: { element: { types: { anyOf: [...LAYERS, 'fixtures'] } } } } },
          ],
        },
      ],
    },
  },
  prettier,
);
