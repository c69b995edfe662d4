/**
 * The car page's small islands in one module, so the runtime fetches them as one chunk (one
 * request, one gzip stream) instead of five; each stays its own registry entry.
 */
export { ChatButton } from './ChatButton.tsx';
export { Gallery } from './Gallery.tsx';
export { LeadFormButton } from './LeadFormButton.tsx';
export { PhoneReveal } from './PhoneReveal.tsx';
