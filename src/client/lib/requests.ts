// Helpers for paid actions over tRPC (checkout, a change of dates): one Idempotency-Key per attempt, and the
// HTTP status of a failure (a refusal starts a new attempt; a server or network failure retries the same key).

/** A fresh Idempotency-Key for one attempt at a paid action (a retry after a server or network failure reuses it). */
export const newIdempotencyKey = () => (globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`).replace(/-/g, '');

/** The HTTP status of a failed tRPC call, when the server answered. */
export const httpStatusOf = (err: unknown): number | undefined => (err as { data?: { httpStatus?: number } } | null | undefined)?.data?.httpStatus;
