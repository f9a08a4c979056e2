// The mailer contract: the rest of the server only knows this interface.

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** What the message is, for logs and outbox file names: 'verify-email', 'password-reset', 'welcome', … */
  kind: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
