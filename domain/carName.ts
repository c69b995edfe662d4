/**
 * A car's name as every page, card, trail, structured data and lead writes it: year, make,
 * model and badge, the make said once when the model's own name begins with it ('Polestar 2',
 * 'MG4', 'Mazda3'), so a listing reads '2026 Polestar 2 Standard Range', not
 * '2026 Polestar Polestar 2 Standard Range'.
 */

/** The fields a name is made of. */
export interface NamedCar {
  year?: number | null;
  make?: string | null;
  model?: string | null;
  badge?: string | null;
}

/** Whether `model` begins with `make` as a word or a prefix of a number ('Polestar 2', 'MG4'; not 'Rampage' for RAM). */
function modelSaysMake({ make, model }: { make: string; model: string }): boolean {
  if (make === '' || !model.toLowerCase().startsWith(make.toLowerCase())) return false;
  const next = model.charAt(make.length);
  return next === '' || /[\s\d-]/.test(next);
}

/** Make and model ('Toyota Corolla', 'Polestar 2'): the make is left out when the model's name already says it. */
export function makeAndModel({ make, model }: Pick<NamedCar, 'make' | 'model'>): string {
  const makeText = (make ?? '').trim();
  const modelText = (model ?? '').trim();
  if (modelSaysMake({ make: makeText, model: modelText })) return modelText;
  return [makeText, modelText].filter(Boolean).join(' ');
}

/** Year, make and model, and the badge unless `badge` is false ('2023 Toyota Corolla Ascent Sport'). */
export function carName({ car, badge = true }: { car: NamedCar; badge?: boolean }): string {
  return [car.year, makeAndModel(car), badge ? car.badge : null].filter(Boolean).join(' ');
}
