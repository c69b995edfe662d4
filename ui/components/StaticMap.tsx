/**
 * A map placeholder: the shared static map image linking to the location's place. No external
 * iframe, so sites work offline and under CI's blocked network (brief: map embed).
 */
import type { Address } from '../../domain/types.ts';
import { directionsHref } from './locationLinks.ts';

/** The shared static map image every site ships. */
export const STATIC_MAP_SRC = '/assets/shared/map.svg';

/** Props of {@link StaticMap}. */
export interface StaticMapProps {
  address: Address;
  /** What the map shows, used in the alt text. */
  name: string;
  width?: number;
  height: number;
  className?: string;
}

/** The map image, linked to directions when an address is known. */
export function StaticMap({ address, name, width = 400, height, className }: StaticMapProps) {
  const href = directionsHref({ address });
  const image = <img src={STATIC_MAP_SRC} alt={`Map showing ${name}`} width={width} height={height} loading="lazy" decoding="async" />;
  return (
    <div className={className ? `static-map ${className}` : 'static-map'} style={{ height: `${height}px` }}>
      {href ? (
        <a href={href} target="_blank" rel="noopener noreferrer">
          {image}
        </a>
      ) : (
        image
      )}
    </div>
  );
}
