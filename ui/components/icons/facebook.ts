/** The 'facebook' icon's path (24x24 viewBox, even-odd; see ../Icon.tsx). */
export const facebookPath = 'M14 8h3V4h-3c-2.8 0-4 1.7-4 4v2H7v4h3v8h4v-8h3l1-4h-4V8.5c0-.3.2-.5.5-.5z';
