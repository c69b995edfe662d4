/**
 * An inline lead form whose code loads when the shopper starts using it (focus, pointer or
 * submit), so pages with a form in view (the footer's 'Subscribe For Updates', contact pages)
 * stay within the first-load JS budget. Until then the island shows the form's server HTML
 * (passed in `html`, so hydration matches exactly); then it swaps in the live LeadForm, seeded
 * with whatever was already typed, focus kept on the same field, and a submit that triggered
 * the load is sent once the form is live.
 */
import type { LeadFormProps } from '../forms/LeadForm.tsx';
import { LiveOnFirstUse } from './LiveOnFirstUse.tsx';

/** Props of {@link FormOnDemand}. */
export interface FormOnDemandProps {
  form: LeadFormProps;
  /** ui/forms/formMarkup.ts leadFormMarkup of `form`. */
  html: string;
}

const loadLeadForm = () => import('../forms/LeadForm.tsx').then((module) => module.LeadForm);

/** The island. */
export function FormOnDemand({ form, html }: FormOnDemandProps) {
  return <LiveOnFirstUse html={html} load={loadLeadForm} what="The form" render={(LeadForm, typed) => <LeadForm {...form} initial={typed} />} />;
}
