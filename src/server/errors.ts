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

export const badRequest = (message: string) => new AppError('BAD_REQUEST', message);
export const notFound = (message: string) => new AppError('NOT_FOUND', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
