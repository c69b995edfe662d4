/**
 * The dealer record (SPEC §1) as written in `dealers/<slug>/dealer.yaml`, and the resolved
 * `Site` every page, island and the lead server read.
 *
 * The shapes are generated from schema/dealerRecord.schema.json (npm run schema:types): SPEC's
 * own fields keep SPEC's names, and everything SPEC describes as "some dealers ..." or as a
 * hard-coded slug list, dealer id, phone or licence number is an added field there (docs/architecture.md,
 * "Config, not code"), optional in the record and given its `default` in the schema. `resolve`
 * merges template, region and record and fills those defaults; README "Record format".
 */
import type * as Resolved from '../schema/resolved.generated.ts';
import type * as Written from '../schema/record.generated.ts';
import type { Manufacturer } from './types.ts';
import type { RegionRow } from './regionTable.ts';

/** The dealer record as written in YAML (SPEC §1 plus the added fields, all optional). */
export type DealerRecord = Written.DealerRecord;

/** The dealer record after `resolve`: every field with a schema default is present. */
export type ResolvedRecord = Resolved.DealerRecord;

/** SPEC §9 region: drives locale, phone rule, spelling, distance unit and currency. */
export type Region = ResolvedRecord['region'];

/** SPEC §2 header variants. */
export type HeaderStyle = ResolvedRecord['header_style'];

/** SPEC §5 phone rule variants. */
export type PhoneRule = Resolved.Forms['phone_rule'];

/** SPEC §3 Site config, kept under `config` in the record. */
export type SiteConfig = Resolved.SiteConfig;

/** SPEC §3 Site config payment providers. */
export type PaymentProvider = NonNullable<SiteConfig['payment_provider']>;

// The record's settings groups as written (every key optional); `Site` holds them resolved.

/** Lead-form settings per dealer (SPEC §5, §9 Form text), as written. */
export type FormsConfig = Written.Forms;

/** Group sub-footer: group logo linking to the group site (SPEC §2 page shell step 8). */
export type SubFooterConfig = NonNullable<ResolvedRecord['sub_footer']>;

/** An information page's content (FAQs, terms, instant price, special offers, warranty pages). */
export type InfoPage = Resolved.InfoPage;

/** Measurement tags of a dealer (GA4, GTM, Meta Pixel, call tracking), each null when not configured. */
export type Measurement = ResolvedRecord['measurement'];

/** Region row resolved into the Site (SPEC §9 Distance, currency and locale; domain/regionTable.ts). */
export type RegionSettings = RegionRow;

/**
 * The resolved site: the record with every default applied (template, region, schema defaults),
 * plus the data the pages need. Produced once per dealer by the `resolve` stage; read-only after that.
 */
export interface Site extends ResolvedRecord {
  regionSettings: RegionSettings;
  manufacturers: Manufacturer[];
  /** Base URL the site is deployed at, no trailing slash (from --base-url or `url`). */
  baseUrl: string;
  /** Build time as an ISO string; all "now"-relative rules use it so a build is reproducible. */
  now: string;
}
