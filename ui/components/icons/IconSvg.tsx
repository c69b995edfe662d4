/**
 * The markup of every icon: a decorative inline SVG (aria-hidden, not focusable) of one path.
 * Islands use it with the path module they need (`<IconSvg d={menuPath} />`), so their chunks
 * carry only their own icons; server markup uses ../Icon.tsx by name. Both render the same HTML.
 */

/** Props of {@link IconSvg}. */
export interface IconSvgProps {
  /** The path data (one of the modules beside this file). */
  d: string;
  /** Rendered width and height in px. */
  size?: number;
  className?: string;
}

/** One icon path as an inline SVG. */
export function IconSvg({ d, size = 18, className }: IconSvgProps) {
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill="currentColor"
    >
      <path fillRule="evenodd" d={d} />
    </svg>
  );
}
