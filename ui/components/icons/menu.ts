/** The 'menu' icon's path (24x24 viewBox, even-odd; see ../Icon.tsx). */
export const menuPath = 'M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z';
