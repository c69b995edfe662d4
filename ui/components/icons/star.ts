/** The 'star' icon's path (24x24 viewBox, even-odd; see ../Icon.tsx). */
export const starPath = 'M12 17.3 18.2 21l-1.6-7L22 9.2l-7.2-.6L12 2 9.2 8.6 2 9.2 7.4 14l-1.6 7z';
