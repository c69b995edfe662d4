/** The 'pin' icon's path (24x24 viewBox, even-odd; see ../Icon.tsx). */
export const pinPath = 'M12 2a7 7 0 0 0-7 7c0 5.3 7 13 7 13s7-7.7 7-13a7 7 0 0 0-7-7zm0 9.5a2.5 2.5 0 1 1 0-5 2.5 2.5 0 0 1 0 5z';
