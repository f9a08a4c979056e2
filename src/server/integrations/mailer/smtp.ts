// Real delivery over SMTP (SMTP_URL, e.g. smtp://user:pass@host:587 or smtps://host:465): nodemailer sends the
// message as composed once (mime.ts), the same bytes the outbox writes.
import nodemailer from 'nodemailer';
import { composeMail } from './mime';
import type { Mailer, MailMessage } from './types';

export function createSmtpMailer({ url, from }: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(message: MailMessage) {
      const mail = composeMail(from, message);
      await transport.sendMail({ envelope: { from: mail.from, to: mail.to }, raw: mail.raw });
    },
  };
}
