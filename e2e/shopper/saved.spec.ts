/**
 * Favourites, the compare strip and /compare across pages and tabs, and the phone reveal.
 */
import { CARS, events, expect, hydrated, recordEvents, test } from './shop.ts';

test.beforeEach(async ({ page }) => recordEvents(page));

test.describe('favourites', () => {
  test('toggle on the car page: counter fills, event 39 on add only, /favourites lists and removes', async ({ page, shop }) => {
    await page.goto(`${shop.url}${CARS.corolla.path}`);
    await hydrated(page);
    const counter = page.locator('.favourites-counter');
    await expect(counter).toHaveAttribute('data-filled', 'false');
    const toggle = page.locator('.car-detail__intro').getByRole('button', { name: 'Save' });
    await toggle.click();
    await expect(page.locator('.car-detail__intro').getByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'true');
    await expect(counter).toHaveAttribute('data-filled', 'true');
    await expect(page.locator('[data-favourites-count]')).toHaveText('1');
    expect(await page.evaluate(() => localStorage.getItem('favourites'))).toBe('[{"id":9001}]');
    expect((await events(page)).filter((e) => e.event_id === 39)).toHaveLength(1);

    await page.goto(`${shop.url}/favourites`);
    await expect(page.getByRole('heading', { name: '2022 Toyota Corolla', level: 2 })).toBeVisible();
    await expect(page.locator('[data-favourites-count]')).toHaveText('1');
    await page.getByRole('button', { name: 'Remove 2022 Toyota Corolla' }).click();
    await expect(page.getByText('No Saved Cars')).toBeVisible();
    await expect(page.locator('[data-favourites-count]')).toHaveText('0');
    expect((await events(page)).filter((e) => e.event_id === 39)).toHaveLength(1);
  });

  test('toggle on a search card', async ({ page, shop }) => {
    await page.goto(`${shop.url}/search/used-cars`);
    await hydrated(page);
    const card = page.locator(`.car-card[data-car-id="${CARS.ranger.id}"]`);
    await card.getByRole('button', { name: /Save .* to favourites/ }).click();
    await expect(card.getByRole('button', { name: /Save .* to favourites/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('[data-favourites-count]')).toHaveText('1');
  });

  test('two tabs stay in step', async ({ context, shop }) => {
    const one = await context.newPage();
    const two = await context.newPage();
    await one.goto(`${shop.url}${CARS.corolla.path}`);
    await two.goto(`${shop.url}/favourites`);
    await hydrated(one);
    await hydrated(two);
    await one.locator('.car-detail__intro').getByRole('button', { name: 'Save' }).click();
    await expect(two.locator('[data-favourites-count]')).toHaveText('1');
    await expect(two.getByRole('heading', { name: '2022 Toyota Corolla', level: 2 })).toBeVisible();
    await two.getByRole('button', { name: 'Remove 2022 Toyota Corolla' }).click();
    await expect(one.locator('.car-detail__intro').getByRole('button', { name: 'Save' })).toHaveAttribute('aria-pressed', 'false');
    await expect(one.locator('[data-favourites-count]')).toHaveText('0');
  });

  test('a share link reproduces the shortlist on another device', async ({ page, browser, shop }) => {
    await page.goto(`${shop.url}${CARS.corolla.path}`);
    await hydrated(page);
    await page.locator('.car-detail__intro').getByRole('button', { name: 'Save' }).click();
    await page.goto(`${shop.url}${CARS.cx5.path}`);
    await hydrated(page);
    await page.locator('.car-detail__intro').getByRole('button', { name: 'Save' }).click();
    await page.goto(`${shop.url}/favourites`);
    const link = await page.locator('[data-share-link]').inputValue();
    expect(link).toBe(`${shop.url}/favourites?ids=9001,9003`);

    const other = await browser.newContext();
    const phone = await other.newPage();
    await phone.goto(link);
    await expect(phone.getByRole('heading', { name: '2022 Toyota Corolla', level: 2 })).toBeVisible();
    await expect(phone.getByRole('heading', { name: '2024 Mazda CX-5', level: 2 })).toBeVisible();
    await phone.getByRole('button', { name: 'Save these cars' }).click();
    await expect(phone.locator('[data-favourites-count]')).toHaveText('2');
    await other.close();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('car page: enquire without scrolling, the action bar covers no content, the map loads on click; favourites Remove is clickable', async ({
    page,
    shop,
  }) => {
    // The map provider is outside this machine: its page is answered here, and every request counted.
    const mapRequests: string[] = [];
    await page.route('https://www.google.com/**', (route) => {
      mapRequests.push(route.request().url());
      return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>map</title>' });
    });
    await page.goto(`${shop.url}${CARS.corolla.path}`);
    await hydrated(page);
    const bar = page.getByRole('navigation', { name: 'Quick actions' });
    await expect(bar.getByRole('link', { name: 'Enquire' })).toBeInViewport();
    // On a phone the price-and-actions card scrolls with the page: a sticky one stayed on screen over the details scrolling under it.
    expect(await page.locator('.car-detail__sidebar').evaluate((e) => getComputedStyle(e).position)).toBe('static');
    // A dialog opened from the price-and-actions card keeps its own layout: the card's full-width
    // buttons rule stopped at the dialog, so the close button sits beside the title, not under it.
    await page.locator('.car-detail__sidebar').getByRole('link', { name: 'Enquire', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Enquire about this car' });
    const close = (await dialog.getByRole('button', { name: 'Close' }).boundingBox())!;
    const title = (await dialog.getByRole('heading', { name: 'Enquire about this car' }).boundingBox())!;
    expect(close.width).toBeLessThanOrEqual(64);
    expect(close.y).toBeLessThan(title.y + title.height);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    // Scrolled to the end, the last of the page's content ends above the bar.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const barTop = (await bar.boundingBox())!.y;
    const contentBottom = await page.evaluate(() => {
      const fixed = (e: Element | null): boolean => !!e && (['fixed', 'sticky'].includes(getComputedStyle(e).position) || fixed(e.parentElement));
      const boxes = [...document.body.querySelectorAll('*')].filter((e) => e.getClientRects().length > 0 && !fixed(e)).map((e) => e.getBoundingClientRect());
      return Math.max(...boxes.filter((b) => b.height > 0).map((b) => b.bottom));
    });
    expect(contentBottom).toBeLessThanOrEqual(barTop + 0.5);

    // The location map costs nothing until clicked: no request to the map provider, no iframe.
    expect(mapRequests).toEqual([]);
    const map = page.locator('#vehicle-map');
    await expect(map.locator('iframe')).toHaveCount(0);
    await map.getByRole('button', { name: /^Show map of / }).click();
    await expect(map.locator('iframe')).toHaveAttribute('src', /^https:\/\/www\.google\.com\/maps/);
    await expect.poll(() => mapRequests.length).toBeGreaterThan(0);

    await page.evaluate(() => localStorage.setItem('favourites', JSON.stringify([{ id: 9001 }, { id: 9003 }])));
    await page.goto(`${shop.url}/favourites`);
    await expect(page.getByRole('heading', { name: '2024 Mazda CX-5', level: 2 })).toBeVisible();
    // A plain click: it fails if anything (the next card) covers the button.
    await page.getByRole('button', { name: 'Remove 2022 Toyota Corolla' }).click();
    await expect(page.getByRole('heading', { name: '2022 Toyota Corolla', level: 2 })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: '2024 Mazda CX-5', level: 2 })).toBeVisible();
  });
});

test.describe('compare', () => {
  test('the strip shows for 5 seconds after the saved list changes, with thumbnails, names, X and +N', async ({ page, shop }) => {
    await page.clock.install();
    await page.addInitScript(() => localStorage.setItem('favourites', JSON.stringify([{ id: 9002 }, { id: 9003 }, { id: 9004 }, { id: 1 }])));
    await page.goto(`${shop.url}${CARS.corolla.path}`);
    await hydrated(page);
    // The strip hydrates when the browser is idle, before the clock is paused.
    await expect(page.locator('[data-island="CompareStrip"]')).toHaveAttribute('data-hydrated');
    const strip = page.getByRole('complementary', { name: 'Compare cars' });
    await expect(strip).toBeHidden();
    // Stop the page's clock so only fastForward moves it (a little ahead: on a loaded machine the
    // page's time moves on between reading it and pausing, and pausing cannot go back).
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 2000);
    await page.locator('.car-detail__intro').getByRole('button', { name: 'Save' }).click();
    await expect(strip).toBeVisible();
    await expect(strip.locator('.compare-slot__name')).toHaveText(['Toyota RAV4', 'Mazda CX-5', 'Ford Ranger']);
    await expect(strip.locator('img.compare-slot__thumb').first()).toHaveAttribute('width', '130');
    await expect(strip.locator('img.compare-slot__thumb').first()).toHaveAttribute('height', '80');
    await expect(strip.getByRole('link', { name: /Compare Cars/ })).toHaveAttribute('href', '/compare');
    await expect(strip.locator('.compare-strip__badge')).toHaveText('+2');
    await page.clock.fastForward(4900);
    await expect(strip).toBeVisible();
    await page.clock.fastForward(200);
    await expect(strip).toBeHidden();
    // The X removes a car (and shows the strip again for another 5 seconds).
    await page.locator('.car-detail__intro').getByRole('button', { name: 'Saved' }).click();
    await expect(strip).toBeVisible();
    await strip.getByRole('button', { name: 'Remove Toyota RAV4' }).click();
    await expect(strip.locator('.compare-slot__name')).toHaveText(['Mazda CX-5', 'Ford Ranger', 'Saved car']);
    await expect(strip.locator('.compare-strip__badge')).toHaveCount(0);
  });

  test("empty slots: 'No Saved Cars' with 'Get Started', else their number", async ({ page, shop }) => {
    await page.clock.install();
    await page.goto(`${shop.url}${CARS.corolla.path}`);
    await hydrated(page);
    // The strip hydrates when the browser is idle, before the clock is paused.
    await expect(page.locator('[data-island="CompareStrip"]')).toHaveAttribute('data-hydrated');
    const strip = page.getByRole('complementary', { name: 'Compare cars' });
    await page.locator('.car-detail__intro').getByRole('button', { name: 'Save' }).click();
    await expect(strip.locator('.compare-slot__number')).toHaveText(['2', '3']);
    await page.locator('.car-detail__intro').getByRole('button', { name: 'Saved' }).click();
    await expect(strip.getByText('No Saved Cars')).toHaveCount(3);
    await expect(strip.getByRole('link', { name: 'Get Started' }).first()).toHaveAttribute('href', '/search/new-used-and-demo-cars');
  });

  test('the strip is only on paths containing cars or search', async ({ page, shop }) => {
    await page.goto(`${shop.url}/contact`);
    await expect(page.locator('.compare-strip')).toHaveCount(0);
    await page.goto(`${shop.url}/search/used-cars`);
    await expect(page.locator('.compare-strip')).toHaveCount(1);
  });

  test('/compare puts the saved cars side by side, highlights differing rows and shares them', async ({ page, shop }) => {
    await page.addInitScript(() => localStorage.setItem('favourites', JSON.stringify([{ id: 9001 }, { id: 9002 }])));
    await page.goto(`${shop.url}/compare`);
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveText(['2022 Toyota Corolla', '2025 Toyota RAV4']);
    await expect(table.locator('tr', { has: page.getByRole('rowheader', { name: /^Make/ }) })).toHaveAttribute('data-differs', 'false');
    await expect(table.locator('tr', { has: page.getByRole('rowheader', { name: /^Model/ }) })).toHaveAttribute('data-differs', 'true');
    await expect(table.locator('tr', { has: page.getByRole('rowheader', { name: /^Price/ }) })).toContainText('$28,990');
    await expect(page.locator('[data-share-link]')).toHaveValue(`${shop.url}/compare?ids=9001,9002`);
  });
});

test.describe('phone reveal', () => {
  test('masked until clicked; one reveal call with car_id, dealership_id, website_id; event 25; tel: link', async ({ page, shop }) => {
    const reveals: string[] = [];
    page.on('request', (r) => r.url().endsWith('/api/phone-reveal') && reveals.push(r.postData() ?? ''));
    await page.goto(`${shop.url}${CARS.corolla.path}`);
    await hydrated(page);
    const location = page.locator('#vehicle-map');
    const masked = location.getByRole('button', { name: 'Show phone number 02 95** ****', exact: true });
    await expect(masked).toHaveText('02 95** ****');
    await expect(location.locator('a[href^="tel:"]')).toHaveCount(0);
    // No number with a reveal is anywhere in the page's body before the reveal: not in the header,
    // the footer, the enquiry section's 'call us on', a tel: link or island props.
    const body = await page.evaluate(() => document.body.innerHTML);
    expect(body).not.toMatch(/9555\s?010[01]|95550100|95550101/);
    const allMasked = page.locator('button.phone-reveal');
    const before = await allMasked.count();
    const enquire = page.locator('#enquire');
    await expect(enquire.getByRole('button', { name: 'Show phone number 02 95** ****', exact: true })).toBeVisible();
    await expect(page.locator('.site-banner').getByRole('button', { name: 'Show phone number 02 95** ****', exact: true })).not.toHaveCount(0);
    await expect(page.locator('footer').getByRole('button', { name: 'Show phone number 02 95** ****', exact: true })).not.toHaveCount(0);
    // One reveal shows every occurrence of the number (car block, enquiry, banner, footer), in the region's format with an E.164 tel: link.
    await masked.click();
    const revealed = page.locator('a[href="tel:+61295550100"]');
    await expect(revealed).not.toHaveCount(0);
    const shown = await revealed.count();
    expect(shown).toBeGreaterThanOrEqual(4);
    await expect(allMasked).toHaveCount(before - shown);
    await expect(page.locator('.site-banner').getByRole('link', { name: '02 9555 0100' }).first()).toBeVisible();
    await expect(enquire.getByRole('link', { name: '02 9555 0100', exact: true })).toHaveAttribute('href', 'tel:+61295550100');
    const link = location.getByRole('link', { name: '02 9555 0100', exact: true });
    await expect(link).toHaveAttribute('href', 'tel:+61295550100');
    await expect.poll(() => reveals.length).toBe(1);
    expect(JSON.parse(reveals[0])).toEqual({ car_id: 9001, dealership_id: 301, website_id: 301 });
    expect((await events(page)).filter((e) => e.event_id === 25)).toHaveLength(1);
    // Calling logs the phone-call event.
    const call = page.waitForRequest((r) => r.url().endsWith('/api/events/car_phone_call'));
    await link.evaluate((a) => a.addEventListener('click', (event) => event.preventDefault()));
    await link.click();
    expect(JSON.parse((await call).postData() ?? '{}')).toMatchObject({ car_id: 9001, dealership_id: 301 });
    // The department variant reveals on its own; the car's reveal was sent once.
    const departmentReveal = page.waitForRequest((r) => r.url().endsWith('/api/phone-reveal'));
    await location.getByRole('button', { name: /^Service: Show phone number/ }).click();
    await expect(location.getByRole('link', { name: 'Service: 02 9555 0101' })).toBeVisible();
    await departmentReveal;
    expect(reveals).toHaveLength(2);
    // The department number's other occurrence (the banner's) shows with it: nothing on the page is masked now.
    await expect(allMasked).toHaveCount(0);
  });

  test('the lead server stores the reveal', async ({ page, shop }) => {
    // Without site-config.json the lead server would not know dealership 301 and drop the reveal.
    expect(shop.hasSiteConfig, 'generate writes site-config.json for the lead server').toBe(true);
    const before = (await shop.phoneReveals()).length;
    await page.goto(`${shop.url}${CARS.corolla.path}`);
    await hydrated(page);
    await page.locator('#vehicle-map').getByRole('button', { name: 'Show phone number 02 95** ****', exact: true }).click();
    await expect.poll(async () => (await shop.phoneReveals()).length).toBe(before + 1);
  });
});

test.describe('car page', () => {
  test('gallery moves with buttons, arrow keys and thumbnails and opens full screen; certified dialog opens and closes with Escape', async ({ page, shop }) => {
    await page.goto(`${shop.url}${CARS.corolla.path}`);
    await hydrated(page);
    await expect(page.locator('.gallery__count')).toHaveText('1 / 3');
    await page.getByRole('button', { name: 'Next photo' }).click();
    await expect(page.locator('.gallery__count')).toHaveText('2 / 3');
    await page.getByRole('list', { name: /Photos of the/ }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect(page.locator('.gallery__count')).toHaveText('1 / 3');
    const images = page.locator('.gallery img');
    await expect(images.nth(1)).toHaveAttribute('loading', 'lazy');
    await expect(images.nth(1)).toHaveAttribute('width', '800');
    // A thumbnail shows its photo; the full-screen view is the browser's own and is left again.
    const third = page.getByRole('button', { name: 'Show photo 3 of 3' });
    await third.click();
    await expect(page.locator('.gallery__count')).toHaveText('3 / 3');
    await expect(third).toHaveAttribute('aria-current', 'true');
    await page.getByRole('button', { name: 'Full screen' }).click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement?.className ?? '')).toContain('gallery-wrap');
    await page.getByRole('button', { name: 'Exit full screen' }).click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBeNull();

    const opener = page.getByRole('button', { name: 'Toyota Certified Vehicle' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Toyota Certified Vehicle' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('a sold car says so and links to its make; no test drive', async ({ page, shop }) => {
    await page.goto(`${shop.url}${CARS.sold.path}`);
    await expect(page.getByText('This car has been sold.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'See other Hyundai cars in stock' })).toHaveAttribute('href', '/search/hyundai');
    await expect(page.getByRole('link', { name: 'Book a Test Drive' })).toHaveCount(0);
  });
});
