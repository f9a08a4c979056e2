import { detectIntents } from './src/shared/nlu/intents';
for (const t of process.argv.slice(2)) console.log(t.padEnd(55), JSON.stringify(detectIntents(t)));
