/**
 * A lead form shown in the page (contact pages, the footer's 'Subscribe For Updates'): the form
 * is open from the start, so its code ships with this island.
 */
import { LeadForm, type LeadFormProps } from '../forms/LeadForm.tsx';

/** The inline form. */
export function InlineLeadForm(props: LeadFormProps) {
  return <LeadForm {...props} />;
}
