import { describe, expect, it } from 'vitest';
import { carName, makeAndModel } from './carName.ts';

describe('carName', () => {
  it.each([
    [{ year: 2023, make: 'Toyota', model: 'Corolla', badge: 'Ascent Sport' }, '2023 Toyota Corolla Ascent Sport'],
    [{ year: 2026, make: 'Polestar', model: 'Polestar 2', badge: 'Standard Range' }, '2026 Polestar 2 Standard Range'],
    [{ year: 2025, make: 'MG', model: 'MG4', badge: 'Excite 51' }, '2025 MG4 Excite 51'],
    [{ year: 2024, make: 'Mazda', model: 'Mazda3', badge: null }, '2024 Mazda3'],
    [{ year: 2024, make: 'RAM', model: 'Rampage', badge: 'R/T' }, '2024 RAM Rampage R/T'],
    [{ year: 2024, make: 'RAM', model: '1500', badge: 'Laramie' }, '2024 RAM 1500 Laramie'],
    [{ year: null, make: 'Kia', model: null, badge: null }, 'Kia'],
    [{ year: 2020, make: null, model: 'Corolla', badge: '' }, '2020 Corolla'],
  ])('%o reads %s', (car, name) => {
    expect(carName({ car })).toBe(name);
  });

  it('leaves the badge out when asked', () => {
    expect(carName({ car: { year: 2026, make: 'Polestar', model: 'Polestar 4', badge: 'Dual Motor' }, badge: false })).toBe('2026 Polestar 4');
    expect(makeAndModel({ make: 'Polestar', model: 'Polestar 4' })).toBe('Polestar 4');
    expect(makeAndModel({ make: 'Ford', model: 'Ranger' })).toBe('Ford Ranger');
  });
});
