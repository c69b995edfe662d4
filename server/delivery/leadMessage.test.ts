/**
 * What a delivery says about a lead and about a reservation, read through the leads store (on
 * the embedded engine; the statements are the same on PostgreSQL, which delivery.test.ts runs).
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EngineHandle, testEngines } from '../db/testEngines.ts';
import { storeLead } from '../db/leadStore.ts';
import { insertReservation } from '../reserveStore.ts';
import { loadSiteConfig, type ServedSiteConfig } from '../siteConfig.ts';
import { loadLeadMessage } from './leadMessage.ts';
import type { StoredDelivery } from './outboxStore.ts';

const SLUG = 'test-motors';
const [pglite] = testEngines();

describe('lead message', () => {
  let handle: EngineHandle;
  let site: ServedSiteConfig;
  let leadId: number;

  beforeAll(async () => {
    handle = await pglite.open();
    site = await loadSiteConfig({ outDir: path.resolve('fixtures/server/sites'), slug: SLUG });
    leadId = await storeLead({
      tx: handle.db,
      lead: {
        dealershipSlug: SLUG,
        websiteSlug: SLUG,
        category: 'Reserve',
        subcategory: null,
        leadStatus: null,
        formCompleted: true,
        payload: { dealership_slug: SLUG, name: 'Ann', last_name: 'Lee', email: 'ann@example.com', phone: '0412345678', message: 'Hold it' },
      },
      uploads: [],
      tokenHash: 'x'.repeat(64),
    });
  }, 60_000);
  afterAll(async () => {
    await handle?.dispose();
  });

  const delivery = (kind: StoredDelivery['subject_kind'], id: number) =>
    ({ delivery_id: `d-${kind}-${id}`, subject_kind: kind, subject_id: id }) as StoredDelivery;

  it("describes a lead from the store's row", async () => {
    const message = await loadLeadMessage({ db: handle.db, delivery: delivery('lead', leadId), site });
    expect(message).toMatchObject({
      id: leadId,
      contact: { first_name: 'Ann', last_name: 'Lee', email: 'ann@example.com' },
      comments: 'Hold it',
      reservation: null,
    });
  });

  it("describes a reservation with its lead's contact", async () => {
    const reservation = await insertReservation({
      db: handle.db,
      reservation: {
        reference: 'ref-1',
        website_slug: SLUG,
        car_id: 42,
        lead_id: leadId,
        amount: 500,
        currency: 'AUD',
        provider: 'Stripe',
        return_path: '/',
        description: 'Deposit',
      },
    });
    const message = await loadLeadMessage({ db: handle.db, delivery: delivery('reservation', reservation.id), site });
    expect(message).toMatchObject({
      kind: 'reservation',
      contact: { first_name: 'Ann', email: 'ann@example.com' },
      dealership: { slug: SLUG },
      reservation: { reference: 'ref-1', amount: 500, currency: 'AUD', provider: 'Stripe' },
    });
  });

  it('is null for a record that is gone', async () => {
    expect(await loadLeadMessage({ db: handle.db, delivery: delivery('lead', 999_999), site })).toBeNull();
    expect(await loadLeadMessage({ db: handle.db, delivery: delivery('reservation', 999_999), site })).toBeNull();
  });
});
