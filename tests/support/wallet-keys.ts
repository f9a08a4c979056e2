// Throwaway wallet keys for tests: a test "WWDR" CA and a Pass Type ID certificate it signed (openssl, in a
// temp dir: the Apple variables as file paths), and a Google service account key (node:crypto: given inline,
// newlines as \n, as a .env line would). Also reads a .pkpass back (unzip) and checks its signature (openssl).
import { execFileSync } from 'node:child_process';
import { createHash, generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const TEST_PASS_TYPE_ID = 'pass.example.parkpilot.test';
export const TEST_TEAM_ID = 'TESTTEAM42';
export const TEST_ISSUER_ID = '3388000000012345678';
export const TEST_SERVICE_ACCOUNT = 'wallet-test@parkpilot-test.iam.gserviceaccount.com';

const openssl = (args: string[], cwd: string) => execFileSync('openssl', args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });

export function walletTestKeys() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-keys-'));
  openssl(['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'wwdr.key', '-out', 'wwdr.pem', '-subj', '/CN=Test WWDR CA', '-days', '2'], dir);
  openssl(
    [
      'req',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'signer.key',
      '-out',
      'signer.csr',
      '-subj',
      `/UID=${TEST_PASS_TYPE_ID}/CN=Pass Type ID: ${TEST_PASS_TYPE_ID}/OU=${TEST_TEAM_ID}`,
    ],
    dir,
  );
  openssl(['x509', '-req', '-in', 'signer.csr', '-CA', 'wwdr.pem', '-CAkey', 'wwdr.key', '-CAcreateserial', '-out', 'signer.pem', '-days', '2'], dir);
  const google = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const googlePem = google.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  return {
    dir,
    wwdrPath: path.join(dir, 'wwdr.pem'),
    googlePublicKey: google.publicKey,
    appleEnv: {
      APPLE_WALLET_PASS_TYPE_ID: TEST_PASS_TYPE_ID,
      APPLE_WALLET_TEAM_ID: TEST_TEAM_ID,
      APPLE_WALLET_CERT: path.join(dir, 'signer.pem'),
      APPLE_WALLET_KEY: path.join(dir, 'signer.key'),
      APPLE_WALLET_WWDR_CERT: path.join(dir, 'wwdr.pem'),
      APPLE_WALLET_AUTH_SECRET: 'test-wallet-auth-secret-0123456789abcdef',
    },
    googleEnv: {
      GOOGLE_WALLET_ISSUER_ID: TEST_ISSUER_ID,
      GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL: TEST_SERVICE_ACCOUNT,
      GOOGLE_WALLET_PRIVATE_KEY: googlePem.trim().replace(/\n/g, '\\n'),
    },
  };
}

export interface OpenedPass {
  dir: string;
  files: Record<string, Buffer>;
  pass: any;
  manifest: Record<string, string>;
}

/** Unzips a .pkpass into a temp dir and reads its files. */
export function openPkpass(body: Buffer): OpenedPass {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pkpass-'));
  fs.writeFileSync(path.join(dir, 'pass.pkpass'), body);
  execFileSync('unzip', ['-q', 'pass.pkpass', '-d', 'out'], { cwd: dir });
  const out = path.join(dir, 'out');
  const files = Object.fromEntries(fs.readdirSync(out, { recursive: true, encoding: 'utf8' }).map((f) => [f, fs.readFileSync(path.join(out, f))]));
  return { dir: out, files, pass: JSON.parse(files['pass.json']!.toString('utf8')), manifest: JSON.parse(files['manifest.json']!.toString('utf8')) };
}

export const sha1 = (b: Buffer) => createHash('sha1').update(b).digest('hex');

/** Verifies the detached PKCS#7 `signature` over manifest.json, the chain up to `caFile` too; throws if it does not hold. */
export function verifyPassSignature(opened: OpenedPass, caFile: string): void {
  const args = ['smime', '-verify', '-binary', '-inform', 'DER', '-in', 'signature', '-content', 'manifest.json', '-out', '/dev/null'];
  openssl([...args, '-noverify'], opened.dir);
  openssl([...args, '-CAfile', caFile, '-purpose', 'any'], opened.dir);
}

/** A TLS certificate for localhost (a local stand-in for Apple's push service), its key, in PEM. */
export function localhostTls(dir: string): { cert: string; key: string } {
  openssl(
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'localhost.key',
      '-out',
      'localhost.pem',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost',
      '-days',
      '2',
    ],
    dir,
  );
  return { cert: fs.readFileSync(path.join(dir, 'localhost.pem'), 'utf8'), key: fs.readFileSync(path.join(dir, 'localhost.key'), 'utf8') };
}
