// The one error vocabulary of the services: an AppError carries a code, the text the caller sees (the spec's,
// where it has one) and, for a limit, when to ask again. Services throw it and know nothing of tRPC or HTTP; the
// tRPC layer turns it into a TRPCError of the same code (trpc/init.ts), the REST adapter and the Hono routes
// answer httpStatus(code), and each writes the retry delay as Retry-After (response-headers.ts).
export const APP_ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNPROCESSABLE_CONTENT: 422,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_SERVER_ERROR: 500,
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type AppErrorCode = keyof typeof APP_ERROR_STATUS;

export class AppError extends Error {
  override readonly name = 'AppError';
  /** When to ask again, in seconds (a rate limit): the transports send it as Retry-After (response-headers.ts). */
  readonly retryAfterSeconds?: number;
  constructor(
    readonly code: AppErrorCode,
    message: string,
    options?: { cause?: unknown; retryAfterSeconds?: number },
  ) {
    super(message, options && 'cause' in options ? { cause: options.cause } : undefined);
    if (options?.retryAfterSeconds !== undefined) this.retryAfterSeconds = options.retryAfterSeconds;
  }

  get status(): number {
    return APP_ERROR_STATUS[this.code];
  }
}

/**
 * The card's bank wants the cardholder to confirm the payment (3-D Secure): 402 with the payment's client
 * secret, which the browser hands to Stripe.js (`handleNextAction`); then it repeats the request with the same
 * Idempotency-Key and the server settles what the bank decided. The hold stays meanwhile, and this is never
 * stored as the key's outcome (the repeat must reach the server).
 */
export class AuthenticationRequired extends AppError {
  constructor(readonly clientSecret: string) {
    super('PAYMENT_REQUIRED', 'Your bank asks you to confirm this payment. Please follow its steps to finish.');
  }

  /** What the transports add to the error's answer. */
  get nextAction() {
    return { type: 'authenticate' as const, clientSecret: this.clientSecret };
  }
}

export const badRequest = (message: string) => new AppError('BAD_REQUEST', message);
export const notFound = (message: string) => new AppError('NOT_FOUND', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
