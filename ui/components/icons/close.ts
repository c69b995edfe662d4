/** The 'close' icon's path (24x24 viewBox, even-odd; see ../Icon.tsx). */
export const closePath = 'M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6 10.6 12 5 6.4z';
