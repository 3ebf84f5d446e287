/**
 * `npx tsx scripts/bench-calendar.ts`: seeds a small band (6 members, 30 events) and a
 * large one (200 members, 2,000 events with lineups and blackouts) in a throwaway
 * database and prints the CPU time the /calendar page's loader and the availability view
 * ("Can we take this date?") take for a month, median of 300 renders of each, alternating.
 * The large band is measured twice, to tell its size from its month's content:
 *   - a quiet month holding as many events as the small band's (2), so that only the
 *     band's size differs: its 2,000 events around it and its 200 members;
 *   - a busy month, its 2,000 events over two years: about 85 in the month.
 * A benchmark to read, not a timed test: the figures go in the README.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { cpuMs, median } from "./lib/cpu-time.ts";
import { applyMigrations } from "./lib/schema-engine.ts";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bandroom-bench-"));
const file = path.join(dir, "bench.db");
await applyMigrations(file);
Object.assign(process.env, { DATABASE_URL: `file:${file}`, NODE_ENV: "test", SESSION_SECRET: "bench", MAIL_OUTBOX_DIR: path.join(dir, "outbox") });

const { db } = await import("~/utils/db.server");
const { createSession } = await import("~/features/auth/session.server");
const { currentBandCookieHeader } = await import("~/features/bands/bands.server");
const { runWithRequestMemo } = await import("~/utils/request-memo.server");
const calendar = await import("~/routes/_app+/calendar");
const availability = await import("~/routes/_app+/calendar_.availability");
const { forgetMonths } = await import("~/features/availability/month-cache.server");

const INSTRUMENTS = ["Vocals", "Guitar", "Bass", "Drums", "Keys", "Sax", "Trumpet"];
const MONTH = "2030-05";
const monthStart = Date.parse(`${MONTH}-01T00:00:00Z`);
/** The large band's quiet month: its other events fall outside it, and it holds two, as the small band's month does. */
const QUIET = "2030-08";
const quietStart = Date.parse(`${QUIET}-01T00:00:00Z`);
const quietDays = 31;
const DAY = 86_400_000;

async function seedBand(name: string, members: number, events: number, options: { quietMonth?: boolean } = {}) {
  const users = await Promise.all(
    Array.from({ length: members }, (_, i) => db.user.create({ data: { email: `${name}-${i}@bench.example`, firstName: `P${i}`, lastName: name, emailVerifiedAt: new Date() }, select: { id: true } })),
  );
  const band = await db.band.create({ data: { name, timeZone: "Europe/Berlin" }, select: { id: true } });
  const memberships: { id: number }[] = [];
  for (const [i, user] of users.entries()) {
    memberships.push(
      await db.bandMembership.create({
        data: { bandId: band.id, userId: user.id, role: i === 0 ? "band_leader" : i % 10 === 0 ? "sub" : "band_member", instruments: { create: [{ instrument: INSTRUMENTS[i % INSTRUMENTS.length]! }] } },
        select: { id: true },
      }),
    );
    if (i % 5 === 0) {
      for (const month of [MONTH, QUIET]) await db.blackout.create({ data: { userId: user.id, startDate: `${month}-${String(1 + (i % 27)).padStart(2, "0")}`, endDate: `${month}-${String(2 + (i % 27)).padStart(2, "0")}` } });
    }
  }
  // Events spread over two years around the month, each with a lineup of five; with a
  // quiet month, all but two of them around it and those two in it (on the 10th and 20th).
  const inQuiet = options.quietMonth ? 2 : 0;
  const span = (730 - (options.quietMonth ? quietDays : 0)) * DAY;
  const starts = Array.from({ length: events - inQuiet }, (_, i) => {
    const at = monthStart - (730 * DAY) / 2 + Math.floor((span * i) / (events - inQuiet)) + 19 * 3_600_000;
    return options.quietMonth && at >= quietStart ? at + quietDays * DAY : at;
  });
  for (let k = 0; k < inQuiet; k++) starts.push(quietStart + (9 + 10 * k) * DAY + 19 * 3_600_000);
  for (const [i, at] of starts.entries()) {
    const startsAt = new Date(at);
    await db.event.create({
      data: {
        bandId: band.id,
        title: `Event ${i}`,
        kind: i % 3 ? "rehearsal" : "gig",
        startsAt,
        endsAt: new Date(startsAt.getTime() + 3 * 3_600_000),
        bookings: { create: Array.from({ length: Math.min(5, memberships.length) }, (_, k) => ({ membershipId: memberships[(i + k) % memberships.length]!.id })) },
      },
    });
  }
  const cookie = `${(await createSession(new Request("http://localhost"), users[0]!.id)).split(";")[0]}; ${(await currentBandCookieHeader(band.id)).split(";")[0]}`;
  return { cookie };
}

type Loader = (args: { request: Request; params: Record<string, string>; context: object }) => Promise<unknown>;

/** CPU time of one render. */
const cpuOnce = (loader: Loader, url: string, cookie: string, forget = false) => {
  if (forget) forgetMonths();
  return cpuMs(() => runWithRequestMemo(() => loader({ request: new Request(`http://localhost${url}`, { headers: { cookie } }), params: {}, context: {} })));
};

console.log("Seeding…");
const small = await seedBand("small", 6, 30);
const large = await seedBand("large", 200, 2000, { quietMonth: true });
// A redirect to sign in would be fast and wrong: check the pages really render the band.
const check = (await runWithRequestMemo(() => (availability.loader as Loader)({ request: new Request(`http://localhost/calendar/availability?month=${MONTH}`, { headers: { cookie: large.cookie } }), params: {}, context: {} }))) as { memberCount?: number };
if (check.memberCount !== 200) throw new Error("The availability view did not render the large band");

// The availability view keeps each month it has drawn until something it shows changes
// (features/availability/month-cache.server.ts): measured as drawn again (the band's
// stamp, unchanged) and as a first drawing (the kept months forgotten before each render,
// as after any write), which is what the band's size costs.
const pages = [
  { label: "/calendar?month (ms CPU)", loader: calendar.loader as Loader, url: (month: string) => `/calendar?month=${month}` },
  { label: "/calendar/availability (ms CPU)", loader: availability.loader as Loader, url: (month: string) => `/calendar/availability?month=${month}` },
  { label: "availability, first drawing (ms CPU)", loader: availability.loader as Loader, url: (month: string) => `/calendar/availability?month=${month}`, forget: true },
];
/** How many events the month's agenda lists (the label says it, so the table cannot claim a month it did not render). */
const eventsIn = async (cookie: string, month: string) => {
  const page = (await runWithRequestMemo(() => (calendar.loader as Loader)({ request: new Request(`http://localhost/calendar?month=${month}`, { headers: { cookie } }), params: {}, context: {} }))) as { agenda: unknown[] };
  return page.agenda.length;
};
const bands = [
  { label: `small (6 members, 30 events), ${MONTH}: ${await eventsIn(small.cookie, MONTH)} events`, cookie: small.cookie, month: MONTH },
  { label: `large (200 members, 2,000 events), quiet ${QUIET}: ${await eventsIn(large.cookie, QUIET)} events`, cookie: large.cookie, month: QUIET },
  { label: `large, busy ${MONTH}: ${await eventsIn(large.cookie, MONTH)} events`, cookie: large.cookie, month: MONTH },
];
// Warm both bands up first (the JIT, the statement cache): measured one after the other,
// the first band paid for it and the ratio swung between runs. Then the bands alternate
// one render at a time, so every slow moment of the machine (and every garbage
// collection) falls on both alike; each band's median counts.
const RUNS = 300;
for (let i = 0; i < 60; i++) for (const band of bands) for (const page of pages) await cpuOnce(page.loader, page.url(band.month), band.cookie, page.forget);
const samples = bands.map(() => pages.map(() => [] as number[]));
for (const [p, page] of pages.entries()) {
  for (let i = 0; i < RUNS; i++) for (const [b, band] of bands.entries()) samples[b]![p]!.push(await cpuOnce(page.loader, page.url(band.month), band.cookie, page.forget));
}
const figures = bands.map((_, b) => pages.map((_, p) => median(samples[b]![p]!)));
console.log(`\n${os.cpus().length}× ${os.cpus()[0]?.model.trim() ?? "CPU"}, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}; median of ${RUNS} renders of each band, alternating one at a time, after a warm-up\n`);
console.table([
  ...bands.map((band, b) => ({ band: band.label, ...Object.fromEntries(pages.map((page, p) => [page.label, figures[b]![p]!.toFixed(1)])) })),
  { band: "large, quiet ÷ small (the band's size)", ...Object.fromEntries(pages.map((page, p) => [page.label, `${(figures[1]![p]! / figures[0]![p]!).toFixed(2)}×`])) },
  { band: "large, busy ÷ small (size and content)", ...Object.fromEntries(pages.map((page, p) => [page.label, `${(figures[2]![p]! / figures[0]![p]!).toFixed(2)}×`])) },
]);
fs.rmSync(dir, { recursive: true, force: true });
process.exit(0);
