import { defineConfig } from "prisma/config";

// Only `prisma generate` runs here (the schema engine cannot be downloaded); migrations
// are applied by lib/db/migrate.ts, so the datasource URL is optional.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost/sally" },
});
