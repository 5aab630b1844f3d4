import { formatBRL } from '@meucardapio/domain/money';
import type { Browser, Page } from '@playwright/test';
import { expect } from './fixtures';

// What the PDV journeys share: picking a payment method by its key, a counter-sized context, the total.

/** Picks a payment method with its number key (the buttons show 1..9). */
export async function pressMethod(page: Page, name: RegExp) {
  const radios = page.getByRole('radiogroup', { name: 'Forma de pagamento' }).getByRole('radio');
  await expect(radios.first()).toBeFocused();
  const labels = await radios.allInnerTexts();
  const index = labels.findIndex((l) => name.test(l.replace(/^\d\s*/, '')));
  expect(index, `method ${name} in ${labels.join(' | ')}`).toBeGreaterThanOrEqual(0);
  await page.keyboard.press(String(index + 1));
  await expect(page.getByLabel('Valor', { exact: true })).toBeFocused();
}

/** A fresh browser context at the counter's size, for a restaurant signed up through the API. */
export async function counterContext(browser: Browser, base: string) {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 }, locale: 'pt-BR' });
  const api = context.request;
  const headers = { origin: base };
  /** Posts as this context's user and expects it to succeed; answers the body. */
  const post = async (path: string, data: unknown) => {
    const res = await api.post(path, { headers, data });
    expect(res.ok(), await res.text()).toBeTruthy();
    return res.json();
  };
  return { headers, context, api, post };
}

/** The total in the cart panel, once it shows `value`. */
export async function expectTotal(page: Page, value: number) {
  await expect(page.getByTestId('pdv-total')).toHaveText(formatBRL(value));
}
