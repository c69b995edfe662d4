/**
 * The shopper pages hydrate without mismatch or console errors, and pass axe (WCAG 2.x A/AA)
 * with their dialogs, forms and error states open.
 */
import { axeViolations as axe } from '../axe.ts';
import { watchPage } from '../pageHealth.ts';
import { CARS, expect, hydrated, test } from './shop.ts';

const PAGES = [
  CARS.corolla.path,
  CARS.sold.path,
  '/favourites',
  '/compare',
  '/contact',
  '/contact-us/shopper-motors',
  '/success?category=test-drive',
  '/search/used-cars',
];

// One tab visits every page in turn (as a shopper does; a fresh browser per page would cost
// several times as long on CI's 2-core machine), each page's problems reported under its path.
test('the shopper pages hydrate cleanly, with saved cars too, and pass axe', async ({ page, shop }) => {
  // Saved cars make the live state differ from the server HTML: hydration must still match.
  await page.addInitScript(() => localStorage.setItem('favourites', JSON.stringify([{ id: 9001 }, { id: 9003 }])));
  for (const path of PAGES) {
    const watch = watchPage(page, { hydrationWarnings: true });
    await page.goto(`${shop.url}${path}`);
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    watch.stop();
    expect.soft(watch.problems(), path).toEqual([]);
    expect.soft(await axe(page), path).toEqual([]);
  }
});

test('open dialogs and error states pass axe; focus moves into the dialog and back', async ({ page, shop }) => {
  await page.goto(`${shop.url}${CARS.corolla.path}`);
  await hydrated(page);
  const opener = page.locator('.car-actions').getByRole('link', { name: 'Book a Test Drive' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Book a Test Drive' });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator(':focus')).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.locator('.form-summary')).toBeFocused();
  expect(await axe(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  // Reopening shows what was there: nothing typed is lost by closing.
  await opener.click();
  await expect(dialog.locator('.form-summary')).toBeVisible();
});

test('keyboard only: open the enquiry form, fill it and submit with Enter', async ({ page, shop }) => {
  await page.goto(`${shop.url}${CARS.rav4.path}`);
  await hydrated(page);
  await page.locator('.car-actions').getByRole('link', { name: 'Enquire', exact: true }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Enquire about this car' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('First Name').focus();
  for (const text of ['Kay', 'Bee', 'kay.bee@example.com', '0412345678', '2300', 'Hello']) {
    await page.keyboard.type(text);
    await page.keyboard.press('Tab');
  }
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab'); // back on Message; Enter in a textarea is a new line
  await dialog.getByLabel('Email Address').press('Enter');
  await page.waitForURL(/\/success\?category=new-vehicle-enquiry/);
});
