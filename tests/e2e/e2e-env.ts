/**
 * Where the end-to-end server keeps its state, shared by playwright.config.ts, the
 * server script (scripts/e2e-server.ts) and the test fixtures, which write to the same
 * database and must sign session cookies with the same secret.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
// E2E_PORT lets two checkouts on one machine run their suites side by side.
export const E2E_PORT = Number(process.env.E2E_PORT) || 3100;
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
export const E2E_DIR = path.join(ROOT, "data/e2e");
export const E2E_DB_FILE = path.join(E2E_DIR, "e2e.db");
export const E2E_OUTBOX_DIR = path.join(E2E_DIR, "outbox");
export const E2E_SESSION_SECRET = "e2e-secret";

/** The environment the app's modules read, in the server and in the test workers alike. */
export const E2E_APP_ENV = {
  DATABASE_URL: `file:${E2E_DB_FILE}`,
  MAIL_OUTBOX_DIR: E2E_OUTBOX_DIR,
  SESSION_SECRET: E2E_SESSION_SECRET,
} as const;
