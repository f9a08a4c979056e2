// The catalogue back office in Chromium: an administrator changes a lot's daily price in the lot editor and
// search shows the new price at once (the history names the change); the CSV import check lists the bad line
// and writes nothing, and a clean file imports.
import { formatPrice } from '@/shared/pricing';
import { LOT_CSV_COLUMNS } from '@/shared/schemas/catalogue-admin';
import { expect, test } from './fixtures';

type Place = { id: number; code: string; name: string; latitude: number; longitude: number };
type Lot = { id: number; name: string; price: number };

async function openLotsTab(page: import('@playwright/test').Page) {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  await page.getByRole('tab', { name: 'Lots' }).click();
  await expect(page.getByRole('heading', { name: 'Lots', exact: true })).toBeVisible();
}

test('an administrator changes a lot price and search shows it', async ({ page, login }, info) => {
  await login({ role: 'admin' });
  // The desktop and mobile runs share one server: each edits a lot of its own place.
  const code = info.project.name === 'mobile' ? 'SEA' : 'BOS';
  const places = (await (await page.request.get('/api/admin/locations')).json()) as Place[];
  const place = places.find((p) => p.code === code)!;
  const lots = (await (await page.request.get(`/api/admin/lots?locationId=${place.id}`)).json()).items as Lot[];
  const lot = lots[0]!;
  const price = Math.round((lot.price + 1.11) * 100) / 100;

  await openLotsTab(page);
  await page.getByLabel('Airport or cruise port').selectOption(String(place.id));
  await page.getByLabel('Search lots').fill(lot.name);
  await page.getByRole('button', { name: `Edit ${lot.name}`, exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: lot.name })).toBeVisible();
  await page.getByLabel('Daily price (USD)').fill(String(price));
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Lot saved').first()).toBeVisible();
  // The editor's summary line follows the saved lot.
  await expect(page.locator('p', { hasText: `${code} · ${place.name} ·` })).toContainText(`${formatPrice(price)}/day`);
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByRole('list', { name: 'History' }).getByText(`${formatPrice(lot.price)} → ${formatPrice(price)}`)).toBeVisible();

  await page.goto(`/?location=${code}`);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: lot.name, exact: true }) });
  await expect(card).toContainText(formatPrice(price));
});

test('the CSV import check names the bad line and writes nothing; a clean file imports', async ({ page, login }, info) => {
  await login({ role: 'admin' });
  const mco = ((await (await page.request.get('/api/admin/locations')).json()) as Place[]).find((p) => p.code === 'MCO')!;
  const tag = `${info.project.name} ${Date.now()}`;
  const row = (name: string, price: string) => {
    const cells: Record<string, string> = {
      location_code: 'MCO',
      name,
      address: '"1 Csv Rd, Orlando, FL 32809"',
      latitude: String(mco.latitude + 0.01),
      longitude: String(mco.longitude),
      price,
      capacity: '20',
      amenities: 'Shuttle|Covered',
      published: 'true',
    };
    return LOT_CSV_COLUMNS.map((c) => cells[c] ?? '').join(',');
  };
  const header = LOT_CSV_COLUMNS.join(',');
  const file = (lines: string[]) => ({ name: 'lots.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) });

  await openLotsTab(page);
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import lots from CSV' });
  await dialog.getByLabel(/CSV file/).setInputFiles(file([header, row(`Csv Good ${tag}`, '11.95'), row(`Csv Bad ${tag}`, 'cheap'), row(`Csv Fine ${tag}`, '12.95')]));
  await expect(dialog.getByText('1 line with problems')).toBeVisible();
  const problem = dialog.getByRole('row').filter({ hasText: 'Daily price must be a plain number of dollars and cents' });
  await expect(problem.getByRole('cell').first()).toHaveText('3');
  await expect(dialog.getByRole('button', { name: /^Apply/ })).toBeDisabled();
  expect((await (await page.request.get(`/api/admin/lots?q=${encodeURIComponent(tag)}`)).json()).total).toBe(0);

  await dialog.getByLabel(/CSV file/).setInputFiles(file([header, row(`Csv Good ${tag}`, '11.95'), row(`Csv Fine ${tag}`, '12.95')]));
  await expect(dialog.getByText('Every line is valid. Apply to write all of them at once.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Apply 2 changes' }).click();
  await expect(page.getByText('Import complete').first()).toBeVisible();
  await expect(dialog).toBeHidden();
  expect((await (await page.request.get(`/api/admin/lots?q=${encodeURIComponent(tag)}`)).json()).total).toBe(2);
});
