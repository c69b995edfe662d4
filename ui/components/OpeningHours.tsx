/**
 * Opening hours table (SPEC §4 Opening hours display). Grouping ('Mon-Fri' collapse, Mon-Sat and
 * Sunday) and 12-hour formatting are domain/openingHours.ts groupOpeningHours.
 */
import { groupOpeningHours } from '../../domain/openingHours.ts';
import type { OpeningHour } from '../../domain/types.ts';

/** Props of {@link OpeningHours}. */
export interface OpeningHoursProps {
  hours: OpeningHour[] | null | undefined;
  /** Group as Mon-Sat and Sunday (site.features.hours_mon_sat). */
  monSat?: boolean;
  /** Optional caption, e.g. 'Opening Hours'. */
  caption?: string;
  className?: string;
}

/** A two-column table of day labels and hours; nothing when there are no hours. */
export function OpeningHours({ hours, monSat = false, caption, className }: OpeningHoursProps) {
  if (!hours || hours.length === 0) return null;
  const rows = groupOpeningHours({ hours, monSat });
  if (rows.length === 0) return null;
  return (
    <table className={className ? `opening-hours ${className}` : 'opening-hours'}>
      {caption ? <caption>{caption}</caption> : null}
      <tbody>
        {rows.map(({ label, text }) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{text}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
