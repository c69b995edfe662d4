/** The 'chevron' icon's path (24x24 viewBox, even-odd; see ../Icon.tsx). */
export const chevronPath = 'M7.4 8.6 12 13.2l4.6-4.6L18 10l-6 6-6-6z';
