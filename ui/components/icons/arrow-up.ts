/** The 'arrow-up' icon's path (24x24 viewBox, even-odd; see ../Icon.tsx). */
export const arrowUpPath = 'M11 20V7.8l-5.6 5.6L4 12l8-8 8 8-1.4 1.4L13 7.8V20z';
