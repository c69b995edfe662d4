/** The 'clock' icon's path (24x24 viewBox, even-odd; see ../Icon.tsx). */
export const clockPath = 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm1 10.4 3.5 2.1-.8 1.3L11 13V7h2z';
