// Picks the mailer: SMTP when SMTP_URL is set, else the outbox directory (the offline default).
import { traceClient } from '../../observability/tracing';
import { createOutboxMailer } from './outbox';
import { createSmtpMailer } from './smtp';
import type { Mailer } from './types';

export * from './templates';
export { createOutboxMailer, readOutbox, parseEml, type OutboxMessage } from './outbox';
export { createSmtpMailer } from './smtp';
export type { Mailer, MailMessage } from './types';

export function createMailer(env: { SMTP_URL?: string; MAIL_FROM?: string; OUTBOX_DIR: string; BRAND_NAME: string; SUPPORT_EMAIL: string }, log?: (line: string) => void): Mailer {
  const from = env.MAIL_FROM ?? `"${env.BRAND_NAME.replace(/"/g, '')}" <${env.SUPPORT_EMAIL}>`;
  const mailer = env.SMTP_URL ? createSmtpMailer({ url: env.SMTP_URL, from }) : createOutboxMailer({ dir: env.OUTBOX_DIR, from, log });
  return traceClient(env.SMTP_URL ? 'smtp' : 'outbox', mailer, ['send']);
}
