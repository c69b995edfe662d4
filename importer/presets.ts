/**
 * Shipped mappings for publicly documented inventory layouts, the start of a record's
 * `feed.map` (its own entries replace a preset's field by field). docs/import.md lists them.
 */
import type { FeedFieldSpec } from './fieldSpec.ts';

/** A preset: its format, where its rows are (xml, json) and each Car field's column. */
export interface FeedPreset {
  format: 'csv' | 'tsv' | 'xml' | 'json';
  records: string | null;
  map: Record<string, FeedFieldSpec>;
}

/**
 * The Google vehicle listings feed (developers.google.com/vehicle-listings/reference/feed-specification):
 * tab-separated by default, one vehicle a row, `price` as '10,499.00 USD', `mileage` as an integer
 * with its unit ('52,777 miles'), `condition` new or used (n / u), `certified_pre_owned` yes or no
 * (y / n, 1 / 0), `additional_image_link` a comma-separated list, `date_in_stock` ISO 8601.
 * `forecourt generate` writes this layout too (feeds/google-vehicle-listings.tsv).
 */
const GOOGLE_VEHICLE_LISTINGS: FeedPreset = {
  format: 'tsv',
  records: null,
  map: {
    vin: 'vin',
    stocknum: 'id',
    make: 'make',
    model: 'model',
    badge: 'trim',
    year: 'year',
    price: { column: 'price', as: 'money' },
    km: { column: 'mileage', unit: 'km' },
    car_type: { column: 'condition', values: { new: 'new', n: 'new', used: 'used', u: 'used' } },
    certified: 'certified_pre_owned',
    colour: 'exterior_color',
    simple_body: 'body_style',
    simple_fuel: 'fuel_type',
    simple_transmission: 'transmission',
    primary_image_url: 'image_link',
    images: { column: 'additional_image_link', split: ',' },
    created_at: { column: 'date_in_stock', as: 'date' },
  },
};

/**
 * The vehicle export most US and Australian DMSs and inventory providers write for third-party
 * websites (the HomeNet / IOL-style CSV): Type N/U (C: certified used), Stock, VIN, Year, Make,
 * Model, Trim, Body, ExteriorColor, Transmission, Miles, SellingPrice, Certified, DateInStock
 * (MM/dd/yyyy) and ImageList (comma-separated photo URLs).
 */
const DMS_CSV: FeedPreset = {
  format: 'csv',
  records: null,
  map: {
    car_type: { column: 'Type', values: { N: 'new', New: 'new', U: 'used', Used: 'used', C: 'used', D: 'demo', Demo: 'demo' } },
    stocknum: 'Stock',
    vin: 'VIN',
    year: 'Year',
    make: 'Make',
    model: 'Model',
    badge: 'Trim',
    simple_body: 'Body',
    colour: 'ExteriorColor',
    simple_transmission: 'Transmission',
    km: { column: 'Miles', unit: 'mi' },
    price: { column: 'SellingPrice', as: 'money' },
    certified: 'Certified',
    created_at: { column: 'DateInStock', as: 'date', format: 'MM/dd/yyyy' },
    images: { column: 'ImageList', split: ',' },
  },
};

/** Every preset by its `feed.preset` name. */
export const FEED_PRESETS: Record<string, FeedPreset> = {
  'google-vehicle-listings': GOOGLE_VEHICLE_LISTINGS,
  'dms-csv': DMS_CSV,
};
