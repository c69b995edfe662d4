/**
 * Small inline SVG icons. Inline (not an external sprite) so pages work offline and need no extra
 * request; every icon is decorative (aria-hidden) — the link or button around it carries the label.
 */
import { IconSvg } from './icons/IconSvg.tsx';
import { facebookPath } from './icons/facebook.ts';
import { instagramPath } from './icons/instagram.ts';
import { youtubePath } from './icons/youtube.ts';
import { whatsappPath } from './icons/whatsapp.ts';
import { twitterPath } from './icons/twitter.ts';
import { tiktokPath } from './icons/tiktok.ts';
import { linkedinPath } from './icons/linkedin.ts';
import { linktreePath } from './icons/linktree.ts';
import { phonePath } from './icons/phone.ts';
import { pinPath } from './icons/pin.ts';
import { heartPath } from './icons/heart.ts';
import { menuPath } from './icons/menu.ts';
import { closePath } from './icons/close.ts';
import { chevronPath } from './icons/chevron.ts';
import { arrowUpPath } from './icons/arrow-up.ts';
import { searchPath } from './icons/search.ts';
import { clockPath } from './icons/clock.ts';
import { starPath } from './icons/star.ts';

/** Names of the icons {@link Icon} can draw. */
export type IconName =
  | 'facebook'
  | 'instagram'
  | 'youtube'
  | 'whatsapp'
  | 'twitter'
  | 'tiktok'
  | 'linkedin'
  | 'linktree'
  | 'phone'
  | 'pin'
  | 'heart'
  | 'menu'
  | 'close'
  | 'chevron'
  | 'arrow-up'
  | 'search'
  | 'clock'
  | 'star';

// 24x24 viewBox paths, simplified glyphs to keep the markup small; drawn even-odd so inner
// shapes (the play triangle, the pin's dot, the lens) are holes. One module per icon, so an
// island that draws two icons (IconSvg with the path it imports) ships two paths, not all of them.
const PATHS: Record<IconName, string> = {
  facebook: facebookPath,
  instagram: instagramPath,
  youtube: youtubePath,
  whatsapp: whatsappPath,
  twitter: twitterPath,
  tiktok: tiktokPath,
  linkedin: linkedinPath,
  linktree: linktreePath,
  phone: phonePath,
  pin: pinPath,
  heart: heartPath,
  menu: menuPath,
  close: closePath,
  chevron: chevronPath,
  'arrow-up': arrowUpPath,
  search: searchPath,
  clock: clockPath,
  star: starPath,
};

/** Props of {@link Icon}. */
export interface IconProps {
  name: IconName;
  /** Rendered width and height in px. */
  size?: number;
  className?: string;
}

/** A decorative inline SVG icon (aria-hidden, not focusable), drawn by name. */
export function Icon({ name, size = 18, className }: IconProps) {
  return <IconSvg d={PATHS[name]} size={size} className={className} />;
}
