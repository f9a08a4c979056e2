// A message as MIME bytes, composed once and handed as they are to whichever mailer delivers it (the outbox
// writes them to a file, SMTP sends them raw). nodemailer's composer builds a tree of streams per message,
// about 2 ms of CPU for a booking confirmation against a tenth of that here; its pure encoders for headers
// (RFC 2047 words, address parsing) are used as they are. Bodies are quoted-printable by qp() below: a third of
// the time nodemailer's encoder and wrapper took over a confirmation's HTML.
//
// The shape: text and HTML as multipart/alternative; images the HTML shows by cid: beside it in a
// multipart/related; other files after it in a multipart/mixed. Texts are UTF-8 in quoted-printable (lines of
// at most 76 characters), files base64; lines end in CRLF.
import addressparser from 'nodemailer/lib/addressparser';
import { encodeWord, encodeWords, foldLines } from 'nodemailer/lib/mime-funcs';
import { randomHex } from '../../random';
import type { MailAttachment, MailMessage } from './types';

const CRLF = '\r\n';

export interface ComposedMail {
  /** The envelope: the sender's bare address and the recipients'. */
  from: string;
  to: string[];
  /** The message, CRLF lines: the outbox and SMTP write it as UTF-8 themselves (no buffer of its own per message). */
  raw: string;
}

/** RFC 5322 date: 'Thu, 26 Nov 2026 12:24:24 +0000'. */
const mailDate = (d: Date) => d.toUTCString().replace(/GMT$/, '+0000');

/** A header line, its value folded at 78 columns; non-ASCII text as encoded words. */
function header(name: string, value: string, encode = true): string {
  const text = encode ? encodeWords(value, 'Q', 52, true) : value;
  return foldLines(`${name}: ${text}`, 76);
}

/** A display name as a header shows it: quoted when ASCII, one encoded word otherwise ('Zoë' → '=?UTF-8?Q?Zo=C3=AB?='). */
const displayName = (name: string) => (/^[\x20-\x7e]*$/.test(name) ? `"${name.replace(/["\\]/g, '\\$&')}"` : encodeWord(name, 'Q', 52));

/** One bare ASCII address ('ada@example.com'), what most messages go to: no name, comment, quote or list. */
const BARE_ADDRESS = /^[\w.!#$%&'*+/=?^`{|}~-]+@[\w.-]+$/;

/** An address list as a header value and as bare addresses (the envelope); a bare address as it is. */
function addresses(list: string): { header: string; bare: string[] } {
  if (BARE_ADDRESS.test(list)) return { header: list, bare: [list] };
  const parsed = addressparser(list, { flatten: true }) as { name: string; address: string }[];
  return { header: parsed.map((a) => (a.name ? `${displayName(a.name)} <${a.address}>` : a.address)).join(', '), bare: parsed.map((a) => a.address) };
}

/** base64 in lines of 76. */
function base64Lines(data: Buffer): string {
  const text = data.toString('base64');
  let out = '';
  for (let i = 0; i < text.length; i += 76) out += (i ? CRLF : '') + text.slice(i, i + 76);
  return out;
}

/** A filename parameter: quoted when plain ASCII, else RFC 2231 (filename*=utf-8''...). */
function fileParam(name: string, filename: string): string {
  return /^[\x20-\x7e]*$/.test(filename) ? `${name}="${filename.replace(/["\\]/g, '\\$&')}"` : `${name}*=utf-8''${encodeURIComponent(filename)}`;
}

type Part = { headers: string[]; body: string } | { type: string; parts: Part[] };

const HEX_ESCAPES = Array.from({ length: 256 }, (_, byte) => `=${byte.toString(16).toUpperCase().padStart(2, '0')}`);

/** Characters as quoted-printable escapes of their UTF-8 bytes ('=' → '=3D', 'é' → '=C3=A9'). */
function escaped(chars: string): string {
  if (chars.length === 1 && chars.charCodeAt(0) < 0x80) return HEX_ESCAPES[chars.charCodeAt(0)]!;
  let out = '';
  for (const byte of Buffer.from(chars)) out += HEX_ESCAPES[byte];
  return out;
}

/** What a line cannot hold as it is: '=', controls and non-ASCII, in runs (a surrogate pair stays whole). */
const UNSAFE = /[^\t\x20-\x3c\x3e-\x7e]+/g;

/**
 * Quoted-printable (RFC 2045 §6.7) of one line, soft line breaks ('=' and CRLF) keeping it to 76 characters:
 * never inside an escape, nor between the escapes of one character's bytes (continuation bytes are =80-=BF).
 */
function qpLine(line: string): string {
  let encoded = line.replace(UNSAFE, escaped);
  // A space or tab ending a line is padding to a reader, and dropped.
  const last = encoded.at(-1);
  if (last === ' ' || last === '\t') encoded = encoded.slice(0, -1) + escaped(last);
  let out = '';
  let start = 0;
  while (encoded.length - start > 76) {
    let cut = start + 75;
    if (encoded[cut - 1] === '=') cut -= 1;
    else if (encoded[cut - 2] === '=') cut -= 2;
    while (encoded[cut] === '=' && '89AB'.includes(encoded[cut + 1]!) && cut - start > 3) cut -= 3;
    out += `${encoded.slice(start, cut)}=${CRLF}`;
    start = cut;
  }
  return out + encoded.slice(start);
}

/** A text as quoted-printable, its line ends (LF or CRLF) as CRLF line breaks. */
export const qp = (text: string) => text.split(/\r?\n/).map(qpLine).join(CRLF);

const textPart = (type: 'plain' | 'html', text: string): Part => ({
  headers: [`Content-Type: text/${type}; charset=utf-8`, 'Content-Transfer-Encoding: quoted-printable'],
  body: qp(text),
});

function filePart(file: MailAttachment, inline: boolean): Part {
  const content = typeof file.content === 'string' ? Buffer.from(file.content) : file.content;
  return {
    headers: [
      `Content-Type: ${file.contentType}; ${fileParam('name', file.filename)}`,
      'Content-Transfer-Encoding: base64',
      ...(inline && file.cid ? [`Content-ID: <${file.cid}>`] : []),
      `Content-Disposition: ${inline ? 'inline' : 'attachment'}; ${fileParam('filename', file.filename)}`,
    ],
    body: base64Lines(content),
  };
}

function write(part: Part, boundaries: () => string): string {
  if ('body' in part) return `${part.headers.map((h) => foldLines(h, 76)).join(CRLF)}${CRLF}${CRLF}${part.body}${CRLF}`;
  const boundary = boundaries();
  const inner = part.parts.map((p) => `--${boundary}${CRLF}${write(p, boundaries)}`).join('');
  return `Content-Type: ${part.type};${CRLF} boundary="${boundary}"${CRLF}${CRLF}${inner}--${boundary}--${CRLF}`;
}

/** The sender, the same on every message a mailer sends ('"ParkPilot" <support@…>'): parsed once. */
let lastSender: { from: string; header: string; bare: string[] } | undefined;
const senderOf = (from: string) => (lastSender?.from === from ? lastSender : (lastSender = { from, ...addresses(from) }));

/** The message from `from` ('"Brand" <support@example.com>') as MIME bytes, with its envelope. */
export function composeMail(from: string, message: MailMessage, now = new Date()): ComposedMail {
  const sender = senderOf(from);
  const recipients = addresses(message.to);
  const files = message.attachments ?? [];
  const inline = files.filter((f) => f.cid && message.html.includes(`cid:${f.cid}`));
  const attached = files.filter((f) => !inline.includes(f));
  const html = textPart('html', message.html);
  const alternative: Part = {
    type: 'multipart/alternative',
    parts: [textPart('plain', message.text), inline.length ? { type: 'multipart/related; type="text/html"', parts: [html, ...inline.map((f) => filePart(f, true))] } : html],
  };
  const root: Part = attached.length ? { type: 'multipart/mixed', parts: [alternative, ...attached.map((f) => filePart(f, false))] } : alternative;
  const id = randomHex(12);
  let n = 0;
  const domain = sender.bare[0]?.split('@')[1] ?? 'localhost';
  const head = [
    header('From', sender.header, false),
    header('To', recipients.header, false),
    header('Subject', message.subject),
    `Date: ${mailDate(now)}`,
    `Message-ID: <${id}@${domain}>`,
    'MIME-Version: 1.0',
  ].join(CRLF);
  const raw = `${head}${CRLF}${write(root, () => `----=_Part_${id}_${++n}`)}`;
  return { from: sender.bare[0] ?? '', to: recipients.bare, raw };
}
