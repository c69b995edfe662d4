/** The 'linktree' icon's path (24x24 viewBox, even-odd; see ../Icon.tsx). */
export const linktreePath =
  'M10.5 2h3v6l4.2-4.2 2.1 2.1L15.6 10H22v3h-6.4l4.4 4.3-2.1 2.1-5.9-5.9-5.9 5.9-2.1-2.1L8.4 13H2v-3h6.4L4.2 5.9l2.1-2.1L10.5 8zm0 13.5h3V22h-3z';
