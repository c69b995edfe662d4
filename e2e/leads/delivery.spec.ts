/**
 * A lead typed on a sample dealer's car page reaches the dealer: the salesperson email and the
 * ADF/XML email at a real SMTP server and a signed webhook at a real HTTP receiver, every field as
 * typed (a hostile message included); then the dealer's inbox (`serve --admin`) shows it with its
 * delivery states, and its sign-in, list and record pages have no WCAG A/AA violation (axe);
 * serve's /metrics counts the lead and each delivery sent.
 *
 * The dealer is the sample whose record sends leads to all three kinds of destination; the
 * environment variables its record names get the local receivers' addresses. Its site comes from
 * the run's generated fixtures (e2e/servedFixture.ts), served in this worker.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { parse } from 'yaml';
import { regionSettings } from '../../domain/region.ts';
import { type DeliveryCar, SITE_CONFIG_FILE, type SiteConfigJson } from '../../domain/siteConfig.ts';
import { LOOPBACK_ALLOWED, startReceiver, startSmtp } from '../../fixtures/delivery/receivers.ts';
import { DELIVERY_ID_HEADER, SIGNATURE_HEADER, verifyWebhook } from '../../server/delivery/webhookSignature.ts';
import { axeViolations } from '../axe.ts';
import { FIXTURE_NOW } from '../fixtureSet.ts';
import { fillContact, hydrated, uniqueEmail } from '../pageHelpers.ts';
import { serveGeneratedSites } from '../servedFixture.ts';

const DEALERS = 'dealers';
const SECRET = 'whsec-e2e-delivery';
const ADMIN = { user: 'admin', password: 'e2e inbox password' };
const HOSTILE = `<script>alert("x")</script> & 'quoted' ]]> <!-- -->\nSecond line`;

interface RecordDestination {
  name: string;
  type: string;
  to?: string;
  to_env?: string;
  url_env?: string;
  secret_env?: string;
}

/** The sample dealer whose record delivers to email, ADF email and a webhook, and its delivery settings. */
function dealerWithEveryDestination(): { slug: string; smtpUrlEnv: string; destinations: RecordDestination[] } {
  for (const slug of readdirSync(DEALERS).sort()) {
    let record: { lead_delivery?: { smtp?: { url_env?: string }; destinations?: RecordDestination[] } };
    try {
      record = parse(readFileSync(join(DEALERS, slug, 'dealer.yaml'), 'utf8'));
    } catch {
      continue;
    }
    const destinations = record?.lead_delivery?.destinations ?? [];
    const types = new Set(destinations.map((d) => d.type));
    if (['email', 'adf_email', 'webhook'].every((type) => types.has(type)) && record.lead_delivery?.smtp?.url_env) {
      return { slug, smtpUrlEnv: record.lead_delivery.smtp.url_env, destinations };
    }
  }
  throw new Error(`no sample dealer in ${DEALERS}/ delivers to email, adf_email and webhook`);
}

test('a lead typed on a car page arrives as the salesperson email, the ADF email and a signed webhook; the inbox shows it and passes axe', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const dealer = dealerWithEveryDestination();
  const [smtp, receiver] = await Promise.all([startSmtp(), startReceiver()]);
  // The values of the variables the record names: the receivers here, a CRM address, the signing secret.
  const env: NodeJS.ProcessEnv = { [dealer.smtpUrlEnv]: smtp.url, ...LOOPBACK_ALLOWED };
  const crmAddress = 'crm-leads@crm.example';
  for (const destination of dealer.destinations) {
    if (destination.to_env) env[destination.to_env] = crmAddress;
    if (destination.url_env) env[destination.url_env] = receiver.url;
    if (destination.secret_env) env[destination.secret_env] = SECRET;
  }
  const served = await serveGeneratedSites({
    tag: 'delivery',
    workerIndex: testInfo.workerIndex,
    builds: [{ dealersDir: DEALERS, slugs: [dealer.slug] }],
    now: FIXTURE_NOW,
    env,
    admin: ADMIN,
  });
  try {
    const url = served.url(dealer.slug);
    const config = JSON.parse(readFileSync(join(served.out, dealer.slug, SITE_CONFIG_FILE), 'utf8')) as SiteConfigJson;
    // A car on sale (its page has the enquiry button), with a stock number and a VIN for the ADF document to carry.
    const onSale = (c: DeliveryCar) => {
      const file = c.path ? join(served.out, dealer.slug, c.path, 'index.html') : '';
      return file !== '' && existsSync(file) && readFileSync(file, 'utf8').includes('car-actions');
    };
    const car = config.cars.find((c) => c.stocknum && c.vin && onSale(c)) ?? config.cars.find(onSale)!;
    const typed = {
      name: 'Zoë Ōtaki',
      last_name: 'Nguyễn Brown',
      email: uniqueEmail('delivery'),
      phone: '0412 345 678',
      postcode: regionSettings(config.region).postcode.example,
    };

    await page.goto(`${url}${car.path}`);
    await hydrated(page);
    await page.locator('.car-actions').getByRole('link', { name: 'Enquire', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Enquire about this car' });
    await fillContact(dialog, typed);
    await dialog.getByLabel('Message').fill(HOSTILE);
    await dialog.getByRole('button', { name: 'Enquire Now' }).click();
    await page.waitForURL(/\/success\?/);

    // Two emails (salesperson, ADF) and one webhook, all about this lead.
    const mails = () => smtp.mails.filter((mail) => mail.replyTo === typed.email);
    const hooks = () => receiver.requests.filter((request) => request.body.includes(typed.email));
    await expect.poll(() => mails().length, { timeout: 60_000 }).toBe(2);
    await expect.poll(() => hooks().length, { timeout: 60_000 }).toBe(1);
    const destinationTo = (type: string) => dealer.destinations.find((d) => d.type === type)!;
    const sales = mails().find((mail) => mail.to === destinationTo('email').to)!;
    const adf = mails().find((mail) => mail.to === crmAddress)!;
    expect(sales, 'the salesperson email').toBeTruthy();
    expect(adf, 'the ADF email').toBeTruthy();

    expect(sales.text).toContain(`Name: ${typed.name} ${typed.last_name}`);
    expect(sales.text).toContain(`Email: ${typed.email}`);
    expect(sales.text).toContain(HOSTILE);
    if (car.stocknum) expect(sales.text).toContain(`Stock number: ${car.stocknum}`);
    expect(sales.text).toContain(`${url}${car.path}`);
    expect(sales.html).not.toContain('<script>');
    expect(sales.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp;');

    expect(XMLValidator.validate(adf.text)).toBe(true);
    const prospect = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false, trimValues: false }).parse(adf.text).adf.prospect;
    const vehicle = Array.isArray(prospect.vehicle) ? prospect.vehicle[0] : prospect.vehicle;
    expect(vehicle).toMatchObject({ '@interest': 'buy', year: String(car.year), make: car.make, model: car.model });
    if (car.stocknum) expect(vehicle.stock).toBe(car.stocknum);
    if (car.vin) expect(vehicle.vin).toBe(car.vin);
    if (car.price !== null && car.price !== undefined) expect(vehicle.price['#text']).toBe(String(car.price));
    const contact = prospect.customer.contact;
    expect(contact.name).toEqual([
      { '#text': typed.name, '@part': 'first' },
      { '#text': typed.last_name, '@part': 'last' },
    ]);
    expect(contact.email).toBe(typed.email);
    expect(contact.phone['#text']).toBe(typed.phone);
    expect(contact.address.postalcode).toBe(typed.postcode);
    expect(prospect.customer.comments.startsWith(`${HOSTILE}\n`)).toBe(true);
    expect(prospect.vendor.vendorname).toBeTruthy();
    expect(prospect.provider.name['#text']).toBe(config.name);

    const [hook] = hooks();
    expect(verifyWebhook({ secret: SECRET, header: hook.headers[SIGNATURE_HEADER.toLowerCase()] as string, body: hook.body })).toBe(true);
    expect(verifyWebhook({ secret: 'not-the-secret', header: hook.headers[SIGNATURE_HEADER.toLowerCase()] as string, body: hook.body })).toBe(false);
    expect(hook.headers[DELIVERY_ID_HEADER.toLowerCase()]).toBeTruthy();
    const body = JSON.parse(hook.body);
    expect(body).toMatchObject({
      event: 'lead.created',
      comments: HOSTILE,
      contact: { first_name: typed.name, last_name: typed.last_name, email: typed.email },
    });

    // /metrics (read from this worker, a loopback client) counts the typed lead and its deliveries.
    const metrics = () => fetch(`${url}/metrics`).then((answer) => answer.text());
    await expect.poll(metrics, { timeout: 30_000 }).toMatch(/^forecourt_deliveries_total\{channel="webhook",outcome="sent"\} 1$/m);
    const counted = await metrics();
    expect(counted).toContain(`forecourt_leads_received_total{dealer="${dealer.slug}",form="enquiry"} 1`);
    expect(counted).toMatch(/^forecourt_deliveries_total\{channel="email",outcome="sent"\} 1$/m);
    expect(counted).toMatch(/^forecourt_deliveries_total\{channel="adf_email",outcome="sent"\} 1$/m);

    // The dealer's inbox: sign-in, the list with this lead's deliveries sent, the lead's own page.
    await page.goto(`${url}/admin/`);
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect(await axeViolations(page), 'sign-in page').toEqual([]);
    await page.getByLabel('User name').fill(ADMIN.user);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/admin\/$/);
    const row = page.getByRole('row').filter({ hasText: typed.email });
    await expect(async () => {
      await page.reload();
      await expect(row.getByText('sent', { exact: true })).toHaveCount(3, { timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    expect(await axeViolations(page), 'list page').toEqual([]);
    await row.getByRole('link', { name: /everything it holds/ }).click();
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(/^Lead #\d+$/);
    await expect(page.getByRole('row').filter({ hasText: 'message' }).getByRole('cell')).toHaveText(HOSTILE);
    expect(await axeViolations(page), 'record page').toEqual([]);
  } finally {
    await served.dispose();
    await Promise.all([smtp.stop(), receiver.close()]);
  }
});
