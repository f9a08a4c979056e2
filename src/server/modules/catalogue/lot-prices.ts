// A lot's prices as pages and the API show them: dollars (`price`, `weeklyRate`, as documented) beside the
// cents the database keeps (`priceCents`, `weeklyRateCents`, which browsers pass to pricing.ts).
import { toDollars, type Cents } from '@/shared/money';

export function lotPrices(lot: { priceCents: Cents; weeklyRateCents: Cents | null }) {
  return {
    priceCents: lot.priceCents,
    weeklyRateCents: lot.weeklyRateCents,
    /** Dollars a day. */
    price: toDollars(lot.priceCents),
    /** Dollars a week, when the lot has a weekly rate. */
    weeklyRate: lot.weeklyRateCents === null ? null : toDollars(lot.weeklyRateCents),
  };
}
