/**
 * The small slice of the Site a lead form needs, passed as island props (never the whole Site:
 * island props are inlined into every page that shows the form).
 */
import { carLeadFields, type CarLeadFields } from '../../domain/carLead.ts';
import { siteDealerships } from '../../domain/dealerships.ts';
import type { FormConfig } from '../../domain/formRules.ts';
import { sortLocations } from '../../domain/locations.ts';
import type { Region, Site } from '../../domain/site.ts';
import type { Car, CarType, OpeningHour, SpecialHours } from '../../domain/types.ts';
import type { LeadApiConfig } from '../islandServices.ts';
import { PRIVACY_PATH } from '../../domain/routes/paths.ts';
import { shareAcrossIslands } from '../sharedProps.ts';
import { carName } from '../../domain/carName.ts';

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
  /** Visible locations for the location select of the general enquiry form, in SPEC §4 order (sales, service, parts). */
  locations: FormLocation[];
  /** The dealer's IANA time zone: appointment times are its local times. */
  timezone: string | null;
  /** The record's chat widget, or null. */
  chatWidgetUrl: string | null;
  /** The search path (for 'Get Started' links and sold cars). */
  searchPath: string;
  /** The privacy page linked from forms. */
  privacyPath: string;
  /** The privacy statement the finance checkbox names (SPEC §2 /pages/privacy-statement). */
  privacyStatementPath: string;
}

/** A location as forms need it: the select's option, and its hours for appointment times. */
export interface FormLocation {
  id: number;
  name: string;
  location_type: string;
  hours: OpeningHour[];
  special: SpecialHours[];
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
  /** SPEC §3 lead form values naming the car (domain/carLead.ts), sent with every lead about it. */
  lead: CarLeadFields;
  /** The car's dealership as the dealership select names it (a group site), or null. */
  dealership_name: string | null;
  /** The car's location, the location of every lead about it. */
  location_id: number | null;
}

/** Each Site's form slice, made once: every form of every page carries the same one. */
const formSites = new WeakMap<Site, FormSite>();

/**
 * The form slice of a resolved Site, shared across the islands of a page (ui/sharedProps.ts: the
 * seven forms of a car page write it once). Made once per Site object, so a rebuilt record (a new
 * Site) gets its own.
 */
export function formSite({ site }: { site: Site }): FormSite {
  let slice = formSites.get(site);
  if (!slice) formSites.set(site, (slice = shareAcrossIslands(makeFormSite(site))));
  return slice;
}

function makeFormSite(site: Site): FormSite {
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
      region: site.region,
    },
    submitText: site.forms.submit_text ?? '',
    dealershipOptions: dealerships.length > 1 ? dealerships.map((d) => d.name) : [],
    locations: sortLocations(site.locations ?? [])
      .filter((l) => l.visible !== false)
      .map((l) => ({
        id: l.id,
        name: l.name,
        location_type: l.location_type,
        hours: l.contact_detail?.opening_hours ?? [],
        special: l.special_hours ?? [],
      })),
    timezone: site.timezone ?? null,
    chatWidgetUrl: site.features.chat ? (site.chat_widget_url ?? null) : null,
    searchPath: site.default_search_path,
    privacyPath: PRIVACY_PATH,
    privacyStatementPath: '/pages/privacy-statement',
  };
}

/**
 * The form slice of a car; `checkoutPath` is its reserve path when reserving is allowed. With
 * `site`, the car's dealership is named as the site's dealership select names it.
 */
export function formCar({ car, checkoutPath = null, site }: { car: Car; checkoutPath?: string | null; site?: Site }): FormCar {
  const dealerships = site ? siteDealerships({ site }) : [];
  const dealership = dealerships.find((d) => d.id === car.dealership_id) ?? dealerships.find((d) => d.slug === car.dealership_slug);
  return {
    id: car.id,
    dealership_id: car.dealership_id,
    dealership_slug: car.dealership_slug,
    name: carName({ car }),
    make: car.make,
    model: car.model,
    car_type: car.car_type,
    tag: car.tag ?? null,
    stocknum: car.stocknum ?? null,
    reserved: Boolean(car.reserved),
    checkoutPath,
    lead: carLeadFields({ car }),
    dealership_name: dealership?.name ?? null,
    location_id: car.location?.id ?? null,
  };
}
