/**
 * A seeded stand-in stock feed for the benchmark, used only when scripts/generateStock.ts (the
 * project's stock generator) is not in the checkout. Rows follow domain/types.ts Car and the
 * stock schema; the mix (car types, status, sold dates, reserve processors) resembles a real
 * feed so the page mix of the build is realistic.
 */
import type { Car } from '../domain/types.ts';

/** mulberry32: a small seeded PRNG, so the same seed gives the same feed. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MAKES: Record<string, string[]> = {
  Toyota: ['Corolla', 'RAV4', 'HiLux', 'Camry', 'LandCruiser', 'Yaris Cross'],
  Mazda: ['CX-5', 'Mazda3', 'BT-50', 'CX-30'],
  Kia: ['Sportage', 'Cerato', 'Sorento', 'EV6'],
  Ford: ['Ranger', 'Everest', 'Puma'],
  Hyundai: ['i30', 'Tucson', 'Kona'],
  MG: ['ZS', 'MG4', 'HS'],
};
const BODIES = ['suv', 'hatchback', 'ute', 'sedan', 'wagon', 'coupe'];
const BODY_NAMES: Record<string, string> = { suv: 'SUV', hatchback: 'Hatchback', ute: 'Ute', sedan: 'Sedan', wagon: 'Wagon', coupe: 'Coupe' };

/** `count` cars for a dealership, dated relative to `now`. */
export function syntheticStock({ count, dealershipSlug, dealershipId, now, seed = 20261120 }: {
  count: number;
  dealershipSlug: string;
  dealershipId: number;
  now: Date;
  seed?: number;
}): Car[] {
  const random = prng(seed);
  const pick = <T,>(list: T[]): T => list[Math.floor(random() * list.length)];
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
  const cars: Car[] = [];
  for (let id = 1; id <= count; id++) {
    const make = pick(Object.keys(MAKES));
    const model = pick(MAKES[make]);
    const body = pick(BODIES);
    const carType = pick(['new', 'used', 'used', 'demo'] as const);
    const year = carType === 'new' ? now.getUTCFullYear() : now.getUTCFullYear() - 1 - Math.floor(random() * 10);
    const roll = random();
    const status = roll < 0.9 ? 'in_stock' : roll < 0.95 ? 'coming_soon' : 'sold';
    const images = [1, 2, 3].map((n) => ({ image: { url: `/assets/shared/cars/${body}-${n}.svg`, thumb: { url: `/assets/shared/cars/${body}-${n}.svg` } } }));
    cars.push({
      id,
      slug: `${year}-${make}-${model}-${id}`.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      name: `${year} ${make} ${model}`,
      make,
      model,
      year,
      badge: pick(['GX', 'GXL', 'Sport', 'Limited', null]),
      km: carType === 'new' ? Math.floor(random() * 10) : Math.floor(random() * 150_000),
      colour: pick(['White', 'Silver', 'Black', 'Blue', 'Red']),
      car_type: carType,
      status,
      sold: status === 'sold',
      sold_date: status === 'sold' ? daysAgo(Math.floor(random() * 10)) : null,
      reserved: random() < 0.03,
      created_at: daysAgo(Math.floor(random() * 120)),
      price: random() < 0.02 ? 0 : 12_000 + Math.floor(random() * 90_000),
      simple_body: BODY_NAMES[body],
      simple_fuel: pick(['Petrol', 'Petrol', 'Diesel', 'Hybrid', 'Electric']),
      simple_transmission: pick(['Automatic', 'Automatic', 'Manual']),
      primary_image_url: images[0].image.url,
      images,
      dealership_slug: dealershipSlug,
      dealership_id: dealershipId,
      payment_processors: random() < 0.4 ? [{ authorization_type: 'stripe', authorization_key: 'pk_bench', deposit_amount: 500 }] : [],
      autograb_data: { state_average_market_price: 20_000 + Math.floor(random() * 80_000), average_market_price: null },
      custom_rank: Math.floor(random() * 1000),
      stocknum: `B${id}`,
    });
  }
  return cars;
}
