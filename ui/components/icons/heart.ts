/** The 'heart' icon's path (24x24 viewBox, even-odd; see ../Icon.tsx). */
export const heartPath =
  'M12 21l-1.5-1.3C5.4 15 2 12 2 8.4A5.4 5.4 0 0 1 7.5 3c1.7 0 3.4.8 4.5 2.1A6 6 0 0 1 16.5 3 5.4 5.4 0 0 1 22 8.4c0 3.6-3.4 6.6-8.5 11.3z';
