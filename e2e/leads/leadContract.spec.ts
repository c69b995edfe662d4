/**
 * The lead client's contract with the API, in Chromium, against a small local server
 * (./scriptedServer.ts) that serves the money fixture dealer's generated pages and answers the
 * API as each test scripts it:
 *
 * - SPEC §7's shared create-lead step reads `lead_id` (then `id`): an API answering
 *   `{lead_id: 4242}` gets one POST, then updates of lead 4242 carrying its update token — on
 *   the test drive, finance, trade-in and reserve forms;
 * - a server that never answers: after the client's timeout (15 s, advanced with Playwright's
 *   clock) the form says so, keeps every field, and sends again with the same Idempotency-Key.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect } from '@playwright/test';
import { TIMEOUT_MESSAGE } from '../../domain/formMessages.ts';
import { LEAD_REQUEST_TIMEOUT_MS } from '../../domain/leadApi.ts';
import { lookupVehicle } from '../../server/vehicleLookup.ts';
import { expectContact, fillContact, hydrated, uniqueEmail } from '../pageHelpers.ts';
import { type Recorded, type ScriptedServer, startScriptedServer } from './scriptedServer.ts';

const SLUG = 'money-motors';
const NOW = '2025-06-10T00:00:00Z';
const COROLLA_PATH = '/cars/2022-toyota-corolla-7001';
const CX5 = { id: 7003, path: '/cars/2024-mazda-cx-5-7003' };

const test = base.extend<{ api: ScriptedServer }, { server: ScriptedServer }>({
  server: [
    async ({}, use, workerInfo) => {
      const dir = mkdtempSync(join(tmpdir(), `forecourt-leads-${workerInfo.workerIndex}-`));
      try {
        execFileSync(process.execPath, ['bin/forecourt.mjs', 'generate', SLUG, '--dealers', 'fixtures/money/dealers', '--out', dir, '--now', NOW], {
          stdio: 'pipe',
        });
        const server = await startScriptedServer({ root: join(dir, SLUG) });
        try {
          await use(server);
        } finally {
          await server.close();
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  // Each test starts with no recorded request and an API that answers nothing it was not told to.
  api: async ({ server }, use) => {
    server.requests.length = 0;
    server.script(() => undefined);
    await use(server);
  },
});

const contact = (email: string) => ({ name: 'Lena', last_name: 'Contract', email, phone: '0412 345 678', postcode: '2150' });

/** The API's lead answers: SPEC §7's `{lead_id}` (with the update token the real server adds). */
function leadIdApi(extra: (request: Recorded) => { status: number; body: unknown } | undefined = () => undefined) {
  return (request: Recorded) => {
    if (request.method === 'POST' && request.path === '/api/leads') return { status: 201, body: { lead_id: 4242, update_token: 'token-4242' } };
    if (request.method === 'PUT' && request.path === '/api/leads/4242') return { status: 200, body: { lead_id: 4242 } };
    return extra(request);
  };
}

const calls = (api: ScriptedServer) => api.requests.map((r) => `${r.method} ${r.path}`);
const leadOf = (request: Recorded) => (request.body as { lead: Record<string, unknown> }).lead;

test('test drive: an answer {lead_id} is the created lead: one POST, then /success with lead 4242', async ({ page, api }) => {
  api.script(leadIdApi());
  await page.goto(`${api.url}${COROLLA_PATH}`);
  await hydrated(page);
  await page.locator('.car-actions').getByRole('link', { name: 'Book a Test Drive' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book a Test Drive' });
  await fillContact(dialog, contact(uniqueEmail('drive-contract')));
  await dialog.getByRole('button', { name: 'Continue' }).click();
  // The date is optional (SPEC §5): left empty, no dateTime is sent.
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL(/\/success\?/);
  expect(calls(api).filter((c) => c.includes('/leads'))).toEqual(['POST /api/leads']);
  expect(leadOf(api.requests.find((r) => r.path === '/api/leads')!)).not.toHaveProperty('dateTime');
  const record = await page.evaluate(() => JSON.parse(localStorage.getItem('success_record') ?? 'null'));
  expect(record).toMatchObject({ category: 'Test Drive', lead_id: 4242 });
});

test('finance: an answer {lead_id} to the first step makes the second a PUT of lead 4242 with its update token', async ({ page, api }) => {
  api.script(leadIdApi());
  await page.goto(`${api.url}/apply-for-finance#finance-form`);
  await hydrated(page);
  const form = page.getByRole('form', { name: 'Finance application' });
  await fillContact(form, contact(uniqueEmail('finance-contract')));
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(form.getByText('Step 3 of 3')).toBeVisible();
  await form.getByLabel('I have read and understood the Privacy Statement').check();
  await form.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL(/\/success\?/);
  const leads = api.requests.filter((r) => r.path.startsWith('/api/leads'));
  expect(leads.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/leads', 'PUT /api/leads/4242']);
  expect(leadOf(leads[0])).toMatchObject({ lead_status: 'Incomplete', form_completed: false });
  expect(leadOf(leads[1])).toMatchObject({ lead_id: 4242, lead_status: 'Complete', terms_agreed: true });
  expect(leads[1].headers['update-token']).toBe('token-4242');
});

test('trade-in: an answer {lead_id} to POST /api/valuations makes the PUT adjust valuation 4242 with its update token', async ({ page, api }) => {
  const vehicle = lookupVehicle({ rego: 'CON123', regoState: 'NSW' });
  api.script((request) => {
    if (request.path === '/api/simple-autograb-lookup') return { status: 200, body: vehicle };
    if (request.method === 'POST' && request.path === '/api/valuations')
      return { status: 201, body: { lead_id: 4242, offer_price: 12_000, update_token: 'token-v' } };
    if (request.method === 'PUT' && request.path === '/api/valuations') return { status: 200, body: { id: 4242, offer_price: 11_500 } };
    if (request.path === '/api/miscellaneous') return { status: 201, body: { id: 1 } };
    return undefined;
  });
  await page.goto(`${api.url}/cars/trade-in?car_id=7001`);
  await hydrated(page);
  const form = page.getByRole('form', { name: 'Trade-in valuation' });
  await form.getByLabel('Rego').fill('CON123');
  await form.getByLabel('State').selectOption('NSW');
  await form.getByRole('button', { name: 'Find My Car' }).click();
  await form.getByRole('button', { name: "Yes, That's My Car" }).click();
  await form.getByLabel('Overall condition').selectOption('Good');
  await form.getByLabel('Has it had accident or hail damage?').selectOption('No');
  await form.getByLabel('Does it have a full service history?').selectOption('Yes');
  await form.getByLabel('Is there finance owing on it?').selectOption('No');
  await form.getByRole('button', { name: 'Continue' }).click();
  await fillContact(form, contact(uniqueEmail('trade-contract')));
  await form.getByRole('button', { name: 'Get My Valuation' }).click();
  await expect(form.locator('[data-offer]')).toHaveText('$11,500');
  const valuations = api.requests.filter((r) => r.path === '/api/valuations');
  expect(valuations.map((r) => r.method)).toEqual(['POST', 'PUT']);
  expect(valuations[1].body).toMatchObject({ id: 4242 });
  expect(valuations[1].headers['update-token']).toBe('token-v');
});

test('reserve: an answer {lead_id} is the lead the reservation names, with its update token', async ({ page, api }) => {
  api.script(
    leadIdApi((request) => {
      if (request.path === `/api/cars/${CX5.id}/reservation`) return { status: 200, body: { car_id: CX5.id, reserved: false } };
      if (request.method === 'POST' && request.path === '/api/reservations') {
        return { status: 201, body: { id: '0b6c1a8e-0000-4000-8000-000000000001', payment_url: '/api/payments/test/0b6c1a8e-0000-4000-8000-000000000001' } };
      }
      return undefined;
    }),
  );
  await page.goto(`${api.url}${CX5.path}/buy-online`);
  await hydrated(page);
  const form = page.getByRole('form', { name: 'Reserve this car' });
  await fillContact(form, contact(uniqueEmail('reserve-contract')));
  await form.getByRole('button', { name: 'Enquire Now' }).click();
  await page.waitForURL(/\/api\/payments\/test\//);
  expect(calls(api).filter((c) => c.startsWith('POST'))).toEqual(['POST /api/leads', 'POST /api/reservations']);
  const reservation = api.requests.find((r) => r.path === '/api/reservations')!;
  expect(reservation.body).toMatchObject({ car_id: CX5.id, lead_id: 4242 });
  expect(reservation.headers['update-token']).toBe('token-4242');
});

test('a server that never answers: after the timeout the form says so, keeps every field, and sends again with the same key', async ({ page, api }) => {
  let hang = true;
  api.script((request) => {
    if (request.method === 'POST' && request.path === '/api/leads') return hang ? 'hang' : { status: 201, body: { lead_id: 77, update_token: 't' } };
    return undefined;
  });
  // A fake clock, so the 15 s timeout passes without waiting 15 s.
  await page.clock.install();
  await page.goto(`${api.url}/contact`);
  await hydrated(page);
  const form = page.getByRole('form', { name: 'General enquiry' });
  const person = contact(uniqueEmail('hung'));
  await fillContact(form, person);
  await form.getByLabel('Location').selectOption({ label: 'Money Motors - Sales' });
  await form.getByLabel('Message').fill('Is the CX-5 still available?');
  const submit = form.getByRole('button', { name: 'Enquire Now' });
  await submit.click();
  await expect.poll(() => api.requests.filter((r) => r.path === '/api/leads').length).toBe(1);
  await expect(form).toHaveAttribute('data-sending', 'true');
  await page.clock.fastForward(LEAD_REQUEST_TIMEOUT_MS);
  await expect(form.getByRole('alert')).toHaveText(TIMEOUT_MESSAGE);
  await expect(form).not.toHaveAttribute('data-sending', 'true');
  await expectContact(form, person);
  await expect(form.getByLabel('Message')).toHaveValue('Is the CX-5 still available?');
  await expect(form.getByLabel('Location')).toHaveValue(/.+/);
  await expect(submit).toBeEnabled();

  hang = false;
  await submit.click();
  await page.waitForURL(/\/success\?/);
  const posts = api.requests.filter((r) => r.path === '/api/leads');
  expect(posts).toHaveLength(2);
  expect(posts[1].headers['idempotency-key']).toBe(posts[0].headers['idempotency-key']);
  expect(posts[1].body).toEqual(posts[0].body);
});
