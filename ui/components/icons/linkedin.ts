/** The 'linkedin' icon's path (24x24 viewBox, even-odd; see ../Icon.tsx). */
export const linkedinPath =
  'M4 9h4v12H4zm2-6a2 2 0 1 1 0 4 2 2 0 0 1 0-4zm4 6h3.8v1.7c.6-1 1.9-2 3.9-2 4.1 0 4.3 2.7 4.3 6.2V21h-4v-5.3c0-1.3 0-3-1.8-3s-2.2 1.4-2.2 2.9V21h-4z';
