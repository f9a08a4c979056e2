// The gate in Chromium: lot staff (granted by the administrator) check a booking in from its parking pass QR
// shown to a fake camera (a Y4M video of the QR, so the page's real scanner reads it), and check another in and
// out by its typed confirmation number. Signed out, the page asks to sign in.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import QRCode from 'qrcode';
import config from '../../playwright.config';
import { lotWallClock } from '@/server/modules/catalogue/lot-time';
import { checkoutRequest } from '../support/factories';
import { expect, test, type Login } from './fixtures';
import { bostonLot, newPerson, staffAccount } from './support/gate';

// One video file per worker process: written with the pass before the camera starts (Chromium opens it then). In
// the run's data directory (playwright.config.ts), so it goes with it.
const VIDEO = path.join(process.env.E2E_DATA_DIR!, `gate-pass-${process.pid}.y4m`);
const base = config.use?.launchOptions ?? {};
// Chromium must find a video file when it starts; each scanning test writes its own pass into it. (The runner
// loads this file too, to list its tests, before the web server has made the directory.)
fs.mkdirSync(path.dirname(VIDEO), { recursive: true });
if (!fs.existsSync(VIDEO)) writeQrVideo(VIDEO, 'PP-NOTAPASS');

test.use({
  permissions: ['camera'],
  launchOptions: {
    ...base,
    args: [...(base.args ?? []), '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${VIDEO}`],
  },
});

/** A grayscale Y4M video (YUV 4:2:0, 640x480, a few frames) of the QR code of `text`, quiet zone included. */
function writeQrVideo(file: string, text: string) {
  const W = 640;
  const H = 480;
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const scale = Math.floor((H * 0.8) / (modules.size + 2 * quiet));
  const side = scale * (modules.size + 2 * quiet);
  const left = Math.floor((W - side) / 2);
  const top = Math.floor((H - side) / 2);
  const luma = Buffer.alloc(W * H, 200); // a light grey room around a white card
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const row = Math.floor(y / scale) - quiet;
      const col = Math.floor(x / scale) - quiet;
      const dark = row >= 0 && col >= 0 && row < modules.size && col < modules.size && modules.get(row, col);
      luma[(top + y) * W + left + x] = dark ? 16 : 235;
    }
  }
  const chroma = Buffer.alloc((W / 2) * (H / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  fs.writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`), ...Array.from({ length: 5 }, () => frame)]));
}

/** A traveller (another person) books the lot from half an hour from now (inside the gate's window) until tomorrow. */
async function bookNow(browser: Browser, login: Login, lot: { id: number; state: string }, plate: string) {
  const context = await newPerson(browser, 77);
  try {
    const { email } = await login({ name: 'Greta Gate', context });
    const res = await context.request.post('/api/bookings/automated', {
      data: checkoutRequest(lot.id, {
        email,
        arrival: lotWallClock(new Date(Date.now() + 30 * 60_000), lot.state),
        departure: lotWallClock(new Date(Date.now() + 26 * 3_600_000), lot.state),
        customer: { firstName: 'Greta', lastName: 'Gate', phone: '555-010-0177' },
        reservation: { licensePlate: plate },
      }),
    });
    expect(res.ok(), await res.text()).toBe(true);
    return (await res.json()).confirmationNumber as string;
  } finally {
    await context.close();
  }
}

test('lot staff check a car in by scanning its parking pass with the camera', async ({ page, browser, login }) => {
  const lot = await bostonLot(page.request);
  const confirmation = await bookNow(browser, login, lot, 'SCAN1');
  writeQrVideo(VIDEO, confirmation);
  await staffAccount(browser, login, lot.id, page.context());

  await page.goto('/gate');
  await expect(page.getByRole('heading', { level: 1, name: 'Gate check-in' })).toBeVisible();
  await expect(page.getByText(lot.name).first()).toBeVisible();
  await page.getByRole('button', { name: 'Scan a pass' }).click();
  // Chromium on Linux has no BarcodeDetector: jsQR reads the frames (phones and Macs use the native reader).
  await expect(page.getByLabel('Camera view')).toHaveAttribute('data-engine', /^(native|jsqr)$/);

  const result = page.getByRole('region', { name: 'Valid', exact: true });
  await expect(result).toBeVisible({ timeout: 15_000 });
  await expect(result.getByTestId('pass-reason')).toHaveText(/^Valid until|^Early arrival/);
  await expect(result.getByText(confirmation, { exact: true })).toBeVisible();
  await expect(result.getByText('SCAN1', { exact: true })).toBeVisible();
  await expect(result.getByText('Greta Gate', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Check in' }).click();
  await expect(page.getByRole('heading', { name: 'Checked in', exact: true })).toBeVisible();
  await expect(page.getByTestId('pass-reason')).toHaveText(/^Checked in on /);
  const recorded = await (await page.request.get(`/api/gate/bookings/${confirmation}`)).json();
  expect(recorded.booking.checkedInAt).toBeTruthy();
  expect(recorded.canCheckOut).toBe(true);
});

test('lot staff check a car in and out by its typed confirmation number', async ({ page, browser, login }) => {
  await page.goto('/gate');
  await expect(page.getByRole('heading', { name: 'Sign in to work the gate' })).toBeVisible();

  const lot = await bostonLot(page.request);
  const confirmation = await bookNow(browser, login, lot, 'TYPE2');
  await staffAccount(browser, login, lot.id, page.context());
  await page.goto('/gate');

  const field = page.getByRole('textbox', { name: 'Confirmation number' });
  await field.fill('PP-');
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await expect(page.getByText('Enter a confirmation number like PP-7K3M9Q2H.')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');

  await field.fill(`  ${confirmation.toLowerCase()} `);
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Valid', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Valid', exact: true }).getByText('TYPE2', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Check in' }).click();
  await expect(page.getByRole('heading', { name: 'Checked in', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Check out' }).click();
  await expect(page.getByRole('heading', { name: 'Checked out', exact: true })).toBeVisible();
  await expect(page.getByTestId('pass-reason')).toHaveText(/^Already checked out on /);

  // A number that is not one of this lot's bookings.
  await page.getByRole('button', { name: 'Next pass' }).click();
  await field.fill('PP-ZZZZZZZZ');
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Not valid', exact: true })).toBeVisible();
  await expect(page.getByTestId('pass-reason')).toHaveText('No booking with that confirmation number at your lots.');

  const pass = await (await page.request.get(`/api/gate/bookings/${confirmation}`)).json();
  expect(pass.booking).toMatchObject({ status: 'completed', checkedInLocal: expect.any(String), checkedOutLocal: expect.any(String) });
});

test('at the gate on a phone: a number typed "pp 7yhnefsk" finds the pass, the plate shows whole, another lot is named', async ({ page, browser, isMobile, login }) => {
  const lot = await bostonLot(page.request);
  const plate = 'LONGPLATE123';
  const confirmation = await bookNow(browser, login, lot, plate);
  await staffAccount(browser, login, lot.id, page.context());
  await page.goto('/gate');

  // Typed as a person reads it off a phone: lower case, a space instead of the dash.
  const field = page.getByRole('textbox', { name: 'Confirmation number' });
  await field.fill(`pp ${confirmation.slice(3).toLowerCase()}`);
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  const result = page.getByRole('region', { name: 'Valid', exact: true });
  await expect(result).toBeVisible();
  await expect(result.getByText(confirmation, { exact: true })).toBeVisible();

  // The plate is whole: its chip is as wide as its text and inside the screen.
  const chip = result.getByText(plate, { exact: true });
  await expect(chip).toBeVisible();
  const fits = async (el: typeof chip) =>
    el.evaluate((node) => {
      const r = node.getBoundingClientRect();
      return node.scrollWidth <= node.clientWidth + 1 && r.left >= 0 && r.right <= window.innerWidth && getComputedStyle(node).textOverflow !== 'ellipsis';
    });
  expect(await fits(chip)).toBe(true);
  await page.screenshot({ path: test.info().outputPath(`gate-valid-${isMobile ? 390 : 1280}.png`) });
  // So it is in today's arrivals, beside the car's name (unless, in the lot's last half hour of the day, it
  // arrives after midnight: tomorrow's list).
  await page.getByRole('button', { name: 'Next pass' }).click();
  const today = lotWallClock(new Date(), lot.state).slice(0, 10);
  if ((await (await page.request.get(`/api/gate/bookings/${confirmation}`)).json()).booking.arrivalDate.startsWith(today)) {
    const row = page.getByRole('list', { name: 'Arrivals today' }).getByRole('button').filter({ hasText: confirmation });
    const listed = row.getByText(plate, { exact: true });
    await expect(listed).toBeVisible();
    expect(await fits(listed)).toBe(true);
  }
  await page.screenshot({ path: test.info().outputPath(`gate-${isMobile ? 390 : 1280}.png`), fullPage: true });

  // A pass of a lot this staff member does not work: the lot is named, nothing else of the booking shown.
  const other = (
    await (
      await page.request.get(
        `/api/search?location=BOS&arrivalDate=${new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)}&departureDate=${new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10)}`,
      )
    ).json()
  ).providers[1] as { id: number; name: string };
  const elsewhere = await bookNow(browser, login, { id: other.id, state: 'MA' }, 'ELSEWHERE1');
  await field.fill(elsewhere.slice(3));
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Not valid', exact: true })).toBeVisible();
  await expect(page.getByTestId('pass-reason')).toHaveText(`This pass is for another lot (${other.name}).`);
  await expect(page.getByText('send the driver to the lot named above')).toBeVisible();
  await expect(page.getByText('ELSEWHERE1')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath(`gate-other-lot-${isMobile ? 390 : 1280}.png`), fullPage: true });
});

test('without a code: staff find a booking by its plate typed in lower case with spaces, and check it in', async ({ page, browser, isMobile, login }) => {
  const lot = await bostonLot(page.request);
  const plate = `FND${isMobile ? 'M' : 'D'}${String(Date.now()).slice(-4)}`;
  const confirmation = await bookNow(browser, login, lot, plate);
  await staffAccount(browser, login, lot.id, page.context());
  await page.goto('/gate');

  const field = page.getByRole('textbox', { name: 'Find a booking' });
  await field.fill('x');
  await page.getByRole('button', { name: 'Find', exact: true }).click();
  await expect(page.getByText('Type a plate, a last name or the last 4 digits of the phone.')).toBeVisible();

  // As read off the car: lower case, a space in the middle.
  await field.fill(`${plate.slice(0, 3).toLowerCase()} ${plate.slice(3).toLowerCase()}`);
  await page.getByRole('button', { name: 'Find', exact: true }).click();
  const results = page.getByRole('list', { name: 'Bookings found' });
  const hit = results.getByRole('button').filter({ hasText: confirmation });
  await expect(hit).toBeVisible();
  await expect(hit.getByText(plate, { exact: true })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath(`gate-find-${isMobile ? 390 : 1280}.png`), fullPage: true });

  await hit.click();
  await expect(page.getByRole('region', { name: 'Valid', exact: true }).getByText(confirmation, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Check in' }).click();
  await expect(page.getByRole('heading', { name: 'Checked in', exact: true })).toBeVisible();

  // Nothing of the sort at this lot: said plainly.
  await field.fill('zz no such plate');
  await page.getByRole('button', { name: 'Find', exact: true }).click();
  await expect(page.getByText('No booking today or parked now matches “zz no such plate”.')).toBeVisible();
});
