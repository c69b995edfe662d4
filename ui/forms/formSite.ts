/**
 * The small slice of the Site a lead form needs, passed as island props (never the whole Site:
 * island props are inlined into every page that shows the form).
 */
import { siteDealerships } from '../../domain/dealerships.ts';
import type { FormConfig } from '../../domain/formRules.ts';
import type { Region, Site } from '../../domain/site.ts';
import type { Car, CarType } from '../../domain/types.ts';
import type { LeadApiConfig } from '../islandServices.ts';

/** What every form island receives about the dealer. */
export interface FormSite {
  /** The website's slug (SPEC §7 website_slug). */
  slug: string;
  /** Default dealership_slug when the form is not about a car. */
  dealershipSlug: string;
  dealerId: number;
  /** SPEC §7 phone reveal website_id (record config.id). */
  websiteId: number | null;
  region: Region;
  api: LeadApiConfig;
  config: FormConfig;
  submitText: string;
  /** A group's dealerships: a required dealership select (SPEC §5). */
  dealershipOptions: string[];
  /** Visible locations for the location select of the general enquiry form. */
  locations: { id: number; name: string }[];
  /** The record's chat widget, or null. */
  chatWidgetUrl: string | null;
  /** The search path (for 'Get Started' links and sold cars). */
  searchPath: string;
  /** The privacy page linked from forms. */
  privacyPath: string;
}

/** The car a form is about (SPEC §3 lead context and success page category). */
export interface FormCar {
  id: number;
  dealership_id: number;
  dealership_slug: string;
  name: string;
  make: string;
  model: string;
  car_type: CarType;
  tag: string | null;
  stocknum: string | null;
  reserved: boolean;
  checkoutPath: string | null;
}

/** The form slice of a resolved Site. */
export function formSite({ site }: { site: Site }): FormSite {
  const dealerships = siteDealerships({ site });
  return {
    slug: site.slug,
    dealershipSlug: site.slug,
    dealerId: site.dealer_id,
    websiteId: site.config?.id ?? null,
    region: site.region,
    api: { api_base: site.forms.api_base ?? '', mock_mode: Boolean(site.forms.mock_mode) },
    config: {
      message_required: site.forms.message_required,
      terms_required: site.forms.terms_required,
      hear_about_us: site.forms.hear_about_us,
      phone_rule: site.forms.phone_rule,
      test_phone_number: site.forms.test_phone_number,
      opt_in_text: site.forms.opt_in_text,
    },
    submitText: site.forms.submit_text ?? '',
    dealershipOptions: dealerships.length > 1 ? dealerships.map((d) => d.name) : [],
    locations: (site.locations ?? []).filter((l) => l.visible !== false).map((l) => ({ id: l.id, name: l.name })),
    chatWidgetUrl: site.features.chat ? (site.chat_widget_url ?? null) : null,
    searchPath: site.default_search_path,
    privacyPath: '/privacy-policy',
  };
}

/** The form slice of a car; `checkoutPath` is its reserve path when reserving is allowed. */
export function formCar({ car, checkoutPath = null }: { car: Car; checkoutPath?: string | null }): FormCar {
  return {
    id: car.id,
    dealership_id: car.dealership_id,
    dealership_slug: car.dealership_slug,
    name: [car.year, car.make, car.model, car.badge].filter(Boolean).join(' '),
    make: car.make,
    model: car.model,
    car_type: car.car_type,
    tag: car.tag ?? null,
    stocknum: car.stocknum ?? null,
    reserved: Boolean(car.reserved),
    checkoutPath,
  };
}
