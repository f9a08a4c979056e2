// The mailer contract: the rest of the server only knows this interface.

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** What the message is, for logs and outbox file names: 'verify-email', 'password-reset', 'welcome', … */
  kind: string;
  /** Files to attach; an attachment with a cid can be shown inline in the HTML (<img src="cid:...">). */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  content: Buffer | string;
  contentType: string;
  cid?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
