/**
 * The advertising part of the region table (domain/regionTable.ts `advertising`): what a price must
 * say in each region and the wording it says it with. Kept beside the table so the table stays one
 * screenful per region; only the table reads these rows.
 *
 * - AU: a car's advertised price says whether on-road costs are included (drive away, excluding
 *   government charges, plus on-road costs); a finance figure carries the comparison-rate warning.
 * - NZ: drive away or plus on-road costs (a feed's 'Excl. Govt. Charges' reads as plus on-road costs:
 *   NZ's government charges are its on-road costs).
 * - US: the dealer's fee disclosure (tax, title, license and dealer fees), with the doc fee amount.
 */

/** What a qualifier says the price includes. */
export type PriceQualifierKind = 'drive_away' | 'excl_govt_charges' | 'plus_orc' | 'fee_disclosure';

/** One way a region writes a feed's price_type. */
export interface PriceTypeWording {
  kind: Exclude<PriceQualifierKind, 'fee_disclosure'>;
  /** Shown beside the price. */
  label: string;
  /** What the price includes (JSON-LD priceSpecification description). */
  meaning: string;
  /** Google vehicle ads `vehicle_price_type`, or null where Google has none for it. */
  google: string | null;
  /** The feed values it reads, lower case with everything but letters and digits removed. */
  matches: readonly string[];
}

/** A region's advertising rules and wording. */
export interface RegionAdvertising {
  /** Where a price's qualifier comes from: the feed's price_type, or the record's fee disclosure. */
  qualifier_source: 'price_type' | 'fee_disclosure';
  price_types: readonly PriceTypeWording[];
  /** The fee disclosure with the record's doc fee: {disclosure} and {amount}. */
  doc_fee_format: string;
  /** Shown under prices on car and search pages and in the footer, before the dealer's own text. */
  price_disclaimer: string;
  /** The lowest price a drive-away qualifier is plausible at, per car type (advert/implausible-drive-away). */
  drive_away_floor: Readonly<Record<'new' | 'demo' | 'used', number>>;
  /** The warning a comparison rate must carry, or null where none is required. */
  comparison_rate_warning: string | null;
}

const DRIVE_AWAY_MATCHES = ['driveaway', 'driveawayprice', 'da', 'dap'];
const PLUS_ORC_MATCHES = ['plusorc', 'orc', 'plusonroadcosts', 'exclorc', 'excludingonroadcosts', 'beforeonroadcosts'];
const EXCL_GOVT_MATCHES = ['exclgovtcharges', 'exclgovernmentcharges', 'excludinggovtcharges', 'excludinggovernmentcharges', 'egc'];

/** Australia (Australian Consumer Law; the National Credit Code's comparison-rate warning). */
export const AU_ADVERTISING: RegionAdvertising = {
  qualifier_source: 'price_type',
  price_types: [
    {
      kind: 'drive_away',
      label: 'Drive away',
      meaning: 'Drive away: includes registration, compulsory third party insurance, stamp duty and dealer delivery.',
      google: 'drive_away_price',
      matches: DRIVE_AWAY_MATCHES,
    },
    {
      kind: 'excl_govt_charges',
      label: 'Excluding government charges',
      meaning: 'Excluding government charges: registration, compulsory third party insurance and stamp duty are extra.',
      google: 'excluding_government_charges_price',
      matches: EXCL_GOVT_MATCHES,
    },
    {
      kind: 'plus_orc',
      label: 'Plus on-road costs',
      meaning: 'Plus on-road costs: registration, compulsory third party insurance, stamp duty and dealer delivery are extra.',
      google: null,
      matches: PLUS_ORC_MATCHES,
    },
  ],
  doc_fee_format: '{disclosure}, plus a {amount} documentation fee',
  price_disclaimer:
    'Drive away prices include registration, compulsory third party insurance, stamp duty and dealer delivery. ' +
    'Prices excluding government charges do not include registration, compulsory third party insurance or stamp duty; ' +
    'prices plus on-road costs do not include those charges or dealer delivery. Prices may change without notice: please confirm with us.',
  drive_away_floor: { new: 15_000, demo: 12_000, used: 2_000 },
  comparison_rate_warning:
    'WARNING: This comparison rate is true only for the example given and may not include all fees and charges. ' +
    'Different terms, fees or other loan amounts might result in a different comparison rate.',
};

/** New Zealand (Fair Trading Act 1986). */
export const NZ_ADVERTISING: RegionAdvertising = {
  qualifier_source: 'price_type',
  price_types: [
    {
      kind: 'drive_away',
      label: 'Drive away',
      meaning: 'Drive away: includes registration, a Warrant or Certificate of Fitness and pre-delivery costs.',
      google: null,
      matches: DRIVE_AWAY_MATCHES,
    },
    {
      kind: 'plus_orc',
      label: 'Plus on-road costs',
      meaning: 'Plus on-road costs: registration, a Warrant or Certificate of Fitness and pre-delivery costs are extra.',
      google: null,
      matches: [...PLUS_ORC_MATCHES, ...EXCL_GOVT_MATCHES],
    },
  ],
  doc_fee_format: '{disclosure}, plus a {amount} documentation fee',
  price_disclaimer:
    'Drive away prices include registration, a Warrant or Certificate of Fitness and pre-delivery costs; prices plus on-road costs do not. ' +
    'All prices include GST and may change without notice: please confirm with us.',
  drive_away_floor: { new: 15_000, demo: 12_000, used: 2_000 },
  comparison_rate_warning: null,
};

/** United States (FTC and state dealer advertising rules: fees disclosed, the doc fee stated). */
export const US_ADVERTISING: RegionAdvertising = {
  qualifier_source: 'fee_disclosure',
  price_types: [],
  doc_fee_format: '{disclosure}, plus a {amount} documentation fee',
  price_disclaimer:
    'Prices do not include tax, title, license, registration or dealer fees unless stated, and may change without notice. ' +
    'Please confirm the price and fees with us.',
  drive_away_floor: { new: 10_000, demo: 8_000, used: 1_000 },
  comparison_rate_warning: null,
};
