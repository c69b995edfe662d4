/**
 * History report button (SPEC §5).
 */
import type { Car } from './types.ts';

/** Shown only when the car has a history report file. */
export function showHistoryReport({ car }: { car: Pick<Car, 'file'> }): boolean {
  return typeof car.file === 'string' && car.file.trim() !== '';
}
