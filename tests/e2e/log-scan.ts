// Playwright global teardown: after the whole e2e suite, the server's log (request lines on, written to
// server.log in the run's data directory) must hold no secret. It fails the run on any link token that the
// server mailed (every token= value found in the outbox's e-mails), any bare token of ours (40 base32
// characters: sessions, guest cookies, link tokens), a cookie or token parameter with a value, an unmasked
// e-mail address or a test card number, and on any line that is not JSON with a request id (issue 27). What it
// found is reported with its line, the secret itself cut short.
import fs from 'node:fs';
import path from 'node:path';

/** Secrets a line may show only redacted. */
const PATTERNS: [string, RegExp][] = [
  ['a token of ours (40 base32 characters)', /(?<![a-z2-7])[a-z2-7]{40}(?![a-z2-7])/],
  ['a session or guest cookie', /\bpp_(session|guest)=(?!\[redacted\])[^;\s]+/],
  ['a token parameter', /\btoken(=|%3D|":"|%22%3A%22)(?!\[redacted\]|%5Bredacted%5D)[^&\s"%]{6,}/i],
  ['a card number', /\b(4242[ -]?4242[ -]?4242[ -]?4242|4000[ -]?0000[ -]?0000[ -]?(0002|9995))\b/],
  // Addresses show masked ('a***@example.com'): a '*' before the '@' never matches.
  ['an e-mail address', /[\w.+-]*[\w+-](@|%40)[\w-]+(\.[\w-]+)*\.[a-z]{2,}/i],
];

/** Lines that are not one JSON object carrying the id of the work that wrote it (a request, job, task or the start). */
export function unstructuredLines(log: string): string[] {
  const problems: string[] = [];
  log.split('\n').forEach((line, i) => {
    if (!line.trim()) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      problems.push(`line ${i + 1}: not JSON: ${line.slice(0, 160)}`);
      return;
    }
    if (typeof parsed !== 'object' || parsed === null || typeof (parsed as { requestId?: unknown }).requestId !== 'string')
      problems.push(`line ${i + 1}: no requestId: ${line.slice(0, 160)}`);
  });
  return problems;
}

export function scanLog(log: string, mailedTokens: Iterable<string>): string[] {
  const problems: string[] = [];
  const lines = log.split('\n');
  const tokens = [...new Set(mailedTokens)].filter((t) => t.length >= 16);
  lines.forEach((line, i) => {
    for (const token of tokens)
      if (line.includes(token) || line.includes(encodeURIComponent(token)))
        problems.push(`line ${i + 1}: a mailed link token (${token.slice(0, 6)}…): ${line.replace(token, '…').slice(0, 160)}`);
    for (const [what, pattern] of PATTERNS) {
      const m = pattern.exec(line);
      if (m) problems.push(`line ${i + 1}: ${what} (${m[0].slice(0, 12)}…): ${line.slice(0, 160)}`);
    }
  });
  return problems;
}

/** Every token= value in the outbox's e-mails (reset, verification, manage and view links). */
export function mailedTokens(outboxDir: string): string[] {
  if (!fs.existsSync(outboxDir)) return [];
  const found: string[] = [];
  for (const file of fs.readdirSync(outboxDir).filter((f) => f.endsWith('.eml'))) {
    // Quoted-printable breaks long lines with '=\n' and writes '=' as '=3D': undo both before reading links.
    const raw = fs
      .readFileSync(path.join(outboxDir, file), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/gi, '=');
    for (const m of raw.matchAll(/[?&]token=([A-Za-z0-9_-]{16,})/g)) found.push(m[1]!);
  }
  return found;
}

export default async function scanServerLog() {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: the log scan has no server log to read');
  const file = path.join(dir, 'server.log');
  if (!fs.existsSync(file)) throw new Error(`No server log at ${file}: the e2e web server must write its output there`);
  const log = fs.readFileSync(file, 'utf8');
  if (!/"msg":"request"/.test(log)) throw new Error(`${file} holds no request line: request logging must be on for the e2e run (LOG_REQUESTS=1)`);
  const tokens = mailedTokens(path.join(dir, 'outbox'));
  const problems = [...unstructuredLines(log), ...scanLog(log, tokens)];
  if (problems.length) throw new Error(`The server log holds secrets (${problems.length}):\n${problems.slice(0, 20).join('\n')}`);
  console.log(
    `Log scan: ${log.split('\n').length} lines of ${file} are JSON with a request id and hold none of ${tokens.length} mailed link tokens, no bare token, cookie, token parameter, e-mail address or card number.`,
  );
}
