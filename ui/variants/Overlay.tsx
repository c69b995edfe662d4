/**
 * A dialog-like overlay opened by a link, with no JavaScript: the panel is the link's :target
 * (CSS in ui/styles/money.css), closing goes back to the opener. Used for the 'Holiday Opening
 * Hours' and 'Email Us' dialogs and the 'Discover More' slider.
 */
import type { ReactNode } from 'react';

/** The opener link and its overlay. */
export function Overlay({
  id,
  label,
  title,
  children,
  className = 'btn btn-link',
}: {
  id: string;
  label: string;
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <>
      <a className={className} href={`#${id}`} id={`${id}-open`} aria-controls={id}>
        {label}
      </a>
      <div id={id} className="discover-overlay" role="region" aria-labelledby={`${id}-title`}>
        <div className="discover-overlay__panel">
          <a className="discover-overlay__close" href={`#${id}-open`} aria-label="Close">
            ×
          </a>
          <h2 id={`${id}-title`}>{title}</h2>
          {children}
        </div>
      </div>
    </>
  );
}
