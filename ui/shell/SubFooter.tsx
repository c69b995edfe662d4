/**
 * Group sub-footer (SPEC §2 page shell step 8): the group logo linking to the group site.
 */
import { safeHref } from '../../domain/safeUrl.ts';
import type { SubFooterConfig } from '../../domain/site.ts';

/** Logo box of the group logo. */
const GROUP_LOGO = { width: 160, height: 48 };

/** The sub-footer, or nothing when the logo or link is missing or unsafe. */
export function SubFooter({ config }: { config: SubFooterConfig }) {
  const href = safeHref(config.url);
  const logo = safeHref(config.logo_url);
  if (!href || !logo) return null;
  return (
    <div className="sub-footer">
      <div className="container sub-footer-inner">
        <a href={href} target="_blank" rel="noopener noreferrer">
          <img src={logo} alt={config.name} width={GROUP_LOGO.width} height={GROUP_LOGO.height} loading="lazy" decoding="async" />
        </a>
      </div>
    </div>
  );
}
