import { expect, test } from '@playwright/test';
import { signUpOwner } from './fixtures';

const DAY_MS = 24 * 3_600_000;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** Today's day of the week (0 = Sunday) in São Paulo, the restaurant's timezone. */
const todayInSaoPaulo = () =>
  WEEKDAYS.indexOf(new Date().toLocaleDateString('en-US', { timeZone: 'America/Sao_Paulo', weekday: 'short' }));

test('a phone set to the wrong day still sees an open restaurant as open (the server’s clock decides)', async ({
  browser,
  baseURL,
}) => {
  const owner = await browser.newContext();
  const slug = await signUpOwner(owner.request, baseURL!, {
    name: 'Dona Hora',
    company: 'Relógio',
    emailPrefix: 'relogio',
  });
  const today = todayInSaoPaulo();
  // Open all of today only: by a phone three days ahead the restaurant would be closed.
  const hours = await owner.request.put('/api/admin/hours', {
    headers: { origin: baseURL! },
    data: {
      hours: Array.from({ length: 7 }, (_, day) =>
        day === today
          ? { dayOfWeek: day, isClosed: false, openTime: '00:00', closeTime: '23:59' }
          : { dayOfWeek: day, isClosed: true },
      ),
    },
  });
  expect(hours.ok(), await hours.text()).toBeTruthy();
  await owner.close();

  const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await visitor.newPage();
  await page.clock.setFixedTime(new Date(Date.now() + 3 * DAY_MS));
  await page.goto(`/${slug}`);
  await expect(page.getByTestId('open-status')).toHaveText('Aberto');
  // Still open after the page's own minute re-check (which asks the server again).
  await page.clock.runFor(61_000);
  await expect(page.getByTestId('open-status')).toHaveText('Aberto');
  await expect(page.getByText(/Estamos fechados/)).toHaveCount(0);
  await visitor.close();
});
