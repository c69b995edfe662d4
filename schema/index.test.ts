import { describe, expect, it } from 'vitest';
import type { DealerRecord, Features, FooterConfig, FormsConfig, PathsConfig, RulesConfig, SiteConfig } from '../domain/site.ts';
import type { Address, Car, Dealership, Location, Model, NavigationItem, OpeningHour, Review, ReviewSummary, SpecialHours } from '../domain/types.ts';
import { SCHEMAS, schemaAjv, validateCar, validateDealerRecord, validatorFor, type SchemaName } from './index.ts';

/** Every key of T exactly once: the compiler rejects a missing or an extra key. */
const keys = <T>(record: Record<keyof T, true>): string[] => Object.keys(record).sort();

type Props = { properties: Record<string, unknown>; $defs?: Record<string, Props> };
const schemaProps = (name: SchemaName, ...path: string[]): string[] => {
  let node = SCHEMAS[name] as unknown as Props;
  for (const step of path) node = node.$defs?.[step] ?? (node.properties[step] as Props);
  return Object.keys(node.properties).sort();
};

describe('schemas match the shared TypeScript types exactly', () => {
  it.each([
    [
      'Car',
      keys<Car>({
        id: true,
        slug: true,
        name: true,
        make: true,
        model: true,
        year: true,
        badge: true,
        series: true,
        km: true,
        colour: true,
        gearnum: true,
        bodyconfiguration: true,
        vin: true,
        stocknum: true,
        seats: true,
        views: true,
        car_type: true,
        status: true,
        sold: true,
        sold_date: true,
        reserved: true,
        reservable: true,
        certified: true,
        tag: true,
        created_at: true,
        preorder: true,
        show_on_dealer_website: true,
        price: true,
        before_price: true,
        subscription_price: true,
        price_type: true,
        simple_fuel: true,
        simple_body: true,
        simple_transmission: true,
        simple_drive: true,
        fuel: true,
        file: true,
        primary_image_url: true,
        thumbnails: true,
        images: true,
        dealership_slug: true,
        dealership_id: true,
        location: true,
        payment_processors: true,
        has_checkout_payment_processor: true,
        finance_lenders: true,
        autograb_data: true,
        custom_rank: true,
        features: true,
      }),
      schemaProps('car.schema.json'),
    ],
    [
      'Location',
      keys<Location>({
        id: true,
        name: true,
        slug: true,
        primary: true,
        position: true,
        visible: true,
        dealership_id: true,
        dealership_slug: true,
        location_type: true,
        location_subtype: true,
        manufacturers: true,
        address: true,
        contact_detail: true,
        image: true,
        dealer_license_number: true,
        motor_vehicle_repairer: true,
        average_rating: true,
        review_count: true,
        reviews: true,
        special_hours: true,
        staff: true,
      }),
      schemaProps('location.schema.json'),
    ],
    [
      'Location.contact_detail',
      keys<Location['contact_detail']>({
        phone: true,
        landline_phone: true,
        email: true,
        youtube_url: true,
        linkedin_url: true,
        opening_hours: true,
        department_phones: true,
      }),
      schemaProps('location.schema.json', 'contact_detail'),
    ],
    [
      'Address',
      keys<Address>({ street: true, city: true, state: true, postcode: true, lat: true, long: true, place_url: true, place_id: true, map_key: true }),
      schemaProps('common.schema.json', 'address'),
    ],
    ['OpeningHour', keys<OpeningHour>({ weekday: true, status: true, formated_hours: true, open: true, close: true }), schemaProps('openingHour.schema.json')],
    [
      'SpecialHours',
      keys<SpecialHours>({ status: true, date: true, start_hour: true, end_hour: true, department: true, name: true }),
      schemaProps('specialHours.schema.json'),
    ],
    ['ReviewSummary', keys<ReviewSummary>({ count: true, average_rating: true }), schemaProps('reviewSet.schema.json')],
    [
      'Review',
      keys<Review>({
        id: true,
        image: true,
        customer_name: true,
        text: true,
        rating: true,
        created_at_time_ago_in_words: true,
        review_date: true,
        review_date_in_words: true,
      }),
      schemaProps('reviewSet.schema.json', 'review'),
    ],
    [
      'Model',
      keys<Model>({
        manufacturer_name: true,
        manufacturer_body: true,
        slug: true,
        image: true,
        position: true,
        override_url: true,
        name: true,
        status: true,
        fuel: true,
        short_description: true,
        description: true,
        price_from: true,
      }),
      schemaProps('model.schema.json'),
    ],
    [
      'NavigationItem',
      keys<NavigationItem>({
        _key: true,
        _type: true,
        name: true,
        url: true,
        className: true,
        dynamicDropdown: true,
        dropdownItems: true,
        dropdownMenus: true,
      }),
      schemaProps('navigationItem.schema.json'),
    ],
    [
      'SiteConfig',
      keys<SiteConfig>({
        slug: true,
        name: true,
        phone: true,
        id: true,
        dealership_id: true,
        dealership_group: true,
        payment_provider: true,
        finance_provider: true,
        autograb: true,
        autobot: true,
        locations: true,
        dealerships: true,
      }),
      schemaProps('siteConfig.schema.json'),
    ],
    [
      'Dealership',
      keys<Dealership>({ id: true, name: true, slug: true, publishable_key: true, phone: true, dealer_license_number: true }),
      schemaProps('siteConfig.schema.json', 'dealership'),
    ],
    [
      'DealerRecord',
      keys<DealerRecord>({
        name: true,
        slug: true,
        template: true,
        dealer_id: true,
        manufacturer_id: true,
        manufacturer_name: true,
        url: true,
        logo: true,
        phone: true,
        email: true,
        address: true,
        locations: true,
        navigation: true,
        dealership_websites: true,
        stock: true,
        search_filters: true,
        include_sold_cars_days: true,
        default_search_path: true,
        garage_enabled: true,
        facebook_url: true,
        instagram_url: true,
        youtube_url: true,
        tiktok_url: true,
        linkedin_url: true,
        xtime_url: true,
        whatsapp_url: true,
        twitter_url: true,
        linktree_url: true,
        gmb_profiles: true,
        google_site_verification: true,
        dealership_group: true,
        dealerships: true,
        config: true,
        opening_hours: true,
        reviews: true,
        search_host: true,
        search_key: true,
        search_index: true,
        region: true,
        header_style: true,
        features: true,
        forms: true,
        rules: true,
        paths: true,
        footer: true,
        sub_footer: true,
        models: true,
        review_list: true,
        review_widget: true,
        dealer_rating_script_url: true,
        service_booking_url: true,
        special_hours: true,
        pages: true,
        brands_dropdown: true,
        chat_widget_url: true,
        meta: true,
        timezone: true,
        theme: true,
      }),
      schemaProps('dealerRecord.schema.json'),
    ],
    [
      'Features',
      keys<Features>({
        banner: true,
        banner_force_locations_link: true,
        service_call_bar: true,
        search_bar: true,
        favourites: true,
        compare: true,
        mobile_drawer: true,
        electric_hybrid_tag: true,
        phone_reveal_shown: true,
        subscriptions: true,
        price_asc_positive_filter: true,
        brands_sort_alphabetical: true,
        hours_mon_sat: true,
        special_hours: true,
        chat: true,
        discover_sidebar: true,
      }),
      schemaProps('dealerRecord.schema.json', 'features'),
    ],
    [
      'FormsConfig',
      keys<FormsConfig>({
        submit_text: true,
        message_required: true,
        terms_required: true,
        hear_about_us: true,
        phone_rule: true,
        test_phone_number: true,
        opt_in_text: true,
        api_base: true,
        mock_mode: true,
        car_clarity: true,
        save_valuation_misc: true,
        allowed_origins: true,
      }),
      schemaProps('dealerRecord.schema.json', 'forms'),
    ],
    [
      'RulesConfig',
      keys<RulesConfig>({
        reserve_dealership_ids: true,
        reserve_dealership_slugs: true,
        finance_disabled_makes: true,
        finance_disabled_dealership_ids: true,
        finance_disabled_dealership_slugs: true,
        min_review_rating: true,
        search_cache_max: true,
        page_size: true,
        default_sort: true,
      }),
      schemaProps('dealerRecord.schema.json', 'rules'),
    ],
    [
      'PathsConfig',
      keys<PathsConfig>({
        finance: true,
        reserve: true,
        favourites: true,
        favourites_label: true,
        contact: true,
        location_by: true,
        extra_search_paths: true,
        service_weekend_enquire: true,
      }),
      schemaProps('dealerRecord.schema.json', 'paths'),
    ],
    [
      'FooterConfig',
      keys<FooterConfig>({
        style: true,
        columns: true,
        licence_numbers: true,
        show_staff: true,
        show_opening_hours: true,
        show_map: true,
        scroll_to_top: true,
        subscribe: true,
        owners_group_url: true,
        powered_by: true,
      }),
      schemaProps('dealerRecord.schema.json', 'footer'),
    ],
  ])('%s', (_name, typeKeys, properties) => {
    expect(properties).toEqual(typeKeys);
  });
});

describe('compiled validators', () => {
  it('compiles every schema once, in strict mode, and caches it', () => {
    for (const name of Object.keys(SCHEMAS) as SchemaName[]) expect(validatorFor(name)).toBe(validatorFor(name));
    expect(schemaAjv()).toBe(schemaAjv());
  });

  it('allows only http(s), tel, mailto and site-relative URLs (domain/safeUrl.ts)', () => {
    const validate = validatorFor('common.schema.json');
    const ajv = schemaAjv();
    const url = ajv.getSchema('https://forecourt.example/schema/common.schema.json#/$defs/safeUrl')!;
    expect(validate).toBeTruthy();
    for (const ok of ['https://a.example', 'http://a.example/x', 'tel:0290000000', 'mailto:a@b.example', '/cars/x', '#top']) expect(url(ok), ok).toBe(true);
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', '//evil.example', 'ftp://a.example', '']) expect(url(bad), bad).toBe(false);
  });

  it('checks dates, times and enums of cars', () => {
    const car = {
      id: 1,
      slug: 'a',
      name: 'A',
      make: 'Kia',
      model: 'Rio',
      year: 2020,
      car_type: 'used',
      status: 'in_stock',
      created_at: '2025-01-01',
      price: 1,
      dealership_slug: 'd',
      dealership_id: 1,
    };
    const validate = validateCar();
    expect(validate(car)).toBe(true);
    expect(validate({ ...car, created_at: '2025-13-45' })).toBe(false);
    expect(validate({ ...car, created_at: '01/02/2025' })).toBe(false);
    expect(validate({ ...car, status: 'reserved' })).toBe(false);
    expect(validate({ ...car, sold_date: null, reservable: null })).toBe(true);
  });

  it('rejects an empty record with every required field named', () => {
    const validate = validateDealerRecord();
    expect(validate({})).toBe(false);
    expect(validate.errors?.map((e) => e.params.missingProperty).sort()).toEqual([
      'address',
      'dealer_id',
      'email',
      'locations',
      'logo',
      'name',
      'navigation',
      'phone',
      'slug',
      'template',
      'url',
    ]);
  });
});
