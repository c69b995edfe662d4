/** The 'twitter' icon's path (24x24 viewBox, even-odd; see ../Icon.tsx). */
export const twitterPath = 'M4 3h4.5l4 5.6L17.3 3H20l-6.2 7.2L21 21h-4.5l-4.4-6.1L6.8 21H4l6.8-7.8z';
