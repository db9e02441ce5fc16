import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the tables and committed; they run at start-up on PGlite and PostgreSQL alike.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/infra/db/schema.ts',
  out: './drizzle',
  strict: true,
});
