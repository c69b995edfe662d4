/**
 * The location variants of SPEC §2, each shown only when the record configures it:
 * - the 'Holiday Opening Hours' dialog with the site's and the location's upcoming special hours
 *   (features.special_hours);
 * - weekend service hours with an 'Enquire Now' link to the fixed /contact-us/... path
 *   (paths.service_weekend_enquire, service locations open on a weekend day);
 * - the email dialog opened from 'Email Us' (a location with an email): the general enquiry form
 *   for that location.
 * Both dialogs are :target overlays (./Overlay.tsx), so they cost no JavaScript until used; the
 * email form's code loads when it is first used (FormOnDemand).
 */
import { formatTime, upcomingSpecialHours } from '../../domain/openingHours.ts';
import { safeHref } from '../../domain/safeUrl.ts';
import type { Site } from '../../domain/site.ts';
import type { Location, SpecialHours } from '../../domain/types.ts';
import { Island } from '../Island.tsx';
import { formSite } from '../forms/formSite.ts';
import { FormOnDemand } from '../islands/FormOnDemand.tsx';
import { leadFormMarkup } from '../forms/formMarkup.ts';
import { Overlay } from './Overlay.tsx';

/** SPEC §2 dialog title. */
export const HOLIDAY_HOURS_TITLE = 'Holiday Opening Hours';

/** One line per special day: 'Monday 9 June 2025 (King's Birthday): Closed' / '9:00am - 1:00pm'. */
export function holidayLines({ special, locale }: { special: readonly SpecialHours[]; locale: string }): string[] {
  return special.map((s) => {
    const day = new Date(`${s.date}T00:00:00Z`).toLocaleDateString(locale, {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const hours = s.status === 'Closed' || !s.start_hour || !s.end_hour ? 'Closed' : `${formatTime(s.start_hour)} - ${formatTime(s.end_hour)}`;
    const department = s.department === 'all' ? '' : ` ${s.department.charAt(0).toUpperCase()}${s.department.slice(1)}`;
    return `${day}${s.name ? ` (${s.name})` : ''}${department}: ${hours}`;
  });
}

/** True when the location opens on Saturday or Sunday. */
function opensWeekends(location: Location): boolean {
  return (location.contact_detail?.opening_hours ?? []).some((h) => (h.weekday === 0 || h.weekday === 6) && h.status === 'Open');
}

/** The variant pieces of one location (nothing unless configured). */
export function LocationExtras({ site, location }: { site: Site; location: Location }) {
  const upcoming = site.features.special_hours
    ? upcomingSpecialHours({ special: [...(site.special_hours ?? []), ...(location.special_hours ?? [])], now: new Date(site.now) })
    : [];
  const weekendEnquire = site.paths.service_weekend_enquire ? safeHref(site.paths.service_weekend_enquire) : undefined;
  const showWeekend = Boolean(weekendEnquire) && location.location_type === 'service' && opensWeekends(location);
  const email = location.contact_detail?.email;
  if (upcoming.length === 0 && !showWeekend && !email) return null;
  const id = `loc-${location.id}`;
  return (
    <div className="location-extras">
      {showWeekend ? (
        <p className="service-weekend">
          Service open weekends.{' '}
          <a className="btn btn-link" href={weekendEnquire}>
            Enquire Now
          </a>
        </p>
      ) : null}
      {upcoming.length ? (
        <Overlay id={`${id}-holiday`} label={HOLIDAY_HOURS_TITLE} title={HOLIDAY_HOURS_TITLE}>
          <ul className="holiday-hours">
            {holidayLines({ special: upcoming, locale: site.regionSettings.locale }).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </Overlay>
      ) : null}
      {email ? <EmailUs site={site} location={location} id={`${id}-email`} /> : null}
    </div>
  );
}

/** 'Email Us' and its dialog: the general enquiry form for the location. */
function EmailUs({ site, location, id }: { site: Site; location: Location; id: string }) {
  const form = { form: 'general' as const, site: formSite({ site }), idPrefix: `${id}-form`, locationId: location.id, label: `Email ${location.name}` };
  return (
    <Overlay id={id} label="Email Us" title={`Email ${location.name}`}>
      <Island name="FormOnDemand" component={FormOnDemand} props={{ form, html: leadFormMarkup({ form }) }} when="visible" />
    </Overlay>
  );
}
