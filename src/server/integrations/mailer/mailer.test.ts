// The outbox writes real MIME files we can read back; SMTP delivers to a real (local) server.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { createMailer, createOutboxMailer, createSmtpMailer, passwordResetEmail, readOutbox, verificationEmail } from '.';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parkpilot-mail-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const longUrl = `http://localhost:3000/verify-email?token=${'abcdefghij234567'.repeat(6)}`;

describe('outbox mailer', () => {
  it('writes one .eml per message and reads it back with links intact', async () => {
    const lines: string[] = [];
    const mailer = createOutboxMailer({ dir, from: '"ParkPilot" <support@parkpilot.example>', log: (l) => lines.push(l) });
    const mail = verificationEmail({ brand: 'ParkPilot', name: 'Zoë Ünder', url: longUrl });
    await mailer.send({ to: 'zoe@example.com', kind: 'verify-email', ...mail });
    await mailer.send({ to: 'other@example.com', kind: 'welcome', subject: 'Second', text: 'two', html: '<p>two</p>' });

    const files = fs.readdirSync(dir).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(2);
    // The log line masks the address, and the file it names carries none.
    expect(lines[0]).toMatch(/^Mail \(outbox\): "Verify your email for ParkPilot" to z\*\*\*@example\.com → \S+-verify-email-[0-9a-f]{6}\.eml$/);

    const [first] = await readOutbox(dir);
    expect(first).toMatchObject({ to: 'zoe@example.com', subject: 'Verify your email for ParkPilot' });
    expect(first!.text).toContain(longUrl);
    expect(first!.html).toContain(longUrl);
    expect(first!.text).toContain('Zoë Ünder');
  });

  it('is the default when SMTP_URL is unset', async () => {
    const own = fs.mkdtempSync(path.join(os.tmpdir(), 'parkpilot-mail-'));
    const mailer = createMailer({ OUTBOX_DIR: own, BRAND_NAME: 'ParkPilot', SUPPORT_EMAIL: 'support@parkpilot.example' }, () => undefined);
    await mailer.send({ to: 'a@example.com', kind: 'welcome', subject: 'Hi', text: 'x', html: '<p>x</p>' });
    expect(await readOutbox(own)).toHaveLength(1);
    fs.rmSync(own, { recursive: true, force: true });
  });
});

describe('SMTP mailer', () => {
  it('delivers to a real SMTP server', async () => {
    const received: { to: string[]; data: string }[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      onData(stream, session, done) {
        let data = '';
        stream.on('data', (c: Buffer) => (data += c.toString('utf8')));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
          done();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as { port: number };
    try {
      const mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${port}?ignoreTLS=true`, from: 'ParkPilot <support@parkpilot.example>' });
      const mail = passwordResetEmail({ brand: 'ParkPilot', name: 'Ada', url: 'http://localhost:3000/reset-password?token=xyz' });
      await mailer.send({ to: 'ada@example.com', kind: 'password-reset', ...mail });
      expect(received).toHaveLength(1);
      expect(received[0]!.to).toEqual(['ada@example.com']);
      expect(received[0]!.data).toContain('Subject: Reset your ParkPilot password');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('templates', () => {
  it('escape names in HTML and carry the link in both parts', () => {
    const mail = verificationEmail({ brand: 'ParkPilot', name: '<script>alert(1)</script>', url: 'http://x/verify-email?token=a&b=1' });
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.html).not.toContain('<script>alert');
    expect(mail.html).toContain('http://x/verify-email?token=a&amp;b=1');
    expect(mail.text).toContain('http://x/verify-email?token=a&b=1');
  });
});
