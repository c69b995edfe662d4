/**
 * The specifications table of a car detail page: a real table with row headers (th scope="row").
 */
import { formatOdometer } from '../../../domain/distance.ts';
import type { Car } from '../../../domain/types.ts';
import type { Site } from '../../../domain/site.ts';
import { say } from './siteText.ts';
import { CAR_TYPE_LABELS } from '../../../domain/searchDocument.ts';

/** Rows of the specs table; rows without a value are left out. */
export function specRows({ site, car }: { site: Site; car: Car }): [string, string][] {
  const rows: [string, string | number | null | undefined][] = [
    ['Condition', CAR_TYPE_LABELS[car.car_type]],
    ['Year', car.year],
    ['Make', car.make],
    ['Model', car.model],
    ['Badge', car.badge],
    ['Series', car.series],
    ['Odometer', car.km != null ? formatOdometer({ km: car.km, locale: site.regionSettings.locale, unit: site.regionSettings.distance_unit }) : null],
    ['Body', car.bodyconfiguration ?? car.simple_body],
    [say({ site, text: 'Colour' }), car.colour],
    ['Transmission', car.simple_transmission],
    ['Gears', car.gearnum],
    ['Fuel', car.fuel ?? car.simple_fuel],
    ['Drive', car.simple_drive],
    ['Seats', car.seats],
    ['VIN', car.vin],
    ['Stock number', car.stocknum],
  ];
  return rows.filter((row): row is [string, string | number] => row[1] != null && row[1] !== '').map(([k, v]) => [k, String(v)]);
}

/** The car's specifications. */
export function SpecsTable({ site, car }: { site: Site; car: Car }) {
  return (
    <table className="specs">
      <caption>Specifications</caption>
      <tbody>
        {specRows({ site, car }).map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
