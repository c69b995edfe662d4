/**
 * A location's map: the shared static map image as a click-to-load facade (ui/islands/MapFacade.tsx)
 * for the address's embedded map, which loads only when a shopper asks for it; without anything
 * to map, the image links to directions. Nothing external loads with the page.
 */
import type { Address } from '../../domain/types.ts';
import { mapEmbedUrl } from '../../domain/mapEmbed.ts';
import { Island } from '../Island.tsx';
import { MapFacade } from '../islands/MapFacade.tsx';
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
  /** A 'Get Directions' link under the map (where nothing beside it offers one). */
  directions?: boolean;
}

/** The map facade, or the map image linked to directions when there is no map to embed. */
export function StaticMap({ address, name, width = 400, height, className, directions = false }: StaticMapProps) {
  const embed = mapEmbedUrl({ address });
  const href = directionsHref({ address });
  if (embed) {
    return (
      <>
        <div className={className ? `static-map ${className}` : 'static-map'} style={{ height: `${height}px` }}>
          {/* Hydrates as it nears the screen: the button works long before a shopper reaches it. */}
          <Island name="MapFacade" component={MapFacade} props={{ src: embed, name, image: STATIC_MAP_SRC, width, height }} when="visible" />
        </div>
        {directions && href ? (
          <p className="static-map__directions">
            <a href={href} target="_blank" rel="noopener noreferrer">
              Get Directions
            </a>
          </p>
        ) : null}
      </>
    );
  }
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
