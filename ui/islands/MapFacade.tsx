/**
 * A click-to-load map: the static map image as a button until the shopper asks for the map,
 * then the provider's embedded map in its place. Nothing of the map provider loads before the
 * click (its iframe does not exist until then), so a page pays for a map only when it is used.
 */
import { useState } from 'react';

/** Props of {@link MapFacade}. */
export interface MapFacadeProps {
  /** The embedded map's URL (domain/mapEmbed.ts). */
  src: string;
  /** What the map shows ('Harbourside Subaru'). */
  name: string;
  /** The facade image. */
  image: string;
  width: number;
  height: number;
}

/** The facade, then the map. */
export function MapFacade({ src, name, image, width, height }: MapFacadeProps) {
  const [shown, setShown] = useState(false);
  if (shown) {
    return (
      <iframe
        className="map-facade__frame"
        src={src}
        title={`Map of ${name}`}
        width={width}
        height={height}
        referrerPolicy="no-referrer-when-downgrade"
        allowFullScreen
      />
    );
  }
  return (
    <button type="button" className="map-facade" onClick={() => setShown(true)} data-map-facade="">
      <img src={image} alt="" width={width} height={height} loading="lazy" decoding="async" />
      <span className="map-facade__label">
        Show map<span className="visually-hidden"> of {name}</span>
      </span>
    </button>
  );
}
