/**
 * The region table (SPEC §9 "Distance, currency and locale"; docs/architecture.md "Regions are data"): every
 * setting and user-visible word that differs between an Australian, a New Zealand and a US site.
 * Pages, islands, the lead server and the build read a region's row through domain/region.ts;
 * no other source file compares a region code. The table is plain data in domain/ (not a YAML
 * file) because the browser islands and the lead server need the same rows without any I/O.
 * `checkRegionTable` names the region and key of anything missing; resolve runs it on every build.
 */
import { MESSAGES } from './formMessages.ts';
import { AU_ADVERTISING, NZ_ADVERTISING, US_ADVERTISING, type RegionAdvertising } from './regionAdvertising.ts';
import type { ConsentMode } from './consent.ts';

/** A postcode rule: the field's label, its pattern, the input's maxlength and its message. */
export interface PostcodeRule {
  label: string;
  /** Anchored regular expression source the trimmed value must match. */
  pattern: string;
  max_length: number;
  /** Shown when the value does not match (AU and NZ: SPEC §5's message as written). */
  message: string;
  /** The input's inputmode: digits only, or text where a hyphen is allowed (ZIP+4). */
  input_mode: 'numeric' | 'text';
  /** `validate`'s message for a record address that breaks the rule, and an example value. */
  record_message: string;
  example: string;
}

/** How the region's vehicle registration is asked for (trade-in, valuations). */
export interface RegistrationWording {
  /** Label of the plate field ('Rego', 'Plate number', 'License plate'). */
  plate_label: string;
  /** Label of the state select; null where plates have one national register (no select). */
  state_label: string | null;
  /** The state value sent when there is no select (NZ's one register). */
  national_register: string | null;
  /** Label of the VIN alternative; null where the plate is always asked. */
  vin_label: string | null;
  /** Step text of the trade-in pages: what the shopper enters first. */
  lookup_hint: string;
  /** Line shown under the vehicle found: '{plate_label} {plate} ({state})'. */
  plate_line: string;
}

/** One way of writing a national number: the digits it matches and their grouping. */
export interface PhoneGrouping {
  /** Anchored pattern over the national digits (trunk 0 included), with one group per block. */
  pattern: string;
  /** The blocks as shown: '$1 $2 $3', '($1) $2-$3'. */
  format: string;
  /** False for numbers that cannot be dialled from abroad (AU 13, 1300, 1800): tel: keeps the national digits. */
  international: boolean;
}

/** How the region writes phone numbers (national format) and dials them (E.164). */
export interface PhoneFormat {
  /** E.164 country calling code, without '+'. */
  country_code: string;
  /** National trunk prefix left out of E.164 ('0'; '' where there is none). */
  trunk_prefix: string;
  /** The groupings, first match wins; a number none matches is shown as written. */
  groupings: readonly PhoneGrouping[];
}

/** The consent banner's mode and words for a region. */
export interface ConsentWording {
  /** opt-in: nothing measured until 'Accept'; opt-out: measured until the shopper opts out of sale/share. */
  mode: ConsentMode;
  heading: string;
  text: string;
  accept_label: string;
  /** The button that refuses ('Reject'; in the US the opt-out of sale or sharing). */
  decline_label: string;
  /** The footer link that reopens the choice. */
  footer_link: string;
}

/** One region's row. */
export interface RegionRow {
  region: 'AU' | 'NZ' | 'US';
  /** ISO 3166 country code (addressCountry in structured data). */
  country: string;
  country_name: string;
  locale: 'en-AU' | 'en-NZ' | 'en-US';
  currency: 'AUD' | 'NZD' | 'USD';
  distance_unit: 'kilometer' | 'mile';
  /** Short unit shown after a distance ('km', 'mi'). */
  distance_abbr: string;
  /** Label of an odometer reading ('Kilometres', 'Mileage'). */
  odometer_label: string;
  /** UN/CEFACT unit code of the distance unit (schema.org QuantitativeValue unitCode). */
  distance_unit_code: string;
  phone_rule: 'au' | 'nz' | 'us';
  /** How numbers are shown and dialled. */
  phone_format: PhoneFormat;
  /** True where SPEC §9's US spelling swaps apply (kept for callers that only need the flag). */
  us_spelling: boolean;
  /** Spelling swaps applied to every visible string: [pattern source, replacement] (case kept). */
  spelling: readonly (readonly [string, string])[];
  postcode: PostcodeRule;
  /** States or regions a vehicle may be registered in (code and name); empty where none is asked. */
  states: readonly { code: string; name: string }[];
  registration: RegistrationWording;
  /** Short date pattern: 'dd/mm/yyyy' or 'mm/dd/yyyy'. */
  date_format: 'dd/mm/yyyy' | 'mm/dd/yyyy';
  /** One-line address; {street} {city} {state} {postcode}; empty parts and their separators are dropped. */
  address_format: string;
  /** Privacy policy handlebars template under templates/content/. */
  privacy_template: string;
  /** The consumer-protection law a statutory warranty or guarantee line names. */
  consumer_law: string;
  /** How the consent banner asks before measurement tags load (domain/consent.ts), and its words. */
  consent: ConsentWording;
  /** The law an accessibility statement names (the accessibility statement page). */
  accessibility_law: string;
  /** The 'Toyota Certified Vehicle' dialog's paragraphs (SPEC §2): the program's terms in the region's units. */
  certified_vehicle_text: readonly string[];
  /** Price qualifiers, the price disclaimer and the advertising checks' thresholds (domain/regionAdvertising.ts). */
  advertising: RegionAdvertising;
}

/** The consent banner of a region that asks before any measurement (AU, NZ). */
const OPT_IN_CONSENT: ConsentWording = {
  mode: 'opt-in',
  heading: 'Cookies and measurement',
  text: 'We would like to use analytics and advertising cookies to understand how our site is used and to measure our advertising. Nothing is measured unless you accept.',
  accept_label: 'Accept',
  decline_label: 'Reject',
  footer_link: 'Cookie settings',
};

/** The certified-vehicle dialog's paragraphs, with the program's odometer limit in the region's unit. */
function certifiedVehicleText(odometerLimit: string): readonly string[] {
  return [
    `Every Toyota Certified Vehicle is under 7 years old with less than ${odometerLimit}, has passed a comprehensive inspection and comes with a full service history.`,
    'Ask us about the warranty, roadside assistance and finance offers that come with a Toyota Certified Vehicle.',
  ];
}

const AU_STATES = [
  ['ACT', 'Australian Capital Territory'],
  ['NSW', 'New South Wales'],
  ['NT', 'Northern Territory'],
  ['QLD', 'Queensland'],
  ['SA', 'South Australia'],
  ['TAS', 'Tasmania'],
  ['VIC', 'Victoria'],
  ['WA', 'Western Australia'],
] as const;

const US_STATES = [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['DC', 'District of Columbia'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
] as const;

const states = (list: readonly (readonly [string, string])[]) => list.map(([code, name]) => ({ code, name }));

/** SPEC §5 postcode rule, as written: exactly 4 digits, maxlength 4. */
const FOUR_DIGIT_POSTCODE: PostcodeRule = {
  label: 'Postcode',
  pattern: '^\\d{4}$',
  max_length: 4,
  message: MESSAGES.postcode,
  input_mode: 'numeric',
  record_message: 'must be 4 digits',
  example: '2000',
};

/** The region of a record that names none (the schema's default). */
export const DEFAULT_REGION = 'AU';

/** Every region's row. */
export const REGION_TABLE: Readonly<Record<RegionRow['region'], RegionRow>> = {
  AU: {
    region: 'AU',
    country: 'AU',
    country_name: 'Australia',
    locale: 'en-AU',
    // SPEC §9 names AUD for the Australian product; NZ and US sites have their own currency.
    currency: 'AUD',
    distance_unit: 'kilometer',
    distance_abbr: 'km',
    odometer_label: 'Kilometres',
    distance_unit_code: 'KMT',
    phone_rule: 'au',
    phone_format: {
      country_code: '61',
      trunk_prefix: '0',
      groupings: [
        // Mobiles '0412 345 678'; landlines by area code '02 9555 1100'; 1300/1800 '1300 123 456'; 13 '13 12 34'.
        { pattern: '^(0[45]\\d{2})(\\d{3})(\\d{3})$', format: '$1 $2 $3', international: true },
        { pattern: '^(0[2378])(\\d{4})(\\d{4})$', format: '$1 $2 $3', international: true },
        { pattern: '^(1[38]00)(\\d{3})(\\d{3})$', format: '$1 $2 $3', international: false },
        { pattern: '^(13)(\\d{2})(\\d{2})$', format: '$1 $2 $3', international: false },
      ],
    },
    us_spelling: false,
    spelling: [],
    postcode: FOUR_DIGIT_POSTCODE,
    states: states(AU_STATES),
    registration: {
      plate_label: 'Rego',
      state_label: 'State',
      national_register: null,
      vin_label: null,
      lookup_hint: "Tell us your car's registration and state.",
      plate_line: 'Rego {plate} ({state})',
    },
    date_format: 'dd/mm/yyyy',
    address_format: '{street}, {city} {state} {postcode}',
    privacy_template: 'privacy-policy-au.hbs',
    consumer_law: 'Australian Consumer Law',
    consent: OPT_IN_CONSENT,
    accessibility_law: 'the Disability Discrimination Act 1992 (Cth)',
    certified_vehicle_text: certifiedVehicleText('140,000 km'),
    advertising: AU_ADVERTISING,
  },
  NZ: {
    region: 'NZ',
    country: 'NZ',
    country_name: 'New Zealand',
    locale: 'en-NZ',
    currency: 'NZD',
    distance_unit: 'kilometer',
    distance_abbr: 'km',
    odometer_label: 'Kilometres',
    distance_unit_code: 'KMT',
    phone_rule: 'nz',
    phone_format: {
      country_code: '64',
      trunk_prefix: '0',
      groupings: [
        // Mobiles '021 123 4567' / '021 123 456'; freephone '0800 123 456'; landlines by area code '09 555 1234'.
        { pattern: '^(02\\d)(\\d{3})(\\d{3,5})$', format: '$1 $2 $3', international: true },
        { pattern: '^(0[58]00)(\\d{3})(\\d{3,4})$', format: '$1 $2 $3', international: false },
        { pattern: '^(0[34679])(\\d{3})(\\d{4})$', format: '$1 $2 $3', international: true },
      ],
    },
    us_spelling: false,
    spelling: [],
    postcode: FOUR_DIGIT_POSTCODE,
    // One national register: the plate alone identifies the vehicle, no state is asked.
    states: [],
    registration: {
      plate_label: 'Plate number',
      state_label: null,
      national_register: 'NZ',
      vin_label: null,
      lookup_hint: "Tell us your car's plate number.",
      plate_line: 'Plate {plate}',
    },
    date_format: 'dd/mm/yyyy',
    // NZ Post: the suburb or town and postcode on one line, no region.
    address_format: '{street}, {city} {postcode}',
    privacy_template: 'privacy-policy-nz.hbs',
    consumer_law: 'Consumer Guarantees Act 1993',
    consent: OPT_IN_CONSENT,
    accessibility_law: 'the Human Rights Act 1993',
    certified_vehicle_text: certifiedVehicleText('140,000 km'),
    advertising: NZ_ADVERTISING,
  },
  US: {
    region: 'US',
    country: 'US',
    country_name: 'United States',
    locale: 'en-US',
    currency: 'USD',
    distance_unit: 'mile',
    distance_abbr: 'mi',
    odometer_label: 'Mileage',
    distance_unit_code: 'SMI',
    phone_rule: 'us',
    phone_format: {
      country_code: '1',
      trunk_prefix: '',
      // NANP: '(208) 555-0100', with or without the leading 1.
      groupings: [{ pattern: '^1?([2-9]\\d{2})([2-9]\\d{2})(\\d{4})$', format: '($1) $2-$3', international: true }],
    },
    us_spelling: true,
    // SPEC §9 US spelling swaps (colour, personalised, enquiry, enquire) plus centre.
    spelling: [
      ['colour', 'color'],
      ['personalis', 'personaliz'],
      ['enquir', 'inquir'],
      ['centre', 'center'],
    ],
    postcode: {
      label: 'ZIP code',
      pattern: '^\\d{5}(?:-\\d{4})?$',
      max_length: 10,
      message: 'Invalid ZIP code. Please enter a 5-digit ZIP code or ZIP+4.',
      input_mode: 'text',
      record_message: 'must be a 5-digit ZIP code',
      example: '90210',
    },
    states: states(US_STATES),
    registration: {
      plate_label: 'License plate',
      state_label: 'State',
      national_register: null,
      vin_label: 'VIN',
      lookup_hint: "Tell us your car's license plate and state, or its VIN.",
      plate_line: 'License plate {plate} ({state})',
    },
    date_format: 'mm/dd/yyyy',
    address_format: '{street}, {city}, {state} {postcode}',
    privacy_template: 'privacy-policy-us.hbs',
    consumer_law: 'state consumer protection laws',
    consent: {
      mode: 'opt-out',
      heading: 'Your privacy choices',
      text: 'We use analytics and advertising cookies to understand how our site is used and to measure our advertising. You can opt out of the sale or sharing of your personal information; a Global Privacy Control signal from your browser is honored as that opt-out.',
      accept_label: 'Accept',
      decline_label: 'Do Not Sell or Share My Personal Information',
      footer_link: 'Do Not Sell or Share My Personal Information',
    },
    accessibility_law: 'the Americans with Disabilities Act (ADA)',
    certified_vehicle_text: certifiedVehicleText('87,000 miles'),
    advertising: US_ADVERTISING,
  },
};

/** The keys every row must have (the RegionRow interface, as data for checkRegionTable). */
export const REGION_KEYS: readonly (keyof RegionRow)[] = [
  'region',
  'country',
  'country_name',
  'locale',
  'currency',
  'distance_unit',
  'distance_abbr',
  'odometer_label',
  'distance_unit_code',
  'phone_rule',
  'phone_format',
  'us_spelling',
  'spelling',
  'postcode',
  'states',
  'registration',
  'date_format',
  'address_format',
  'privacy_template',
  'consumer_law',
  'certified_vehicle_text',
  'advertising',
  'consent',
  'accessibility_law',
];

const NESTED_KEYS: Partial<Record<keyof RegionRow, readonly string[]>> = {
  postcode: ['label', 'pattern', 'max_length', 'message', 'input_mode', 'record_message', 'example'],
  registration: ['plate_label', 'state_label', 'national_register', 'vin_label', 'lookup_hint', 'plate_line'],
  phone_format: ['country_code', 'trunk_prefix', 'groupings'],
  advertising: ['qualifier_source', 'price_types', 'doc_fee_format', 'price_disclaimer', 'drive_away_floor', 'comparison_rate_warning'],
  consent: ['mode', 'heading', 'text', 'accept_label', 'decline_label', 'footer_link'],
};

/**
 * The problems of a region table: 'region US lacks key postcode.label' for every key a row lacks
 * (null counts as present where a key may be null). Empty when every row is complete.
 */
export function regionTableProblems({ table }: { table: Record<string, unknown> }): string[] {
  const problems: string[] = [];
  for (const [region, row] of Object.entries(table)) {
    if (row === null || typeof row !== 'object') {
      problems.push(`region ${region} is not a table row`);
      continue;
    }
    const values = row as Record<string, unknown>;
    for (const key of REGION_KEYS) {
      if (values[key] === undefined) {
        problems.push(`region ${region} lacks key ${key}`);
        continue;
      }
      for (const inner of NESTED_KEYS[key] ?? []) {
        const nested = values[key] as Record<string, unknown> | null;
        if (nested === null || typeof nested !== 'object' || nested[inner] === undefined) problems.push(`region ${region} lacks key ${key}.${inner}`);
      }
    }
  }
  return problems;
}

/** Throws naming every region and key missing from `table` (the build calls it on the real table). */
export function checkRegionTable({ table = REGION_TABLE as Record<string, unknown> }: { table?: Record<string, unknown> } = {}): void {
  const problems = regionTableProblems({ table });
  if (problems.length) throw new Error(`The region table (domain/regionTable.ts) is incomplete: ${problems.join('; ')}`);
}
