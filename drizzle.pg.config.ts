// drizzle-kit configuration for PostgreSQL: the same schema (src/server/db/schema, built with the PostgreSQL
// builders, see _kit.ts) generates db/migrations-pg.
import { defineConfig } from 'drizzle-kit';

process.env.PARKPILOT_DB_ENGINE = 'postgres';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/index.ts',
  out: './db/migrations-pg',
  dbCredentials: { url: process.env.DATABASE_URL ?? 'postgres://localhost/parkpilot' },
});
