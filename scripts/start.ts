/**
 * `npm start`: build when the sources are newer than the build, create and migrate the
 * SQLite database, seed the demo data on first start, then serve with remix-serve.
 */
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import fs from "node:fs";
import { applyPendingMigrations, databaseFile } from "./db.ts";
import { ensureProductionBuild } from "./lib/build.ts";
import { redactSecrets } from "./lib/redact-log.ts";
import { withMigrationLock } from "./lib/migration-lock.ts";
import { ROOT } from "./lib/schema-engine.ts";

if (process.env.SKIP_BUILD !== "1") ensureProductionBuild("[start]");

// A second start on the same database waits here for the first one's migration and seed.
await withMigrationLock(databaseFile(), async () => {
  const firstStart = !fs.existsSync(databaseFile());
  await applyPendingMigrations();
  if (firstStart || process.env.SEED === "1") {
    const { seed } = await import("../prisma/seed.ts");
    await seed();
    console.log("Seeded the demo data.");
  }
  // Two-step secrets still in the clear (from before they were sealed) or under an
  // older key get sealed with the newest one (app/features/auth/totp-secret.server.ts).
  const { resealTotpSecrets } = await import("~/features/auth/totp-secret.server");
  const resealed = await resealTotpSecrets();
  if (resealed) console.log(`Sealed ${resealed} two-step secret(s) with the current key.`);
  // The stored member list order and initials (issue 11) are computed in JavaScript
  // (Intl.Collator), so their migration leaves them NULL: fill any band still without them.
  const { backfillMemberOrder } = await import("~/features/members/member-order.server");
  const ordered = await backfillMemberOrder();
  if (ordered) console.log(`Stored the member list order of ${ordered} band(s).`);
  // The first platform admin(s), named by ADMIN_EMAILS (idempotent, audited as the system).
  if (process.env.ADMIN_EMAILS) {
    const { applyAdminEmails, describeAdminEmailsOutcome } = await import("~/features/admin/bootstrap.server");
    for (const line of describeAdminEmailsOutcome(await applyAdminEmails(process.env.ADMIN_EMAILS))) console.log(line);
  }
});

const { DEMO_EMAIL, DEMO_PASSWORD } = await import("../prisma/seed.ts");
const port = process.env.PORT || "3000";
console.log(`\nBandroom is starting on http://localhost:${port}`);
console.log(`Demo login: ${DEMO_EMAIL} / ${DEMO_PASSWORD}\n`);

const server = spawn("npx", ["remix-serve", "./build/index.js"], {
  cwd: ROOT,
  // The access log (stdout) passes through redactSecrets: some URLs carry a secret token.
  stdio: ["inherit", "pipe", "inherit"],
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? "production", PORT: port },
});
createInterface({ input: server.stdout! }).on("line", (line) => console.log(redactSecrets(line)));
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
