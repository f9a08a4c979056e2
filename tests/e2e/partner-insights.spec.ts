// The partner portal's Insights tab in Chromium, at 1280 and 390 px: an owner whose two lots have bookings, a
// closed day and a year of statements opens the tab; the charts have names, the tables beside them show the
// day's spaces and each month's money as the server has them (the statement's totals, to the cent), the lot
// filter narrows both, and the screen passes axe. Screenshots at the project's width.
import AxeBuilder from '@axe-core/playwright';
import { recordPartnerLine } from '@/server/modules/partners/ledger';
import { cents } from '@/shared/money';
import { formatDayDate, formatUsd } from '@/shared/format';
import { checkoutRequest } from '../support/factories';
import { expect, test, uniqueEmail } from './fixtures';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const monthLabel = (month: string) => `${SHORT[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

test('an owner reads occupancy and revenue in the Insights tab, charts with their numbers in tables', async ({ page, login, outbox, serverDb, isMobile }) => {
  test.setTimeout(120_000);
  const width = isMobile ? 390 : 1280;
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const ownerEmail = uniqueEmail('insights-owner');

  // The administrator: two lots at MCO and a partner that owns them; the owner accepts the e-mailed invitation.
  await login({ role: 'admin' });
  const places = (await (await page.request.get('/api/admin/locations')).json()) as { id: number; code: string; latitude: number; longitude: number }[];
  const mco = places.find((p) => p.code === 'MCO')!;
  const lots: { id: number; name: string }[] = [];
  for (const [i, capacity] of [12, 8].entries()) {
    const name = `Insights Lot ${i ? 'B' : 'A'} ${stamp}`;
    const created = await page.request.post('/api/admin/lots', {
      data: {
        locationId: mco.id,
        name,
        address: `${i + 1} Insight Way, Orlando, FL 32809`,
        latitude: mco.latitude + 0.01 + i / 100,
        longitude: mco.longitude,
        price: 10,
        capacity,
        cancellationPolicy: 'Free cancellation up to 24 hours before arrival',
        published: true,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    lots.push({ id: (await created.json()).id, name });
  }
  const [lotA, lotB] = lots as [(typeof lots)[0], (typeof lots)[0]];
  const partner = await page.request.post('/api/admin/partners', {
    data: {
      tradingName: `Insight Parking ${stamp}`,
      legalName: `Insight Parking ${stamp} LLC`,
      contactName: 'Iris Owner',
      contactEmail: ownerEmail,
      commissionPercent: 15,
      lotIds: lots.map((l) => l.id),
    },
  });
  expect(partner.status(), await partner.text()).toBe(201);
  const partnerId = (await partner.json()).id as number;
  expect((await page.request.post(`/api/admin/partners/${partnerId}/invitations`, { data: { email: ownerEmail, role: 'owner' } })).status()).toBe(201);
  let token = '';
  await expect
    .poll(async () => {
      const mail = (await outbox()).filter((m) => String(m.to).includes(ownerEmail)).at(-1);
      token = mail ? (/token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] ?? '') : '';
      return token;
    })
    .not.toBe('');
  // Signed out, accepting creates the owner's account and signs this browser in as the owner.
  await page.context().clearCookies();
  const accepted = await page.request.post('/api/partner/invitation/accept', { data: { token, name: 'Iris Owner', password: 'a long enough password' } });
  expect(accepted.status(), await accepted.text()).toBe(200);

  // Travellers book both lots; the owner closes lot B for three days.
  const stays: [number, number, number][] = [
    [lotA.id, 2, 5],
    [lotA.id, 3, 10],
    [lotA.id, 4, 6],
    [lotB.id, 4, 7],
    [lotA.id, 20, 23],
    [lotB.id, 30, 41],
    [lotA.id, 45, 47],
  ];
  let firstBooking = 0;
  for (const [lotId, from, to] of stays) {
    const booked = await page.request.post('/api/bookings/automated', { data: checkoutRequest(lotId, { arrival: `${day(from)}T09:00`, departure: `${day(to)}T09:00` }) });
    expect(booked.ok(), await booked.text()).toBe(true);
    firstBooking ||= (await booked.json()).booking.id as number;
  }
  const closed = await page.request.patch(`/api/partner/lots/${lotB.id}/days?partnerId=${partnerId}`, { data: { from: day(15), to: day(17), closed: true } });
  expect(closed.status(), await closed.text()).toBe(200);
  // Earlier months' statements, written as the ledger writes any line.
  const now = new Date();
  for (const [back, gross] of [
    [1, 41_250],
    [2, 38_990],
    [3, 29_500],
    [4, 31_025],
    [5, -2_000],
    [6, 22_475],
    [8, 18_000],
    [9, 12_345],
  ] as const) {
    await recordPartnerLine(
      serverDb,
      { id: firstBooking, partnerId, commissionBps: 1500 },
      {
        kind: gross < 0 ? 'refund' : 'booking',
        sourceKey: `e2e-insights-${stamp}-${back}`,
        gross: cents(gross),
        at: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 10)),
      },
    );
  }

  // The owner opens the Insights tab.
  await page.goto('/partner');
  await page.getByRole('tab', { name: 'Insights' }).click();
  await expect(page).toHaveURL(/tab=insights/);
  await expect(page.getByRole('img', { name: /^Occupancy, all your lots together/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Revenue per month, all your lots/ })).toBeVisible();

  // The occupancy table says what the server says, day by day.
  const insights = await (await page.request.get(`/api/partner/insights?partnerId=${partnerId}`)).json();
  const days = insights.occupancy.days as { date: string; taken: number; capacity: number; percent: number }[];
  const busy = days.find((d) => d.taken === Math.max(...days.map((x) => x.taken)))!;
  expect(busy.taken).toBe(4);
  const occupancy = page.getByRole('table', { name: /^Occupancy per day/ });
  const dayRow = (date: string) => occupancy.getByRole('row').filter({ has: page.getByRole('rowheader', { name: formatDayDate(date).replace(/, \d{4}$/, ''), exact: true }) });
  await expect(dayRow(busy.date).getByRole('cell')).toHaveText(['4', '20', `${busy.percent} %`, '—']);
  await expect(occupancy.getByRole('cell', { name: '1 of 2', exact: true })).toHaveCount(3);

  // The revenue table's months are the statements' totals.
  const revenue = page.getByRole('table', { name: /^Revenue per month/ });
  for (const back of [0, 2, 5]) {
    const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 7);
    const totals = (await (await page.request.get(`/api/partner/statements/${month}?partnerId=${partnerId}`)).json()).totals;
    const row = revenue.getByRole('row').filter({ has: page.getByRole('rowheader', { name: monthLabel(month), exact: true }) });
    await expect(row.getByRole('cell')).toHaveText([formatUsd(totals.gross), formatUsd(totals.commission), formatUsd(totals.net)]);
  }
  await expect(
    revenue
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Total' }) })
      .getByRole('cell'),
  ).toHaveText([formatUsd(insights.revenue.total.gross), formatUsd(insights.revenue.total.commission), formatUsd(insights.revenue.total.net)]);

  const { violations } = await new AxeBuilder({ page }).include('[role="tabpanel"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath(`partner-insights-${width}.png`), fullPage: true });

  // One lot: its own capacity and closures; kept in the address.
  await page.getByLabel('Lot', { exact: true }).selectOption(String(lotB.id));
  await expect(page).toHaveURL(new RegExp(`lot=${lotB.id}`));
  await expect(page.getByRole('img', { name: new RegExp(`^Occupancy, ${lotB.name}`) })).toBeVisible();
  await expect(occupancy.getByRole('row').nth(1).getByRole('cell').nth(1)).toHaveText('8');
  await expect(occupancy.getByRole('cell', { name: 'Closed', exact: true })).toHaveCount(3);
  await page.screenshot({ path: test.info().outputPath(`partner-insights-lot-${width}.png`), fullPage: true });
});

test('the Insights tab of a partner with no lots says so', async ({ page, login, outbox, isMobile }) => {
  const ownerEmail = uniqueEmail('insights-empty');
  await login({ role: 'admin' });
  const partner = await page.request.post('/api/admin/partners', {
    data: { tradingName: `Empty Parking ${Date.now()}`, legalName: 'Empty Parking LLC', contactName: 'Eve', contactEmail: ownerEmail, commissionPercent: 15, lotIds: [] },
  });
  expect(partner.status(), await partner.text()).toBe(201);
  const partnerId = (await partner.json()).id as number;
  expect((await page.request.post(`/api/admin/partners/${partnerId}/invitations`, { data: { email: ownerEmail, role: 'owner' } })).status()).toBe(201);
  let token = '';
  await expect
    .poll(async () => {
      const mail = (await outbox()).filter((m) => String(m.to).includes(ownerEmail)).at(-1);
      token = mail ? (/token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] ?? '') : '';
      return token;
    })
    .not.toBe('');
  await page.context().clearCookies();
  expect((await page.request.post('/api/partner/invitation/accept', { data: { token, name: 'Eve Owner', password: 'a long enough password' } })).status()).toBe(200);
  await page.goto('/partner?tab=insights');
  await expect(page.getByText('No lots yet.')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath(`partner-insights-empty-${isMobile ? 390 : 1280}.png`), fullPage: true });
  await page.getByRole('button', { name: 'Go to your lots' }).click();
  await expect(page).not.toHaveURL(/tab=insights/);
});
