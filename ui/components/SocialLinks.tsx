/**
 * Social icon links (SPEC §2 Top banner / Footers): only the networks the record configures, in
 * the spec's order, each URL through safeHref so a hostile scheme is dropped.
 */
import { safeHref } from '../../domain/safeUrl.ts';
import { Icon, type IconName } from './Icon.tsx';

/** The record fields holding social URLs. */
export interface SocialFields {
  facebook_url?: string | null;
  instagram_url?: string | null;
  youtube_url?: string | null;
  whatsapp_url?: string | null;
  twitter_url?: string | null;
  tiktok_url?: string | null;
  linkedin_url?: string | null;
  linktree_url?: string | null;
}

/** SPEC §2 order: facebook, instagram, youtube, whatsapp, twitter, tiktok, linkedin, linktree. */
const NETWORKS: { field: keyof SocialFields; icon: IconName; label: string }[] = [
  { field: 'facebook_url', icon: 'facebook', label: 'Facebook' },
  { field: 'instagram_url', icon: 'instagram', label: 'Instagram' },
  { field: 'youtube_url', icon: 'youtube', label: 'YouTube' },
  { field: 'whatsapp_url', icon: 'whatsapp', label: 'WhatsApp' },
  { field: 'twitter_url', icon: 'twitter', label: 'Twitter' },
  { field: 'tiktok_url', icon: 'tiktok', label: 'TikTok' },
  { field: 'linkedin_url', icon: 'linkedin', label: 'LinkedIn' },
  { field: 'linktree_url', icon: 'linktree', label: 'Linktree' },
];

/** The configured, safe social links in SPEC order. */
export function socialLinks({ fields }: { fields: SocialFields }): { icon: IconName; label: string; href: string }[] {
  return NETWORKS.flatMap(({ field, icon, label }) => {
    const href = safeHref(fields[field]);
    return href ? [{ icon, label, href }] : [];
  });
}

/** Props of {@link SocialLinks}. */
export interface SocialLinksProps {
  fields: SocialFields;
  /** Accessible name of the list's owner, e.g. the dealer name. */
  owner: string;
  className?: string;
  size?: number;
}

/** A list of icon links; renders nothing when none is configured. */
export function SocialLinks({ fields, owner, className, size = 18 }: SocialLinksProps) {
  const links = socialLinks({ fields });
  if (links.length === 0) return null;
  return (
    <ul className={className ? `social-links ${className}` : 'social-links'}>
      {links.map(({ icon, label, href }) => (
        <li key={icon}>
          <a href={href} target="_blank" rel="noopener noreferrer" aria-label={`${owner} on ${label}`}>
            <Icon name={icon} size={size} />
          </a>
        </li>
      ))}
    </ul>
  );
}
