import { defineConfig } from "prisma/config";

// Only `prisma generate` and (where the engine can be downloaded) `prisma migrate
// deploy` read this; the app and scripts/db.js build their own adapter.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "file:./data/bandroom.db" },
});
