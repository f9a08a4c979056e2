// npm run admin:create: makes (or resets) the administrator account explicitly, the only way besides the
// ADMIN_EMAIL + ADMIN_PASSWORD boot bootstrap. E-mail: --email or ADMIN_EMAIL; password: ADMIN_PASSWORD or
// typed at the prompt (not echoed). Every session of that account ends.
import readline from 'node:readline';
import { Writable } from 'node:stream';
import { z } from 'zod';
import { loadEnv } from '../env';
import { ensureAdmin } from '../modules/auth/auth.service';
import { closeDatabase, migrateDatabase, openDatabase } from './client';

function ask(question: string, hidden: boolean): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _enc, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = readline.createInterface({ input: process.stdin, output, terminal: true });
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      rl.close();
      if (hidden) process.stdout.write('\n');
      resolve(answer);
    });
    muted = hidden;
  });
}

const env = loadEnv();
const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const email = z.email().safeParse((arg('email') ?? env.ADMIN_EMAIL ?? (await ask('Administrator e-mail: ', false))).trim().toLowerCase());
if (!email.success) {
  console.error('Please give a valid e-mail address (--email you@example.com).');
  process.exit(1);
}
const password = env.ADMIN_PASSWORD ?? (await ask('Password (12 characters or more): ', true));
if (password.length < 12) {
  console.error('The administrator password must be at least 12 characters.');
  process.exit(1);
}
const db = openDatabase(env.DATABASE_URL ?? env.DATABASE_PATH);
try {
  await migrateDatabase(db);
  const outcome = await ensureAdmin(db, { ADMIN_EMAIL: email.data, ADMIN_PASSWORD: password }, { resetPassword: true });
  console.log(outcome === 'created' ? `Created the administrator ${email.data}.` : `${email.data} is the administrator now; its password was set and its other sessions ended.`);
} finally {
  await closeDatabase(db);
}
