// Real delivery over SMTP (SMTP_URL, e.g. smtp://user:pass@host:587 or smtps://host:465).
import nodemailer from 'nodemailer';
import type { Mailer, MailMessage } from './types';

export function createSmtpMailer({ url, from }: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(message: MailMessage) {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html, attachments: message.attachments });
    },
  };
}
