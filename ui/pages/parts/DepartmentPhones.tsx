/**
 * A location's department phone numbers and staff contacts (SPEC §2 "Contact staff with
 * department and phone"), as a definition list of tel: links.
 */
import type { Region } from '../../../domain/site.ts';
import type { Location } from '../../../domain/types.ts';
import { PhoneLink } from '../../components/PhoneLink.tsx';

const DEPARTMENT_LABEL: Record<string, string> = { sales: 'Sales', service: 'Service', parts: 'Parts' };

/** Department label ('parts' -> 'Parts'). */
function departmentLabel(key: string): string {
  return DEPARTMENT_LABEL[key] ?? key.charAt(0).toUpperCase() + key.slice(1);
}

/** Department phones and staff of `location`; nothing when it has neither. */
export function DepartmentPhones({ location, headingId, region }: { location: Location; headingId: string; region: Region }) {
  const phones = Object.entries(location.contact_detail.department_phones ?? {});
  const staff = location.staff ?? [];
  if (phones.length === 0 && staff.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="department-phones">
      <h3 id={headingId}>Departments</h3>
      <dl>
        {phones.map(([department, phone]) => (
          <div key={department}>
            <dt>{departmentLabel(department)}</dt>
            <dd>
              <PhoneLink phone={phone} region={region} />
            </dd>
          </div>
        ))}
        {staff.map((person) => (
          <div key={`${person.department}-${person.name}`}>
            <dt>
              {person.name}, {person.department}
            </dt>
            <dd>{person.phone ? <PhoneLink phone={person.phone} region={region} /> : person.email}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
