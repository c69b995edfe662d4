/**
 * Server-only: the HTML of a lead form as the server renders it, for ui/islands/FormOnDemand.tsx
 * (which shows this markup until the shopper starts using the form, then loads the form code).
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { LeadForm, type LeadFormProps } from './LeadForm.tsx';

/** The form's server HTML (inert services: empty, with its defaults and nothing sent). */
export function leadFormMarkup({ form }: { form: LeadFormProps }): string {
  return renderToStaticMarkup(createElement(LeadForm, form));
}
