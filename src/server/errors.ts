// The app's own error type: a spec message plus the HTTP status it maps to (used by services).
import { TRPCError } from '@trpc/server';

type Code = 'BAD_REQUEST' | 'UNAUTHORIZED' | 'FORBIDDEN' | 'NOT_FOUND' | 'CONFLICT' | 'TOO_MANY_REQUESTS' | 'PAYMENT_REQUIRED' | 'INTERNAL_SERVER_ERROR';

export class AppError extends TRPCError {
  constructor(code: Code, message: string, readonly extra?: Record<string, unknown>) {
    super({ code, message });
  }
}

export const badRequest = (message: string) => new AppError('BAD_REQUEST', message);
export const notFound = (message: string) => new AppError('NOT_FOUND', message);
