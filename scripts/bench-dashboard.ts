/**
 * `npm run bench:dashboard`: how long /dashboard takes to render for a small band and a
 * large one (200 members, 5,000 songs, 2,000 events), in a throwaway database. Both
 * bands get lineups on every event (five people each, a third of them answered), setlists
 * on half the gigs and blackout dates for one member in five, so every panel has work.
 * Prints the median CPU time of the whole signed-in document (root, _app layout and
 * dashboard loaders in one request memo, as the server runs them) and of the dashboard
 * loader alone, signed in as the band leader (who sees every panel), plus the ratio.
 * Goal (issue 10): the large band within 1.5× of the small one. A benchmark to read, not
 * a timed test: the figures go in the README.
 *
 *   npm run bench:dashboard                  300 renders of each band, alternating, after 100 warm-up renders
 *   npm run bench:dashboard -- --runs 600
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { register } from "node:module";
import { cpuMs, median } from "./lib/cpu-time.ts";
import { applyMigrations } from "./lib/schema-engine.ts";

// The route modules import their stylesheets (the Remix compiler's job); here a
// stylesheet is an empty module.
register(
  `data:text/javascript,${encodeURIComponent(
    `export async function load(url, context, next) { return url.split("?")[0].endsWith(".css") ? { format: "module", source: "export default ''", shortCircuit: true } : next(url, context); }`,
  )}`,
);

const { values: options } = parseArgs({ options: { runs: { type: "string", default: "300" } } });
const RUNS = Math.max(3, Number(options.runs) || 300);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bandroom-bench-dashboard-"));
const file = path.join(dir, "bench.db");
await applyMigrations(file);
Object.assign(process.env, { DATABASE_URL: `file:${file}`, NODE_ENV: "test", SESSION_SECRET: "bench", MAIL_OUTBOX_DIR: path.join(dir, "outbox") });

const { db } = await import("~/utils/db.server");
const { createSession } = await import("~/features/auth/session.server");
const { currentBandCookieHeader } = await import("~/features/bands/bands.server");
const { runWithRequestMemo } = await import("~/utils/request-memo.server");
const { addBandContent, seedLargeBand, LARGE_BAND } = await import("./lib/large-band.ts");
const root = await import("~/root");
const layout = await import("~/routes/_app+/_layout");
const dashboard = await import("~/routes/_app+/dashboard");

const SMALL = { members: 6, songs: 40, events: 30, setlists: 3 };
const INSTRUMENTS = ["Guitar", "Bass", "Drums", "Vocals"];

/** Lineups, answers, setlists on gigs and blackouts: what the dashboard's panels read. */
async function addAvailability(bandId: number) {
  const [members, events, setlists, songs] = await Promise.all([
    db.bandMembership.findMany({ where: { bandId }, orderBy: { id: "asc" }, select: { id: true, userId: true } }),
    db.event.findMany({ where: { bandId }, orderBy: { id: "asc" }, select: { id: true, kind: true, startsAt: true } }),
    db.setlist.findMany({ where: { bandId }, select: { id: true } }),
    db.song.findMany({ where: { bandId }, take: 15, select: { id: true } }),
  ]);
  for (const setlist of setlists) {
    const set = await db.setlistSet.create({ data: { setlistId: setlist.id, name: "Set 1", position: 0 }, select: { id: true } });
    await db.setlistItem.createMany({ data: songs.map((song, position) => ({ setlistId: setlist.id, setId: set.id, position, songId: song.id })) });
  }
  await db.membershipInstrument.createMany({ data: members.map((m, i) => ({ membershipId: m.id, instrument: INSTRUMENTS[i % INSTRUMENTS.length]! })) }).catch(() => undefined);
  await db.eventBooking.createMany({
    data: events.flatMap((event, e) => Array.from({ length: Math.min(5, members.length) }, (_, k) => ({ eventId: event.id, membershipId: members[(e + k) % members.length]!.id, instrument: INSTRUMENTS[(e + k) % INSTRUMENTS.length]! }))),
  });
  const bookings = await db.eventBooking.findMany({ where: { event: { bandId } }, select: { id: true } });
  await db.rsvp.createMany({ data: bookings.filter((_, i) => i % 3 === 0).map((booking, i) => ({ bookingId: booking.id, answer: ["going", "maybe", "no"][i % 3]! })) });
  for (const [i, event] of events.entries()) if (event.kind === "gig" && i % 2 && setlists.length) await db.event.update({ where: { id: event.id }, data: { setlistId: setlists[i % setlists.length]!.id } });
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  await db.blackout.createMany({ data: members.filter((_, i) => i % 5 === 0).map((m, i) => ({ userId: m.userId, startDate: day(i % 30), endDate: day((i % 30) + 2), reason: "Away" })) });
}

async function signIn(userId: string, bandId: number) {
  return `${(await createSession(new Request("http://localhost"), userId)).split(";")[0]}; ${(await currentBandCookieHeader(bandId)).split(";")[0]}`;
}

async function smallBand() {
  const users = await Promise.all(
    Array.from({ length: SMALL.members }, (_, i) => db.user.create({ data: { email: `small-${i}@bench.example`, firstName: `S${i}`, lastName: "Small", emailVerifiedAt: new Date() }, select: { id: true } })),
  );
  const band = await db.band.create({ data: { name: "Small Band", subscriptionTier: "pro" }, select: { id: true } });
  await db.bandMembership.createMany({ data: users.map((user, i) => ({ bandId: band.id, userId: user.id, role: i === 0 ? "band_leader" : i === 5 ? "sub" : "band_member" })) });
  await addBandContent(band.id, SMALL);
  await addAvailability(band.id);
  return { bandId: band.id, cookie: await signIn(users[0]!.id, band.id) };
}

async function largeBand() {
  const leader = await db.user.create({ data: { email: "large-leader@bench.example", firstName: "Lara", lastName: "Large", emailVerifiedAt: new Date() }, select: { id: true } });
  const { bandId } = await seedLargeBand(leader.id);
  await addAvailability(bandId);
  return { bandId, cookie: await signIn(leader.id, bandId) };
}

type Loader = (args: { request: Request; params: Record<string, string>; context: object }) => Promise<unknown>;

const request = (cookie: string) => new Request("http://localhost/dashboard", { headers: { cookie } });
const page = (cookie: string) => runWithRequestMemo(() => (dashboard.loader as Loader)({ request: request(cookie), params: {}, context: {} }));
const document = (cookie: string) =>
  runWithRequestMemo(() => Promise.all([root.loader, layout.loader, dashboard.loader].map((loader) => (loader as Loader)({ request: request(cookie), params: {}, context: {} }))));

console.error("Seeding a small band and a large one…");
const small = await smallBand();
const large = await largeBand();

// A redirect to sign in would be fast and wrong: check the page renders each band's panels.
for (const [label, band] of [["small", small], ["large", large]] as const) {
  const data = (await page(band.cookie)) as { dashboard?: { coming: unknown[]; attention: unknown } };
  if (!data.dashboard?.coming.length || !data.dashboard.attention) throw new Error(`The dashboard did not render the ${label} band's panels`);
}
const counts = async (bandId: number) => {
  const [members, songs, events, bookings] = await Promise.all([
    db.bandMembership.count({ where: { bandId } }),
    db.song.count({ where: { bandId } }),
    db.event.count({ where: { bandId } }),
    db.eventBooking.count({ where: { event: { bandId } } }),
  ]);
  return `${members} members, ${songs.toLocaleString("en")} songs, ${events.toLocaleString("en")} events, ${bookings.toLocaleString("en")} bookings`;
};

// Warm both bands up first (the JIT, the statement cache): the first band measured paid
// for it, and the ratio swung between runs by a third. Then the bands alternate one render
// at a time, so every slow moment of the machine (and every garbage collection) falls on
// both alike, and each band's median counts.
for (let i = 0; i < 100; i++) for (const band of [small, large]) await document(band.cookie);
const results = { small: { page: [] as number[], document: [] as number[] }, large: { page: [] as number[], document: [] as number[] } };
for (const kind of ["document", "page"] as const) {
  for (let i = 0; i < RUNS; i++) {
    for (const [label, band] of [["small", small], ["large", large]] as const) results[label][kind].push(await cpuMs(() => (kind === "document" ? document : page)(band.cookie)));
  }
}
const rows = [
  { band: `small (${await counts(small.bandId)})`, document: median(results.small.document), page: median(results.small.page) },
  { band: `large (${await counts(large.bandId)})`, document: median(results.large.document), page: median(results.large.page) },
];
const ratio = rows[1]!.document / rows[0]!.document;
console.log(`\n${os.cpus().length}× ${os.cpus()[0]?.model.trim() ?? "CPU"}, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}; median of ${RUNS} renders of each band, alternating one at a time, after a warm-up\n`);
console.log("| Band | /dashboard document: root, layout and page loaders (ms CPU) | dashboard loader alone (ms CPU) |");
console.log("|---|---:|---:|");
for (const row of rows) console.log(`| ${row.band} | ${row.document.toFixed(1)} | ${row.page.toFixed(1)} |`);
console.log(`\nLarge band / small band: ${ratio.toFixed(2)}× (goal ≤ 1.5×${ratio <= 1.5 ? ", met" : ", NOT met"}). Large band as seeded: ${LARGE_BAND.members} members, ${LARGE_BAND.songs} songs, ${LARGE_BAND.events} events.`);
fs.rmSync(dir, { recursive: true, force: true });
process.exit(0);
