// The default mailer: each message becomes a real MIME .eml file in OUTBOX_DIR (no network needed), the
// bytes SMTP would send (mime.ts).
import fs from 'node:fs';
import path from 'node:path';
import { randomHex } from '../../random';
import { maskEmails } from '../../redact';
import { composeMail } from './mime';
import type { Mailer, MailMessage } from './types';

export function createOutboxMailer({ dir, from, log = console.log }: { dir: string; from: string; log?: (line: string) => void }): Mailer {
  return {
    async send(message: MailMessage) {
      const { raw } = composeMail(from, message);
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      // The name carries no address (the log names the file): the recipient is inside, in its To header.
      const file = path.join(dir, `${stamp}-${message.kind}-${randomHex(3)}.eml`);
      try {
        fs.writeFileSync(file, raw);
      } catch (err) {
        // The folder is made when a write finds it missing (the first mail, or after someone removed it), not
        // before every mail.
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        fs.mkdirSync(dir, { recursive: true });
        fs.writeFileSync(file, raw);
      }
      log(`Mail (outbox): "${message.subject}" to ${maskEmails(message.to)} → ${file}`);
    },
  };
}

export interface OutboxMessage {
  file: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** File names of attachments, e.g. ['parking-pass.png', 'PP-ABCD2345.ics']. */
  attachments: string[];
}

/** Reads the outbox back (oldest first): for tests, and for following links in development. */
export async function readOutbox(dir: string): Promise<OutboxMessage[]> {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => ({ file: path.join(dir, f), ...parseEml(fs.readFileSync(path.join(dir, f), 'utf8')) }));
}

function splitHead(raw: string): { headers: Map<string, string>; body: string } {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const i = line.indexOf(':');
    if (i > 0) headers.set(line.slice(0, i).trim().toLowerCase(), line.slice(i + 1).trim());
  }
  return { headers, body };
}

function decodeBody(body: string, encoding: string | undefined): string {
  const enc = (encoding ?? '7bit').toLowerCase();
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (enc === 'quoted-printable') {
    const bytes = body.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** Decodes RFC 2047 encoded words (=?utf-8?Q?…?= / =?utf-8?B?…?=) in a header. */
function decodeHeader(value: string): string {
  return value.replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=\s*/gi, (_m, _cs: string, kind: string, text: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

function collectParts(raw: string, out: { text: string; html: string; attachments: string[] }) {
  const { headers, body } = splitHead(raw);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith('--')) break;
      collectParts(part.replace(/^\n/, ''), out);
    }
    return;
  }
  const disposition = headers.get('content-disposition') ?? '';
  const filename = /filename="?([^";]+)"?/i.exec(disposition)?.[1];
  if (filename) {
    out.attachments.push(decodeHeader(filename));
    return;
  }
  const decoded = decodeBody(body, headers.get('content-transfer-encoding'));
  if (type.toLowerCase().startsWith('text/html')) out.html ||= decoded;
  else if (type.toLowerCase().startsWith('text/plain')) out.text ||= decoded;
}

export function parseEml(raw: string): Omit<OutboxMessage, 'file'> {
  const { headers } = splitHead(raw);
  const out = { text: '', html: '', attachments: [] as string[] };
  collectParts(raw, out);
  return { to: decodeHeader(headers.get('to') ?? ''), subject: decodeHeader(headers.get('subject') ?? ''), ...out };
}
