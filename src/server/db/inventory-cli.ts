// npm run inventory:check [-- --repair]: recounts every lot's days from the bookings and reports the counters
// that differ (exit 1 when any do); --repair writes the recount in one transaction.
import { loadEnv } from '../env';
import { recountInventory } from '../modules/bookings/inventory';
import { closeDatabase, migrateDatabase, openDatabase } from './client';

const repair = process.argv.includes('--repair');
const env = loadEnv();
const db = openDatabase(env.DATABASE_URL ?? env.DATABASE_PATH);
await migrateDatabase(db);
const { days, drift } = await recountInventory(db, { repair });
const iso = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);
for (const d of drift.slice(0, 50)) console.log(`lot ${d.providerId} on ${iso(d.day)}: counter ${d.taken}, bookings ${d.expected}`);
if (drift.length > 50) console.log(`… and ${drift.length - 50} more`);
console.log(
  `${days} lot-days checked: ${drift.length ? `${drift.length} differed from the bookings${repair ? ', repaired' : ' (run with --repair to fix)'}` : 'all agree with the bookings'}.`,
);
await closeDatabase(db);
process.exitCode = drift.length && !repair ? 1 : 0;
