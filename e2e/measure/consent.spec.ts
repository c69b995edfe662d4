/**
 * Measurement behind consent (domain/consent.ts, ui/islands/consentStart.ts), on two fixture
 * dealers with GA4 and the Meta Pixel configured: an AU one (opt-in) and a US one (opt-out).
 * The e2e Chromium resolves no outside host, so third-party requests are routed to an empty 204
 * and counted: what matters is which the page attempts, and when.
 */
import { test as base, expect, type Page } from '@playwright/test';
import { FIXTURE_NOW } from '../fixtureSet.ts';
import { serveGeneratedSites } from '../servedFixture.ts';
import { fillContact, hydrated, uniqueEmail } from '../pageHelpers.ts';
import { axeViolations } from '../axe.ts';

const AU = 'measure-motors-au';
const US = 'measure-motors-us';
const CAR = '/cars/2022-toyota-corolla-9001';
const THIRD_PARTY = /googletagmanager\.com|google-analytics\.com|facebook\.net|facebook\.com/;
const META = /facebook\.(net|com)/;

const test = base.extend<{ thirdParty: string[] }, { sites: { url(slug: string): string } }>({
  sites: [
    async ({}, use, workerInfo) => {
      const served = await serveGeneratedSites({
        tag: 'measure',
        workerIndex: workerInfo.workerIndex,
        builds: [{ dealersDir: 'fixtures/measure/dealers' }],
        now: FIXTURE_NOW,
      });
      try {
        await use({ url: (slug) => served.url(slug) });
      } finally {
        await served.dispose();
      }
    },
    { scope: 'worker' },
  ],
  // Every request to a tag host, answered with an empty 204 (nothing leaves the machine).
  thirdParty: [
    async ({ page }, use) => {
      const seen: string[] = [];
      await page.route(THIRD_PARTY, (route) => {
        seen.push(route.request().url());
        return route.fulfill({ status: 204, body: '' });
      });
      // The data layer survives navigation (a form goes to /success): every push is kept in sessionStorage.
      await page.addInitScript(() => {
        const layer: unknown[] = [];
        layer.push = (...items: unknown[]) => {
          const plain = items.map((item) => (Object.prototype.toString.call(item) === '[object Arguments]' ? { gtag: [...(item as unknown[])] } : item));
          sessionStorage.setItem('e2e_layer', JSON.stringify([...(JSON.parse(sessionStorage.getItem('e2e_layer') ?? '[]') as unknown[]), ...plain]));
          return Array.prototype.push.apply(layer, items);
        };
        (window as unknown as { dataLayer: unknown[] }).dataLayer = layer;
      });
      await use(seen);
    },
    { auto: true },
  ],
});

type Pushed = { event?: string; gtag?: unknown[]; [key: string]: unknown };
const layer = (page: Page) => page.evaluate(() => JSON.parse(sessionStorage.getItem('e2e_layer') ?? '[]') as Pushed[]);
const banner = (page: Page, name: string) => page.getByRole('region', { name });

test.describe('opt-in (AU)', () => {
  test('no tag request before the choice; Consent Mode defaults first; tags after Accept; the footer link reopens', async ({ page, sites, thirdParty }) => {
    await page.goto(sites.url(AU));
    await hydrated(page);
    await expect(banner(page, 'Cookies and measurement')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(thirdParty, 'no request to a tag host before the choice').toEqual([]);
    const [first] = await layer(page);
    expect(first.gtag).toEqual([
      'consent',
      'default',
      { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied' },
    ]);

    await banner(page, 'Cookies and measurement').getByRole('button', { name: 'Accept' }).click();
    await expect(banner(page, 'Cookies and measurement')).toBeHidden();
    await expect.poll(() => thirdParty.some((url) => url.includes('googletagmanager.com/gtag/js?id=G-MEASURE1'))).toBe(true);
    await expect.poll(() => thirdParty.some((url) => META.test(url))).toBe(true);
    expect((await layer(page)).find((p) => p.gtag?.[1] === 'update')?.gtag?.[2]).toMatchObject({ ad_storage: 'granted', analytics_storage: 'granted' });

    // Remembered: the next page loads the tags at once and shows no banner; the footer link reopens it.
    await page.goto(`${sites.url(AU)}${CAR}`);
    await hydrated(page);
    await expect(banner(page, 'Cookies and measurement')).toBeHidden();
    await page.getByRole('link', { name: 'Cookie settings' }).click();
    await expect(banner(page, 'Cookies and measurement')).toBeVisible();
  });

  test('the banner passes axe and leaves the main action usable on a phone', async ({ page, sites }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ['/', CAR]) {
      await page.goto(`${sites.url(AU)}${path}`);
      await hydrated(page);
      const panel = banner(page, 'Cookies and measurement');
      await expect(panel).toBeVisible();
      expect(await axeViolations(page), `${path} with the banner`).toEqual([]);
      const action = path === '/' ? page.locator('.hero__actions a').first() : page.locator('.car-actions').getByRole('link', { name: 'Enquire', exact: true });
      // The car page's actions are below the fold on a phone: scrolled to, they must clear the banner.
      await action.scrollIntoViewIfNeeded();
      const [a, b] = [await action.boundingBox(), await panel.boundingBox()];
      expect(a && b, 'both are on the screen').toBeTruthy();
      expect(a!.y + a!.height, `${path}: the main action ends above the banner`).toBeLessThanOrEqual(b!.y);
      await page.screenshot({ path: testInfo.outputPath(`banner-390${path === '/' ? '-home' : '-car'}.png`) });
    }
  });

  test('an enquiry typed in the browser and a phone click reach the data layer as ASC events', async ({ page, sites }) => {
    await page.goto(`${sites.url(AU)}${CAR}`);
    await hydrated(page);
    await banner(page, 'Cookies and measurement').getByRole('button', { name: 'Accept' }).click();
    await expect.poll(async () => (await layer(page)).some((p) => p.event === 'asc_item_pageview')).toBe(true);
    expect((await layer(page)).find((p) => p.event === 'asc_item_pageview')).toMatchObject({
      page_type: 'VDP',
      item_id: '9001',
      item_make: 'Toyota',
      item_condition: 'used',
      item_price: 28990,
    });

    const dialog = page.getByRole('dialog', { name: 'Enquire about this car' });
    // The button's island may hydrate after the load-time ones (when it scrolls into view).
    await expect(async () => {
      await page.locator('.car-actions').getByRole('link', { name: 'Enquire', exact: true }).click();
      await expect(dialog).toBeVisible({ timeout: 2_000 });
    }).toPass();
    await fillContact(dialog, { name: 'Ann', last_name: 'Lee', email: uniqueEmail('asc'), phone: '0412 345 678', postcode: '2300' });
    await dialog.getByLabel('Message').fill('Is it still available?');
    await dialog.getByRole('button', { name: 'Enquire Now' }).click();
    await page.waitForURL(/\/success/);
    const pushed = await layer(page);
    expect(pushed.find((p) => p.event === 'asc_form_submission')).toMatchObject({
      department: 'sales',
      form_type: 'consumer_contact',
      page_type: 'VDP',
      item_id: '9001',
    });
    expect(
      pushed.some((p) => p.event === 'form_submit' && p.event_id === 15),
      'the product event (SPEC §9 used 15) stays',
    ).toBe(true);

    // Back on the car page, the stored choice loads the tags at once; then the phone (a tel: link, last:
    // the browser's hand-off of tel: leaves the tab unusable for later clicks).
    await page.goto(`${sites.url(AU)}${CAR}`);
    await hydrated(page);
    const reveal = page.locator('button.phone-reveal').first();
    await reveal.click();
    await page.locator('a.phone-reveal').first().click();
    await expect
      .poll(async () => (await layer(page)).find((p) => p.event === 'asc_click_to_call'))
      .toMatchObject({ event_owner: 'forecourt', department: 'sales', item_id: '9001' });
    expect(
      (await layer(page)).some((p) => p.event === 'phone_call' && p.event_id === 25),
      'the product event stays',
    ).toBe(true);
  });
});

test.describe('opt-out (US) with Global Privacy Control', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }));
  });

  test('analytics loads, no Meta or ads request even after Accept, and advertising stays denied', async ({ page, sites, thirdParty }) => {
    await page.goto(sites.url(US));
    await hydrated(page);
    const panel = banner(page, 'Your privacy choices');
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Do Not Sell or Share My Personal Information' })).toBeVisible();
    // Analytics is not a sale or share: the region's opt-out rule lets it load.
    await expect.poll(() => thirdParty.some((url) => url.includes('gtag/js?id=G-MEASURE2'))).toBe(true);
    await panel.getByRole('button', { name: 'Accept' }).click();
    await page.goto(`${sites.url(US)}/search/new-cars`);
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    expect(thirdParty.filter((url) => META.test(url))).toEqual([]);
    const consent = (await layer(page)).filter((p) => p.gtag?.[0] === 'consent').map((p) => p.gtag?.[2]);
    expect(consent.length).toBeGreaterThan(0);
    for (const state of consent) expect(state).toMatchObject({ ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' });
  });
});
