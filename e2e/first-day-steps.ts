import { mkdirSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';

/** Screenshots of the first-day screens land here, to be looked at. */
export const SHOTS = '.tmp/shots';
mkdirSync(SHOTS, { recursive: true });

/** The "Primeiros passos" checklist on the owner's home. */
export const checklist = (page: Page) => page.getByRole('region', { name: 'Primeiros passos' });

/** A full-page screenshot at 1366 and at 390 px, then back to 1366. */
export async function shoot(page: Page, name: string) {
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

/**
 * "Salvar alterações", then this save's own "Configurações salvas!": the last step's toast may still be
 * on screen, and taking it for this one would leave for the home before the save has landed.
 */
export async function saveSettings(page: Page) {
  const saved = page.getByText('Configurações salvas!');
  await expect(saved).toHaveCount(0);
  await page.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(saved).toBeVisible();
}

/**
 * "Um pedido de teste" from the checklist: the menu opens in its own tab in test mode, which takes an
 * order at any hour; one `product` for pickup paid in cash, then the tab lands on the board.
 */
export async function placeTestOrderFromChecklist(page: Page, product: string) {
  const [preview] = await Promise.all([
    page.context().waitForEvent('page'),
    checklist(page)
      .getByRole('link', { name: /Um pedido de teste/ })
      .click(),
  ]);
  await expect(preview.getByText(/Modo de teste/)).toBeVisible();
  await preview.getByRole('article', { name: product, exact: true }).getByRole('button', { name: 'Adicionar' }).click();
  await preview.getByRole('button', { name: /Ver carrinho/ }).click();
  await preview.getByRole('button', { name: 'Finalizar Pedido' }).click();
  const checkout = preview.getByRole('dialog', { name: 'Finalizar Pedido' });
  await checkout.getByLabel('Nome', { exact: true }).fill('Lúcia (teste)');
  await checkout.getByLabel('Telefone').fill('31987654321');
  await checkout.getByText('Retirada', { exact: true }).click();
  await checkout.getByText('Dinheiro', { exact: true }).click();
  await checkout.getByLabel('Troco para quanto?').fill('50');
  await checkout.getByRole('button', { name: 'Finalizar Pedido' }).click();
  await expect(preview.getByText('Pedido de teste enviado!')).toBeVisible();
  await expect(preview).toHaveURL(/\/admin\/orders$/);
  await expect(preview.getByText('Teste', { exact: true }).first()).toBeVisible();
  await preview.close();
}
