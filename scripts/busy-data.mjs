// A year of bookings at one airport, for the bench: every space of every lot there is booked ~70 % of the days
// from six months ago to six months ahead (stays of 1-6 days, gaps of 0-3), plus 5 % cancelled bookings that
// take nothing. Written straight into a migrated, seeded SQLite file with its lot-day counters, in seconds.
import Database from 'better-sqlite3';

const DAY = 86_400_000;
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function fillBusyYear(file, { code = 'MCO', seed = 7 } = {}) {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  let state = seed;
  const rand = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const int = (lo, hi) => lo + Math.floor(rand() * (hi - lo + 1));
  const confirmation = (n) => {
    let s = '';
    for (let i = 0; i < 8; i++) {
      s += ALPHABET[n % 32];
      n = Math.floor(n / 32);
    }
    return `PP-${s}`;
  };
  const iso = (day, time) => `${new Date(day * DAY).toISOString().slice(0, 10)}T${time}`;

  const lots = db.prepare('select p.id, p.capacity, p.price_cents from parking_providers p join locations l on l.id = p.location_id where l.code = ?').all(code);
  const now = Date.now();
  const user = db
    .prepare(
      "insert into users (name, email, role, email_verified, credit_balance_cents, auth_provider, created_at, updated_at) values ('Busy Year', 'busy-year@parkpilot.example', 'user', 1, 0, 'local', ?, ?) returning id",
    )
    .get(now, now);
  const insert = db.prepare(
    `insert into bookings (user_id, provider_id, confirmation_number, first_name, last_name, email, phone, arrival_date, departure_date,
      vehicle_make, vehicle_model, license_plate, parking_fee_cents, service_fee_cents, credit_applied_cents, total_fee_cents, status, refunded_cents, created_at)
     values (?, ?, ?, 'Busy', 'Year', 'busy-year@parkpilot.example', '5550100100', ?, ?, 'Toyota', 'Camry', 'BUSY1', ?, 199, 0, ?, ?, 0, ?)`,
  );
  const today = Math.floor(now / DAY);
  const [from, to] = [today - 182, today + 183];
  const taken = new Map();
  let n = 0;
  db.transaction(() => {
    for (const lot of lots) {
      for (let space = 0; space < lot.capacity; space++) {
        for (let day = from + int(0, 3); day < to;) {
          const length = int(1, 6);
          const last = Math.min(to - 1, day + length - 1);
          const cancelled = rand() < 0.05;
          const fee = lot.price_cents * (last - day + 1); // cents
          insert.run(user.id, lot.id, confirmation(++n), iso(day, '09:00'), iso(last, '17:00'), fee, fee + 199, cancelled ? 'cancelled' : 'confirmed', (day - 30) * DAY);
          if (!cancelled) for (let d = day; d <= last; d++) taken.set(`${lot.id}:${d}`, (taken.get(`${lot.id}:${d}`) ?? 0) + 1);
          day = last + 1 + int(0, 3);
        }
      }
    }
    const counter = db.prepare('insert into lot_days (provider_id, day, capacity, taken) values (?, ?, ?, ?) on conflict do update set taken = excluded.taken');
    const capacity = new Map(lots.map((l) => [l.id, l.capacity]));
    for (const [key, count] of taken) {
      const [lot, day] = key.split(':').map(Number);
      counter.run(lot, day, capacity.get(lot), count);
    }
  })();
  const occupancy = [...taken.values()].reduce((s, v) => s + v, 0) / (lots.reduce((s, l) => s + l.capacity, 0) * (to - from));
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return { bookings: n, lots: lots.length, occupancy };
}
