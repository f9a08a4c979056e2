import { LOCATIONS } from './db/seed/locations';
import { findLocationInText } from './src/server/modules/chat/find-location';
const catalogue = LOCATIONS.map((l, i) => ({ ...l, id: i + 1, aliases: l.aliases ?? [] }));
for (const t of process.argv.slice(2)) console.log(t.padEnd(60), findLocationInText(catalogue, t)?.code ?? null);
