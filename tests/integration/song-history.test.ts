import { describe, expect, test } from "vitest";
import { bandCookie, buildRequest, callRoute, createBand, createUser, sessionCookieFor } from "#tests/db-utils";
import { db } from "~/utils/db.server";
import { loader as songsLoader } from "~/routes/_app+/songs._index";
import { loader as songEditLoader } from "~/routes/_app+/songs.$id.edit";
import { loader as eventLoader } from "~/routes/_app+/events.$id";

/**
 * What the band actually plays (issue 8's song analytics): counted from the setlists
 * linked to past gigs, once per gig, never from cancelled or future gigs or rehearsals.
 */
const DAY = 86_400_000;
const json = async (response: Response) => JSON.parse(await response.text());

async function world() {
  const [leader, sub] = await Promise.all([createUser({ firstName: "Lena" }), createUser({ firstName: "Sue" })]);
  const band = await createBand({ timeZone: "Europe/Berlin", members: [{ userId: leader.id, role: "band_leader" }, { userId: sub.id, role: "sub" }] });
  const cookie = async (userId: string) => `${await sessionCookieFor(userId)}; ${await bandCookie(band.id)}`;
  const song = (title: string) => db.song.create({ data: { bandId: band.id, title, titleKey: title.toLowerCase(), artist: "Band", artistKey: "band" } });
  const [valerie, september, jolene, never] = await Promise.all(["Valerie", "September", "Jolene", "Never Played"].map(song));
  const setlist = async (name: string, songs: { id: number }[]) => {
    const created = await db.setlist.create({ data: { bandId: band.id, name, sets: { create: [{ name: "Set 1", position: 0 }] } }, select: { id: true, sets: { select: { id: true } } } });
    await db.setlistItem.createMany({ data: songs.map((s, position) => ({ setlistId: created.id, setId: created.sets[0]!.id, position, songId: s.id })) });
    return created.id;
  };
  // Valerie twice in one setlist still counts once for that gig.
  const a = await setlist("A", [valerie!, september!, valerie!]);
  const b = await setlist("B", [valerie!, jolene!]);
  const now = Date.now();
  const gig = (title: string, startsAt: number, setlistId: number, extra: object = {}) =>
    db.event.create({ data: { bandId: band.id, title, kind: "gig", venueName: "Harbour Bar", startsAt: new Date(startsAt), setlistId, ...extra } });
  const old = await gig("Old gig", Date.UTC(2024, 0, 12, 20), a);
  const recent = await gig("Recent gig", now - 10 * DAY, b);
  await gig("Cancelled gig", now - 5 * DAY, a, { cancelledAt: new Date() });
  await gig("Rehearsal", now - 4 * DAY, a, { kind: "rehearsal" });
  const next = await gig("Next gig", now + 10 * DAY, a);
  return { band, songs: { valerie: valerie!, september: september!, jolene: jolene!, never: never! }, events: { old, recent, next }, cookies: { leader: await cookie(leader.id), sub: await cookie(sub.id) } };
}

describe("song history", () => {
  test("the library shows times played and last played per song, the most played, and songs not played for six months", async () => {
    const w = await world();
    const page = await json(await callRoute(songsLoader, buildRequest("/songs", { cookie: w.cookies.leader })));
    const row = (title: string) => page.songs.find((song: { title: string }) => song.title === title);
    expect(row("Valerie")).toMatchObject({ timesPlayed: 2 });
    expect(row("Valerie").lastPlayed).toBe(row("Jolene").lastPlayed);
    expect(row("September")).toMatchObject({ timesPlayed: 1, lastPlayed: "Jan 12, 2024" });
    expect(row("Jolene")).toMatchObject({ timesPlayed: 1 });
    expect(row("Never Played")).toMatchObject({ timesPlayed: 0, lastPlayed: null });
    expect(page.insights.mostPlayed.map((song: { title: string; timesPlayed: number }) => [song.title, song.timesPlayed])).toEqual([
      ["Valerie", 2],
      ["Jolene", 1],
      ["September", 1],
    ]);
    expect(page.insights.notPlayedForAWhile).toEqual([expect.objectContaining({ title: "September", lastPlayed: "Jan 12, 2024" })]);

    // A sub sees no library, so no history either.
    const subPage = await json(await callRoute(songsLoader, buildRequest("/songs", { cookie: w.cookies.sub })));
    expect(subPage.insights).toBeNull();
    expect(subPage.songs).toEqual([]);
  });

  test("a song's page lists the gigs it was played at; a gig's page lists what was played at that venue last time", async () => {
    const w = await world();
    const history = await json(await callRoute(songEditLoader, buildRequest(`/songs/${w.songs.september.id}/edit`, { cookie: w.cookies.leader }), { id: String(w.songs.september.id) }));
    expect(history.history).toEqual({ timesPlayed: 1, lastPlayed: "Jan 12, 2024", gigs: [{ id: w.events.old.id, title: "Old gig", venueName: "Harbour Bar", when: "Jan 12, 2024" }] });
    const never = await json(await callRoute(songEditLoader, buildRequest(`/songs/${w.songs.never.id}/edit`, { cookie: w.cookies.leader }), { id: String(w.songs.never.id) }));
    expect(never.history).toMatchObject({ timesPlayed: 0, lastPlayed: null, gigs: [] });

    // The next gig at the Harbour Bar: last time there was the recent gig, with setlist B.
    const next = await json(await callRoute(eventLoader, buildRequest(`/events/${w.events.next.id}`, { cookie: w.cookies.leader }), { id: String(w.events.next.id) }));
    expect(next.lastTime).toMatchObject({ id: w.events.recent.id, title: "Recent gig", songs: [{ title: "Jolene" }, { title: "Valerie" }] });
    // The recent gig's own page looks further back, to the old gig.
    const recent = await json(await callRoute(eventLoader, buildRequest(`/events/${w.events.recent.id}`, { cookie: w.cookies.leader }), { id: String(w.events.recent.id) }));
    expect(recent.lastTime).toMatchObject({ id: w.events.old.id, songs: [{ title: "September" }, { title: "Valerie" }] });
    const first = await json(await callRoute(eventLoader, buildRequest(`/events/${w.events.old.id}`, { cookie: w.cookies.leader }), { id: String(w.events.old.id) }));
    expect(first.lastTime).toBeNull();
  });
});

describe("the demo seed", () => {
  test("the demo band's past gigs have setlists, so /songs shows what was played on first start (and a second seed links nothing twice)", async () => {
    const { seed, DEMO_EMAIL } = await import("../../prisma/seed");
    await seed();
    await seed();
    const demo = await db.user.findUniqueOrThrow({ where: { email: DEMO_EMAIL }, select: { id: true, preferredBandId: true } });
    const bandId = demo.preferredBandId!;
    const linked = await db.event.findMany({ where: { bandId, setlistId: { not: null } }, select: { title: true, startsAt: true, kind: true, cancelledAt: true } });
    expect(linked.map((event) => event.title).sort()).toEqual(["Friday at The Blue Door", "Riverside wedding"]);
    expect(linked.every((event) => event.kind === "gig" && event.startsAt < new Date() && event.cancelledAt === null)).toBe(true);
    const page = await json(await callRoute(songsLoader, buildRequest("/songs?sort=title", { cookie: `${await sessionCookieFor(demo.id)}; ${await bandCookie(bandId)}` })));
    expect(page.insights.mostPlayed.length).toBeGreaterThan(0);
    expect(page.songs.some((song: { timesPlayed: number; lastPlayed: string | null }) => song.timesPlayed > 0 && song.lastPlayed)).toBe(true);
  });
});
