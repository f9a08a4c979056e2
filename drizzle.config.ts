// drizzle-kit configuration: generates SQL migrations from the schema into db/migrations.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'sqlite',
  schema: './src/server/db/schema/index.ts',
  out: './db/migrations',
  dbCredentials: { url: process.env.DATABASE_PATH ?? './data/app.db' },
});
