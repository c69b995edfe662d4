/** The sample stock's photo galleries, from the shared car pictures every site carries. */

/** Bodies and paints of the shared pictures (templates/assets/cars/<body>-<paint>.svg). */
const PICTURE_BODIES = ['suv', 'hatchback', 'ute', 'coupe', 'sedan', 'wagon', 'van'];
const PICTURE_PAINTS = [1, 2, 3];

/**
 * `count` distinct shared pictures for a gallery: the car's own body and paint, its body's other
 * paints, then the other bodies in its paint and the rest (from a point set by `rotate`, so
 * neighbouring cars' galleries differ).
 */
export function galleryPictures({ body, paintImage, count, rotate }: { body: string; paintImage: number; count: number; rotate: number }): string[] {
  const own = body.toLowerCase();
  const others = PICTURE_BODIES.filter((b) => b !== own);
  const shift = rotate % others.length;
  const turned = [...others.slice(shift), ...others.slice(0, shift)];
  const names = [
    `${own}-${paintImage}`,
    ...PICTURE_PAINTS.filter((p) => p !== paintImage).map((p) => `${own}-${p}`),
    ...turned.map((b) => `${b}-${paintImage}`),
    ...turned.flatMap((b) => PICTURE_PAINTS.filter((p) => p !== paintImage).map((p) => `${b}-${p}`)),
  ];
  return names.slice(0, count).map((name) => `/assets/shared/cars/${name}.svg`);
}
