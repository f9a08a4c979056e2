import { parseStayDates } from './src/shared/nlu/dates';
const now = new Date(process.argv[2] ?? '2027-02-15T15:00:00Z');
for (const t of process.argv.slice(3)) console.log(t.padEnd(55), JSON.stringify(parseStayDates(t, now)));
