import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReceiver, type TestReceiver } from '../../fixtures/delivery/receivers.ts';
import { addressPolicy } from '../../net/addressPolicy.ts';
import type { DeliveryDestination } from '../../domain/leadDelivery.ts';
import type { LeadMessage } from './leadMessage.ts';
import { PermanentDeliveryError, sendDelivery, type SendContext } from './senders.ts';

// A record that passed an older validate (or a site-config.json edited by hand) may still name an
// operator variable: the sender refuses it before connecting anywhere.
describe('sending reads only the variables a record may name', () => {
  let receiver: TestReceiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver.close());

  const message: LeadMessage = {
    delivery_id: 'd-1',
    kind: 'lead',
    id: 1,
    requested_at: '2030-01-01T00:00:00Z',
    site: { slug: 'dealer', name: 'Dealer', url: 'https://dealer.example' },
    currency: 'AUD',
    dealership: { slug: 'dealer', name: 'Dealer' },
    contact: { first_name: 'Jo', last_name: 'Citizen', email: 'jo@example.com', phone: '0400000000', postcode: '2000' },
    category: null,
    subcategory: null,
    comments: 'Hello',
    page: null,
    vehicles: [],
    offer: null,
    reservation: null,
    fields: {},
  };
  const context = (smtp: Record<string, unknown> = {}): SendContext =>
    ({
      site: { lead_delivery: { smtp: { port: 587, secure: false, ...smtp }, from: 'leads@dealer.example', destinations: [] } },
      env: { FORECOURT_ADMIN_PASSWORD: 'inbox-password', FORECOURT_DATABASE_URL: 'postgres://u:p@db/x', FORECOURT_SECRET_HOOK: 'hook-secret' },
      now: new Date('2030-01-01T00:00:00Z'),
      timeoutMs: 2_000,
      // The receiver is on loopback: allowed by the operator's policy for this test.
      policy: addressPolicy({ allow: '127.0.0.1/32' }),
    }) as unknown as SendContext;
  // A function of the receiver, which starts after the table is read.
  const hook = (fields: Partial<DeliveryDestination>) => () =>
    ({ name: 'hook', type: 'webhook', kinds: ['lead'], url: receiver.url, ...fields }) as DeliveryDestination;
  const mail = (fields: Partial<DeliveryDestination>) => () => ({ name: 'mail', type: 'email', kinds: ['lead'], ...fields }) as DeliveryDestination;

  it.each([
    ['a webhook signed with the inbox password', hook({ secret_env: 'FORECOURT_ADMIN_PASSWORD' }), {}],
    ['a webhook URL from the database URL', hook({ url: undefined, url_env: 'FORECOURT_DATABASE_URL', secret_env: 'FORECOURT_SECRET_HOOK' }), {}],
    ['an email to the inbox password', mail({ to_env: 'FORECOURT_ADMIN_PASSWORD' }), {}],
    ['an SMTP URL from the database URL', mail({ to: 'x@dealer.example' }), { url_env: 'FORECOURT_DATABASE_URL' }],
    [
      'an SMTP password',
      mail({ to: 'x@dealer.example' }),
      { host: 'smtp.example', user_env: 'FORECOURT_SECRET_HOOK', password_env: 'FORECOURT_ADMIN_PASSWORD' },
    ],
  ])('refuses %s, permanently, sending nothing', async (_, destination, smtp) => {
    const attempt = sendDelivery({ destination: destination(), message, context: context(smtp) });
    await expect(attempt).rejects.toThrow(PermanentDeliveryError);
    await expect(attempt).rejects.toThrow(/which a record may not read: only variables starting with FORECOURT_SECRET_/);
    expect(receiver.requests).toEqual([]);
  });

  it('still sends with a FORECOURT_SECRET_ variable', async () => {
    await sendDelivery({ destination: hook({ secret_env: 'FORECOURT_SECRET_HOOK' })(), message, context: context() });
    expect(receiver.requests).toHaveLength(1);
    expect(receiver.requests[0].headers['x-forecourt-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
  });
});
