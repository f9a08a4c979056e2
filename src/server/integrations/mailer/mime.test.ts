// Messages as MIME: what mail clients need (headers, structure, encodings, line lengths) and what the outbox
// reads back.
import { describe, expect, it } from 'vitest';
import { composeMail, qp } from './mime';
import { parseEml } from './outbox';

const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Array.from({ length: 200 }, (_, i) => i)]);
const booking = {
  to: 'zoe@example.com',
  kind: 'booking-confirmation',
  subject: 'Booking confirmed: Café Parking (PP-ABCD2345)',
  text: `Hi Zoë,\nYour space is reserved.\nManage: http://localhost:3000/manage/PP-ABCD2345?token=${'a2'.repeat(40)}\n`,
  html: `<p>Hi Zoë,</p><img src="cid:pass" alt="Your pass"><p><a href="http://localhost:3000/manage/PP-ABCD2345?token=${'a2'.repeat(40)}">Manage</a></p>`,
  attachments: [
    { filename: 'parking-pass.png', content: png, contentType: 'image/png', cid: 'pass' },
    { filename: 'PP-ABCD2345.ics', content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', contentType: 'text/calendar; charset=utf-8; method=PUBLISH' },
  ],
};

const unfoldedHeaders = (raw: string) =>
  raw
    .slice(0, raw.indexOf('\r\n\r\n'))
    .replace(/\r\n[ \t]+/g, ' ')
    .split('\r\n');

describe('composeMail', () => {
  const now = new Date('2026-11-26T12:24:24Z');
  const { raw: text, from, to } = composeMail('"Park Pilot" <support@parkpilot.example>', booking, now);

  it('has the envelope and the headers of a message, non-ASCII text as encoded words', () => {
    expect(from).toBe('support@parkpilot.example');
    expect(to).toEqual(['zoe@example.com']);
    const headers = unfoldedHeaders(text);
    expect(headers).toContain('From: "Park Pilot" <support@parkpilot.example>');
    expect(headers).toContain('To: zoe@example.com');
    expect(headers).toContain('Date: Thu, 26 Nov 2026 12:24:24 +0000');
    expect(headers).toContain('MIME-Version: 1.0');
    expect(headers.find((h) => h.startsWith('Message-ID: '))).toMatch(/^Message-ID: <[0-9a-f]{24}@parkpilot\.example>$/);
    const subject = headers.find((h) => h.startsWith('Subject: '))!;
    expect(subject).toMatch(/^Subject: =\?UTF-8\?Q\?Booking_confirmed=3A_Caf=C3=A9_/);
    expect(headers.find((h) => h.startsWith('Content-Type: '))).toMatch(/^Content-Type: multipart\/mixed; boundary="[^"]+"$/);
  });

  it('is ASCII with CRLF line ends and lines of at most 78 characters', () => {
    expect(/^[\x00-\x7f]*$/.test(text)).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) expect(line.length).toBeLessThanOrEqual(78);
  });

  it('nests text and HTML as alternatives, the cid image beside the HTML, the calendar file attached', () => {
    const types = [...text.matchAll(/Content-Type: ([^;\r\n]+)/g)].map((m) => m[1]);
    expect(types).toEqual(['multipart/mixed', 'multipart/alternative', 'text/plain', 'multipart/related', 'text/html', 'image/png', 'text/calendar']);
    expect(text).toContain('Content-ID: <pass>');
    expect(text).toContain('Content-Disposition: inline; filename="parking-pass.png"');
    expect(text).toContain('Content-Disposition: attachment; filename="PP-ABCD2345.ics"');
  });

  it('reads back as it was written: texts, links and files', () => {
    const back = parseEml(text);
    expect(back.subject).toBe(booking.subject);
    expect(back.to).toBe('zoe@example.com');
    // The line end before each boundary belongs to the boundary (RFC 2046); the reader keeps it.
    expect(back.text.replace(/\r\n/g, '\n')).toBe(`${booking.text}\n`);
    expect(back.html).toBe(`${booking.html}\n`);
    expect(back.attachments).toEqual(['parking-pass.png', 'PP-ABCD2345.ics']);
    const b64 = /Content-Type: image\/png[^]*?\r\n\r\n([A-Za-z0-9+/=\r\n]+?)\r\n--/.exec(text)![1]!;
    expect(Buffer.from(b64.replace(/\r\n/g, ''), 'base64')).toEqual(png);
  });

  it('sends a message without files as text and HTML alone, and encodes a non-ASCII sender name', () => {
    const plain = composeMail('Zoë’s Parking <hi@example.com>', { to: 'a@example.com', kind: 'welcome', subject: 'Hi', text: 'x', html: '<p>x</p>' }).raw;
    expect(unfoldedHeaders(plain)).toContain('From: =?UTF-8?Q?Zo=C3=AB=E2=80=99s_Parking?= <hi@example.com>');
    expect([...plain.matchAll(/Content-Type: ([^;\r\n]+)/g)].map((m) => m[1])).toEqual(['multipart/alternative', 'text/plain', 'text/html']);
  });
});

describe('composeMail addresses', () => {
  it('writes a bare address as it is, and parses a list with names', () => {
    const plain = { kind: 'welcome', subject: 'Hi', text: 'x', html: '<p>x</p>' };
    expect(composeMail('"ParkPilot" <hi@example.com>', { ...plain, to: 'ada@example.com' }).to).toEqual(['ada@example.com']);
    const listed = composeMail('"ParkPilot" <hi@example.com>', { ...plain, to: 'Zoë <zoe@example.com>, b@example.com' });
    expect(listed.to).toEqual(['zoe@example.com', 'b@example.com']);
    expect(unfoldedHeaders(listed.raw)).toContain('To: =?UTF-8?Q?Zo=C3=AB?= <zoe@example.com>, b@example.com');
  });
});

describe('qp (quoted-printable)', () => {
  /** RFC 2045 decoding: soft breaks out, escapes to bytes, read as UTF-8. */
  const decode = (encoded: string) =>
    Buffer.from(
      encoded.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  const texts = [
    '<td style="padding:0 0 8px;color:#334155">Parking, 2 days × $10.00</td>'.repeat(12),
    'Hi Zoë,\nA line ending in a space \nand a tab\t\r\nthen € and 😀 and = signs == at the end =',
    `${'é'.repeat(60)}\n${'😀'.repeat(30)}\n${'x'.repeat(74)}é${'y'.repeat(80)}`,
    ' ',
    '',
  ];

  it('reads back as the text, line ends as CRLF', () => {
    for (const text of texts) expect(decode(qp(text))).toBe(text.replace(/\r?\n/g, '\r\n'));
  });

  it('writes printable ASCII lines of at most 76 characters, none ending in a space or tab, no character split by a soft break', () => {
    for (const text of texts) {
      for (const line of qp(text).split('\r\n')) {
        expect(line).toMatch(/^[\x20-\x7e]*$/);
        expect(line.length).toBeLessThanOrEqual(76);
        expect(line).not.toMatch(/[ \t]$/);
        // A soft break never leaves a character's continuation bytes (=80-=BF) to the next line.
        expect(line).not.toMatch(/^=[89AB]/);
      }
    }
  });
});
