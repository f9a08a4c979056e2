// Money: the one type and the one set of operations every amount goes through (docs/adr/005-integer-cents.md).
// An amount is a whole number of US cents, branded so that dollars (a lot's price typed in a form, an amount
// in the documented REST API) cannot be passed where cents are meant without toCents at the edge. Sums stay
// exact; the only rounding anywhere is share()'s (a fraction of an amount) and toCents()'s (dollars typed in).
import { formatUsd } from './format';

declare const centsBrand: unique symbol;
/** A whole number of US cents. */
export type Cents = number & { readonly [centsBrand]: true };

export const ZERO = 0 as Cents;

/** An integer as cents (throws on a fraction or NaN: that would be a bug, never silently rounded). */
export function cents(n: number): Cents {
  if (!Number.isSafeInteger(n)) throw new RangeError(`Not a whole number of cents: ${n}`);
  return n as Cents;
}

/** Dollars from an edge (a form, the REST API, a constant) to cents, to the nearest cent ($10.955 → 1096). */
export function toCents(dollars: number): Cents {
  // The shortest decimal form, not the binary value (10.955 is 10.954999… in binary).
  const abs = Math.abs(dollars);
  const rounded = String(abs).includes('e') ? Math.round(abs * 100) : Math.round(Number(`${abs}e2`));
  return (dollars < 0 && rounded !== 0 ? -rounded : rounded) as Cents;
}

/** Cents to dollars, for the edges that show dollars (the REST API, JSON-LD). Exact to two decimals. */
export const toDollars = (amount: Cents): number => amount / 100;

export function sum(amounts: Iterable<Cents>): Cents {
  let total = 0;
  for (const a of amounts) total += a;
  return total as Cents;
}

export const add = (...amounts: Cents[]): Cents => sum(amounts);
export const sub = (a: Cents, b: Cents): Cents => (a - b) as Cents;
export const neg = (a: Cents): Cents => (a === 0 ? ZERO : ((0 - a) as Cents));
/** `amount` × a whole number (days, weeks). */
export const times = (amount: Cents, count: number): Cents => cents(amount * count);
export const min = (...amounts: Cents[]): Cents => Math.min(...amounts) as Cents;
export const max = (...amounts: Cents[]): Cents => Math.max(...amounts) as Cents;
/** Never below zero. */
export const atLeastZero = (a: Cents): Cents => (a > 0 ? a : ZERO);

/**
 * A fraction of an amount (a refund share, a commission rate), to the cent by the one rounding rule: half a
 * cent rounds away from zero, the same for a charge and for its refund, so splitting +x and −x gives opposite
 * results.
 */
export function share(amount: Cents, fraction: number): Cents {
  if (!Number.isFinite(fraction)) throw new RangeError(`Not a fraction: ${fraction}`);
  const exact = Math.abs(amount) * fraction;
  // A hair of tolerance: 1095 × 0.1 is 109.50000000000001 in binary, 0.15 × 1000 is 150.00000000000003.
  const rounded = Math.round(Math.round(exact * 1e6) / 1e6 + 1e-9 * Math.sign(exact));
  return (amount < 0 ? -rounded : rounded) as Cents;
}

/** '$1,234.50', '-$3.00'. */
export const formatCents = (amount: Cents): string => formatUsd(amount / 100);
