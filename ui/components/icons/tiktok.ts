/** The 'tiktok' icon's path (24x24 viewBox, even-odd; see ../Icon.tsx). */
export const tiktokPath = 'M16 3c.3 2.3 1.7 3.8 4 4v3a7 7 0 0 1-4-1.3V15a6 6 0 1 1-6-6v3.2a2.8 2.8 0 1 0 2.8 2.8V3z';
