/* The lead as the browser sends it and the server checks it: generated from schema/lead.schema.json by `npm run schema:types`; do not edit. */

/**
 * The lead as the browser sends it (SPEC §3 Lead, SPEC §7 POST /api/leads and PUT /api/leads/{lead_id}): built by runtime/services/leadBody.ts, checked by the lead server (server/leadShape.ts) before domain/formRules.ts's rules, stored as the lead's payload and read by delivery (server/delivery/leadMessage.ts). Every field is typed and bounded; a form's other fields are allowed. $defs.leadBody is the request body {lead}.
 */
export interface Lead {
  /**
   * SPEC §3 Lead contact: the first name.
   */
  name?: string;
  last_name?: string;
  email?: string;
  phone?: string;
  postcode?: string;
  message?: string;
  opt_in?: boolean;
  category?: string;
  subcategory?: string;
  /**
   * The dealership the lead is for: the served website or one of its dealerships.
   */
  dealership_slug: string;
  website_slug?: string;
  /**
   * The page the lead was sent from.
   */
  url?: string;
  /**
   * 'Website' from the browser client.
   */
  source?: string;
  user_agent?: string;
  car_id?: number | string | null;
  car_dealership_id?: number | string | null;
  page_id?: string | number | null;
  location_id?: number | string | null;
  lead_attributes?: {
    /**
     * @maxItems 500
     */
    visited_pages?: string[];
    linked_query_params?: {
      [k: string]: string;
    };
  };
  /**
   * @maxItems 500
   */
  visited_pages?: string[];
  linked_query_params?: {
    [k: string]: string;
  };
  /**
   * 'Incomplete' for a saved step of a multi-step form (SPEC §4 Multi-step form).
   */
  lead_status?: string;
  form_completed?: boolean;
  lead_id?: number | string | null;
  /**
   * @maxItems 100
   */
  skipped_steps?: {
    from: number;
    to: number;
  }[];
  step_number?: number;
  /**
   * @maxItems 500
   */
  additional_services?: string[];
  manufacturer_slug?: string;
  stock_number?: string;
  'Vehicle Make'?: string;
  'Vehicle Model'?: string;
  /**
   * The service booking's vehicle: its registration.
   */
  rego?: string;
  make?: string;
  model?: string;
  /**
   * As typed.
   */
  year?: string;
  odometer?: string;
  service_type?: string;
  /**
   * An instant price request's budget as typed.
   */
  budget?: string;
  /**
   * The finance application's trade-in (SPEC §5 'Rego is optional': make, model, year and odometer).
   */
  trade_in?: boolean;
  trade_in_make?: string;
  trade_in_model?: string;
  trade_in_year?: string;
  trade_in_odometer?: string;
  dealership?: string;
  car_type?: string;
  vehicle_status?: string;
  /**
   * The test drive's booked date and time.
   */
  dateTime?: string;
  terms_conditions?: boolean;
  terms_agreed?: boolean;
  isLastStep?: boolean;
  /**
   * The honeypot: any value is accepted here, a filled one is dropped silently.
   */
  special?: string | number | boolean | {} | unknown[] | null;
  /**
   * Which form sent the lead (domain/formRules.ts form kind); inferred when absent.
   */
  form?: string;
  [k: string]: unknown;
}
/**
 * The body of POST /api/leads, PUT /api/leads/{lead_id} and POST /api/carClarityCustomer (SPEC §7).
 */
export interface LeadBody {
  lead: Lead;
}
