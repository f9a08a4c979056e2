// drizzle-kit configuration for SQLite (the embedded default): migrations from the schema into db/migrations.
// PostgreSQL has its own: drizzle.pg.config.ts (db/migrations-pg). Generate both after a schema change:
// npm run db:generate.
import { defineConfig } from 'drizzle-kit';

process.env.PARKPILOT_DB_ENGINE = 'sqlite';

export default defineConfig({
  dialect: 'sqlite',
  schema: './src/server/db/schema/index.ts',
  out: './db/migrations',
  dbCredentials: { url: process.env.DATABASE_PATH ?? './data/app.db' },
});
