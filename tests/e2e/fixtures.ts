/**
 * Playwright fixtures for Bandroom's end-to-end journeys.
 *
 * - `outbox`: the mail the e2e server wrote to data/e2e/outbox (no SMTP in tests).
 * - `createUser` / `createBand`: rows written straight into the e2e database.
 * - `login`: a verified user with a live session, its cookie set on the browser
 *   context, so a journey that is not about signing in skips the login form and the
 *   per-IP auth rate limits (10 a minute per flow) stay out of the way.
 * - `uniqueEmail()`: an address no other test or worker uses.
 */
import fs from "node:fs";
import path from "node:path";
import { test as base, expect, type BrowserContext, type Page } from "@playwright/test";
import { SESSION_REFRESHED_AT_KEY } from "~/utils/client-constants";
import { E2E_APP_ENV, E2E_BASE_URL, E2E_OUTBOX_DIR } from "./e2e-env.ts";

// Before any app module is imported (they are imported lazily below): the app reads its
// environment once, and the fixtures must reach the server's database and secret.
Object.assign(process.env, E2E_APP_ENV);

export type Mail = { to: string; subject: string; text: string; link?: string; sentAt?: string };

let emailCounter = 0;
/** An address unique across workers and runs (the e2e database is reset per run). */
export function uniqueEmail(prefix = "e2e") {
  const random = Math.random().toString(36).slice(2, 8);
  return `${prefix}-${Date.now().toString(36)}-${process.pid.toString(36)}${(emailCounter++).toString(36)}${random}@example.com`;
}

function readOutbox(): Mail[] {
  if (!fs.existsSync(E2E_OUTBOX_DIR)) return [];
  return fs
    .readdirSync(E2E_OUTBOX_DIR)
    .filter((file) => file.endsWith(".json"))
    .sort()
    .flatMap((file) => {
      try {
        return [JSON.parse(fs.readFileSync(path.join(E2E_OUTBOX_DIR, file), "utf8")) as Mail];
      } catch {
        // A file the server is still writing: the next poll reads it whole.
        return [];
      }
    });
}

export type Outbox = {
  /** Every message sent to `to`, oldest first. */
  messagesTo(to: string): Mail[];
  /**
   * The newest message to `to` whose subject matches, polling for up to 10 s. Throws
   * when none arrives.
   */
  waitForMail(to: string, subject?: string | RegExp): Promise<{ subject: string; text: string; link: string | undefined }>;
};

const outbox: Outbox = {
  messagesTo(to) {
    const wanted = to.toLowerCase();
    return readOutbox().filter((mail) => mail.to.toLowerCase() === wanted);
  },
  async waitForMail(to, subject) {
    const matches = (mail: Mail) =>
      subject === undefined || (typeof subject === "string" ? mail.subject.includes(subject) : subject.test(mail.subject));
    const deadline = Date.now() + 10_000;
    for (;;) {
      const mail = outbox.messagesTo(to).filter(matches).at(-1);
      if (mail) return { subject: mail.subject, text: mail.text, link: mail.link };
      if (Date.now() > deadline) throw new Error(`No mail to ${to}${subject ? ` matching ${String(subject)}` : ""} within 10 s`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  },
};

export type E2EUser = { id: string; email: string; firstName: string; lastName: string | null; password: string };
type UserOptions = { email?: string; firstName?: string; lastName?: string | null; verified?: boolean; isPlatformAdmin?: boolean };
type BandOptions = { name?: string; subscriptionTier?: "free" | "pro"; timeZone?: string; role?: string; members?: { userId: string; role: string; displayName?: string }[] };

async function appModules() {
  const [dbUtils, bands] = await Promise.all([import("../db-utils"), import("~/features/bands/bands.server")]);
  return { ...dbUtils, setPreferredBand: bands.setPreferredBand };
}

async function createUser(options: UserOptions = {}): Promise<E2EUser> {
  const { createUser: insertUser, TEST_PASSWORD } = await appModules();
  const user = await insertUser({ ...options, email: options.email ?? uniqueEmail() });
  return { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, password: TEST_PASSWORD };
}

/**
 * A band with `owner` in it (band_leader unless `role` says otherwise), made the owner's
 * preferred band, plus any extra `members`.
 */
async function createBand(owner: { id: string }, options: BandOptions = {}) {
  const { createBand: insertBand, setPreferredBand } = await appModules();
  const band = await insertBand({
    name: options.name,
    subscriptionTier: options.subscriptionTier,
    timeZone: options.timeZone,
    members: [{ userId: owner.id, role: options.role ?? "band_leader" }, ...(options.members ?? [])],
  });
  await setPreferredBand(owner.id, band.id);
  return band;
}

export type Fixtures = {
  outbox: Outbox;
  createUser: (options?: UserOptions) => Promise<E2EUser>;
  createBand: typeof createBand;
  /** Signs the browser context in as `user` (a new verified user when omitted). */
  login: (user?: E2EUser) => Promise<E2EUser>;
};

export const test = base.extend<Fixtures>({
  // eslint-disable-next-line no-empty-pattern
  outbox: async ({}, use) => {
    await use(outbox);
  },
  // eslint-disable-next-line no-empty-pattern
  createUser: async ({}, use) => {
    await use(createUser);
  },
  // eslint-disable-next-line no-empty-pattern
  createBand: async ({}, use) => {
    await use(createBand);
  },
  login: async ({ context }, use) => {
    await use(async (given) => {
      const user = given ?? (await createUser());
      await signInAs(context, user.id);
      return user;
    });
  },
});

/** A live session for `userId`, its cookie set on the browser context (replacing any other). */
export async function signInAs(context: BrowserContext, userId: string) {
  const { sessionCookieFor } = await appModules();
  const [name, ...value] = (await sessionCookieFor(userId)).split("=");
  await context.clearCookies({ name: name! });
  await context.addCookies([{ name: name!, value: value.join("="), url: E2E_BASE_URL, httpOnly: true, sameSite: "Lax", expires: Math.floor(Date.now() / 1000) + 24 * 60 * 60 }]);
}

/**
 * A signed-in page writes the session-refresh timestamp once React has hydrated it: after
 * this, a click runs the enhanced handler (a fetcher, a toast) rather than the plain form
 * post a click before hydration makes.
 */
export async function waitForHydration(page: Page) {
  await expect.poll(() => page.evaluate((key) => window.localStorage.getItem(key), SESSION_REFRESHED_AT_KEY)).not.toBeNull();
}

export { expect, SESSION_REFRESHED_AT_KEY };
