/**
 * Applies the SAME form rules as the browser (domain/formRules.ts validateForm) to a lead the
 * API received, with the serving dealer's form settings.
 */
import { FORM_KINDS, type FormKind, validateForm } from '../domain/formRules.ts';
import { FORM_TEXT } from '../domain/formMessages.ts';
import { formAppointmentErrors, localDateTime } from '../domain/appointment.ts';
import type { ServedSiteConfig } from './siteConfig.ts';

/**
 * Which form a lead came from: the lead's `form` field (a domain FormKind) when it names one;
 * a Career Enquiry subcategory is the career form; otherwise the SPEC §3 contact field set,
 * which every form contains, so an unnamed form is still checked for its contact details.
 */
export function formOf({ lead }: { lead: Record<string, unknown> }): FormKind {
  if (typeof lead.form === 'string' && (FORM_KINDS as readonly string[]).includes(lead.form)) return lead.form as FormKind;
  if (lead.subcategory === FORM_TEXT.careerEnquiry) return 'career';
  return 'contact';
}

/** True for a multi-step save of an unfinished form (SPEC §4: lead_status Incomplete, form_completed false). */
export function isIncomplete({ lead }: { lead: Record<string, unknown> }): boolean {
  return lead.form_completed === false || lead.lead_status === 'Incomplete';
}

/**
 * The field errors of a lead: {field: SPEC §5 message or the appointment rule's}, empty when valid. An incomplete step
 * save is checked only on the fields it carries (later steps are still to come).
 */
export function formErrors({ lead, site, now = new Date() }: { lead: Record<string, unknown>; site: ServedSiteConfig; now?: Date }): Record<string, string> {
  const form = formOf({ lead });
  const location = Number(lead.location_id);
  const errors = {
    ...validateForm({ form, values: lead, config: site.forms }),
    // The same appointment rule as the form (a date in the past, a closed day, outside the hours), in the dealer's time zone.
    ...formAppointmentErrors({
      form,
      values: lead,
      locations: site.locations,
      locationId: Number.isInteger(location) && location > 0 ? location : null,
      now: localDateTime({ now, timeZone: site.timezone }),
    }),
  };
  if (!isIncomplete({ lead })) return errors;
  return Object.fromEntries(Object.entries(errors).filter(([field]) => isPresent(lead[field])));
}

function isPresent(value: unknown): boolean {
  return value !== undefined && value !== null && !(typeof value === 'string' && value.trim() === '');
}

const VALUATION_CONTACT_FIELDS = ['name', 'last_name', 'email', 'phone', 'postcode'];

/**
 * The contact-field errors of a valuation request (POST /api/valuations): the trade-in form's
 * rules, with the site's region (its postcode rule), on the contact fields the body carries.
 */
export function valuationContactErrors({ data, site }: { data: Record<string, unknown>; site: ServedSiteConfig }): Record<string, string> {
  const errors = validateForm({ form: 'trade-in', values: data, config: site.forms });
  return Object.fromEntries(Object.entries(errors).filter(([field]) => VALUATION_CONTACT_FIELDS.includes(field) && isPresent(data[field])));
}
