// Display formats shared by screens and e-mails, always US English. Written out by hand instead of with
// Intl: the first Intl formatter a page builds loads locale data, which costs a phone over 100 ms of
// main-thread time during hydration. format.test.ts checks every function against Intl's output.

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const short = (month: number) => MONTHS[month]!.slice(0, 3);
const pad2 = (n: number) => String(n).padStart(2, '0');

/** '1234567' → '1,234,567' (digits only). */
const group = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** '12,345' for a whole number (counts: views, reviews, visitors). */
export function formatCount(n: number): string {
  const whole = Math.round(n);
  return (whole < 0 ? '-' : '') + group(String(Math.abs(whole)));
}

/** '$1,234.50', '-$3.00'. */
export function formatUsd(dollars: number): string {
  // Round the shortest decimal form (as Intl does: 9.995 → $10.00), not the binary value (9.99499…).
  const abs = Math.abs(dollars);
  const cents = String(abs).includes('e') ? Math.round(abs * 100) : Math.round(Number(`${abs}e2`));
  const sign = dollars < 0 || Object.is(dollars, -0) ? '-' : '';
  return `${sign}$${group(String(Math.floor(cents / 100)))}.${pad2(cents % 100)}`;
}

/** 'Mar 03, 2027' from a UTC date. */
const stayDate = (d: Date) => `${short(d.getUTCMonth())} ${pad2(d.getUTCDate())}, ${d.getUTCFullYear()}`;

/** '9:00 AM' from a UTC date. */
const stayTime = (d: Date) => `${d.getUTCHours() % 12 || 12}:${pad2(d.getUTCMinutes())} ${d.getUTCHours() < 12 ? 'AM' : 'PM'}`;

/** 'Mar 03, 2027 at 9:00 AM' (spec: MMM dd, yyyy 'at' h:mm a) from a wall-clock 'YYYY-MM-DD[THH:mm]'. */
export function formatStay(value: string): string {
  const d = new Date(`${value.length === 10 ? `${value}T00:00` : value}:00Z`);
  if (Number.isNaN(d.getTime())) return value;
  return `${stayDate(d)} at ${stayTime(d)}`;
}

/** 'Wed, Mar 3, 2027' from a wall-clock 'YYYY-MM-DD[THH:mm]'. */
export function formatDayDate(value: string): string {
  const d = new Date(`${value.length === 10 ? `${value}T00:00` : value}:00Z`);
  if (Number.isNaN(d.getTime())) return value;
  return `${WEEKDAYS[d.getUTCDay()]}, ${short(d.getUTCMonth())} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
}

/** 'March 3, 2027' (UTC), or '' without a date. */
export function formatLongDate(value: Date | string | null): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
}

/** 'March 2027' (UTC). */
export function formatMonthYear(value: Date | string): string {
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? '' : `${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** 'Dec 3 – Dec 5' (same year as each other; the year is left out) from wall-clock dates. */
export function formatShortRange(from: string, to: string): string {
  const day = (v: string) => {
    const d = new Date(`${v.slice(0, 10)}T00:00:00Z`);
    return Number.isNaN(d.getTime()) ? v : `${short(d.getUTCMonth())} ${d.getUTCDate()}`;
  };
  return `${day(from)} – ${day(to)}`;
}

const CARD_BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** 'visa' → 'Visa', 'amex' → 'American Express'; anything unknown is 'Card'. */
export function cardBrandName(brand: string | null | undefined): string {
  return (brand && CARD_BRANDS[brand.toLowerCase()]) || 'Card';
}

/** 'Visa ending in 4242'. */
export function cardLabel(brand: string | null | undefined, last4: string): string {
  return `${cardBrandName(brand)} ending in ${last4}`;
}
