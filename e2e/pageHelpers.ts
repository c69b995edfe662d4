/**
 * Page helpers every browser suite shares: unique emails per test, waiting for islands to
 * hydrate, and typing or checking the contact details every lead form has.
 */
import { expect, type Page } from '@playwright/test';

/** A unique email per test, so leads of parallel tests never mix. */
export function uniqueEmail(tag: string): string {
  return `${tag}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/** Waits until every load-time island on the page has hydrated. */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => [...document.querySelectorAll('[data-island][data-when="load"]')].every((el) => el.hasAttribute('data-hydrated')));
}

/** Contact details a test types. */
export interface Contact {
  name: string;
  last_name: string;
  email: string;
  phone: string;
  postcode: string;
}

type Scope = Page | ReturnType<Page['locator']>;

/** Fills the contact details every form has. */
export async function fillContact(scope: Scope, values: Contact): Promise<void> {
  await scope.getByLabel('First Name').fill(values.name);
  await scope.getByLabel('Last Name').fill(values.last_name);
  await scope.getByLabel('Email Address').fill(values.email);
  await scope.getByLabel('Mobile Number').fill(values.phone);
  await scope.getByLabel('Postcode').fill(values.postcode);
}

/** Asserts the contact fields hold `values` (nothing typed was lost). */
export async function expectContact(scope: Scope, values: Contact): Promise<void> {
  await expect(scope.getByLabel('First Name')).toHaveValue(values.name);
  await expect(scope.getByLabel('Last Name')).toHaveValue(values.last_name);
  await expect(scope.getByLabel('Email Address')).toHaveValue(values.email);
  await expect(scope.getByLabel('Mobile Number')).toHaveValue(values.phone);
  await expect(scope.getByLabel('Postcode')).toHaveValue(values.postcode);
}

/**
 * The Demo badge of a page served in demo mode: visible at the top, small, and in the page's flow
 * (never fixed over it, so the main action stays uncovered). `width` is the viewport's.
 */
export async function expectDemoBadge(page: Page, width: number): Promise<void> {
  const badge = page.getByRole('complementary', { name: 'Demo mode' });
  await expect(badge, `Demo badge at ${width}px`).toBeVisible();
  await expect(badge).toContainText('Demo');
  const box = (await badge.boundingBox())!;
  expect(box.y).toBeLessThan(5);
  expect(box.height).toBeLessThanOrEqual(width < 500 ? 60 : 32);
  expect(await badge.evaluate((element) => getComputedStyle(element).position)).toBe('static');
}
