import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the schema and committed; the same SQL runs on PGlite and Postgres.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/schema/index.ts',
  out: './migrations',
});
