import { parse } from "csv-parse/sync";
import { describe, expect, test } from "vitest";
import { bandCookie, buildRequest, callRoute, createBand, createUser, sessionCookieFor } from "#tests/db-utils";
import { db } from "~/utils/db.server";
import { loader as csvLoader } from "~/routes/_app+/setlists.report[.]csv";
import { loader as pageLoader } from "~/routes/_app+/setlists.report";
import { REPORT_COLUMNS, REPORT_MESSAGES } from "~/features/setlists/report.server";
import { action as editSongAction } from "~/routes/_app+/songs.$id.edit";
import { action as editorAction, loader as editorLoader } from "~/routes/_app+/setlists.$id";
import { loader as setlistApiLoader } from "~/routes/api+/setlists.$id";
import { loader as setlistTextLoader } from "~/routes/_app+/setlists.$id_.text";

/** The performance report for rights organisations: every song played at each gig in a date range, as CSV. */
async function world() {
  const [leader, member, sub] = await Promise.all([createUser({ firstName: "Lena" }), createUser({ firstName: "Max" }), createUser({ firstName: "Sue" })]);
  const band = await createBand({ name: "Rights Band", timeZone: "America/New_York", members: [{ userId: leader.id, role: "band_leader" }, { userId: member.id, role: "band_member" }, { userId: sub.id, role: "sub" }] });
  const cookie = async (userId: string) => `${await sessionCookieFor(userId)}; ${await bandCookie(band.id)}`;
  const song = (title: string, extra: object = {}) => db.song.create({ data: { bandId: band.id, title, titleKey: title.toLowerCase(), ...extra } });
  const valerie = await song("Valerie", { artist: "Amy Winehouse", isrc: "GBUM70711935", musicbrainzId: "3d6f1a3e-0000-4000-8000-000000000001", durationSeconds: 233, key: "Eb" });
  const formula = await song("=HYPERLINK(\"x\")", { artist: "Hacker" });
  const setlist = await db.setlist.create({ data: { bandId: band.id, name: "Pub", sets: { create: [{ name: "Set 1", position: 0 }, { name: "Encore", position: 1 }] } }, select: { id: true, sets: { orderBy: { position: "asc" }, select: { id: true } } } });
  await db.setlistItem.createMany({
    data: [
      { setlistId: setlist.id, setId: setlist.sets[0]!.id, position: 0, songId: valerie.id },
      { setlistId: setlist.id, setId: setlist.sets[0]!.id, position: 1, isBreak: true, breakSeconds: 900 },
      { setlistId: setlist.id, setId: setlist.sets[1]!.id, position: 0, songId: formula.id },
    ],
  });
  // 23:30 on Dec 31 in New York is already Jan 1 in UTC: the band's day counts.
  const gig = (title: string, startsAt: Date, extra: object = {}) => db.event.create({ data: { bandId: band.id, title, kind: "gig", venueName: "Harbour Bar", venueAddress: "1 Quay St", startsAt, setlistId: setlist.id, ...extra } });
  await gig("New Year's Eve", new Date("2026-01-01T04:30:00Z"));
  await gig("Spring", new Date("2025-03-14T23:00:00Z"));
  await gig("Cancelled", new Date("2025-04-01T23:00:00Z"), { cancelledAt: new Date() });
  await gig("Rehearsal", new Date("2025-05-01T23:00:00Z"), { kind: "rehearsal" });
  await gig("No setlist", new Date("2025-06-01T23:00:00Z"), { setlistId: null });
  return { band, cookies: { leader: await cookie(leader.id), member: await cookie(member.id), sub: await cookie(sub.id) } };
}

const csv = (cookie: string, query: string) => callRoute(csvLoader, buildRequest(`/setlists/report.csv?${query}`, { cookie }));

describe("performance report", () => {
  test("a song deleted from the library after it was played stays in the report and in its setlists, with its title, artist and length", async () => {
    const w = await world();
    const valerie = await db.song.findFirstOrThrow({ where: { bandId: w.band.id, title: "Valerie" }, select: { id: true } });
    const deleted = await callRoute(editSongAction, buildRequest(`/songs/${valerie.id}/edit`, { cookie: w.cookies.leader, form: { intent: "delete" } }), { id: String(valerie.id) });
    expect(deleted.status).toBe(302);
    expect(await db.song.count({ where: { id: valerie.id } })).toBe(0);
    const rows: string[][] = parse(await (await csv(w.cookies.member, "from=2025-01-01&to=2025-12-31")).text());
    // Its ISRC and MusicBrainz id went with it; what was played, where and how long, did not.
    expect(rows[1]).toEqual(["2025-03-14", "Spring", "Harbour Bar", "1 Quay St", "Set 1", "1", "Valerie", "Amy Winehouse", "", "", "3:53"]);
    expect(rows).toHaveLength(1 + 4);

    const setlist = await db.setlist.findFirstOrThrow({ where: { bandId: w.band.id }, select: { id: true } });
    const api = (await (await callRoute(setlistApiLoader, buildRequest(`/api/setlists/${setlist.id}`, { cookie: w.cookies.leader }), { id: String(setlist.id) })).json()) as {
      durationSeconds: number;
      sets: { items: { title: string | null; artist: string | null; key: string | null; songId: number | null; durationSeconds: number; removedFromLibrary: boolean }[] }[];
    };
    expect(api.sets[0]!.items[0]).toMatchObject({ title: "Valerie", artist: "Amy Winehouse", key: "Eb", songId: null, durationSeconds: 233, removedFromLibrary: true });
    const editor = (await (await callRoute(editorLoader, buildRequest(`/setlists/${setlist.id}`, { cookie: w.cookies.leader }), { id: String(setlist.id) })).json()) as { setlist: { sets: { items: { title: string }[] }[] } };
    expect(editor.setlist.sets[0]!.items[0]!.title).toBe("Valerie (removed from the library)");
    const text = await (await callRoute(setlistTextLoader, buildRequest(`/setlists/${setlist.id}/text`, { cookie: w.cookies.leader }), { id: String(setlist.id) })).text();
    expect(text).toMatch(/ 1\. Valerie — Amy Winehouse \(E♭[^,]*, 3:53\)/);
    // A copy of the setlist (Duplicate, or built from the gig) keeps it as well.
    const copied = await callRoute(editorAction, buildRequest(`/setlists/${setlist.id}`, { cookie: w.cookies.leader, form: { intent: "duplicate" } }), { id: String(setlist.id) });
    const copyId = Number(copied.headers.get("location")!.split("/").pop());
    const copy = (await (await callRoute(setlistApiLoader, buildRequest(`/api/setlists/${copyId}`, { cookie: w.cookies.leader }), { id: String(copyId) })).json()) as typeof api;
    expect(copy.sets[0]!.items[0]).toMatchObject({ title: "Valerie", artist: "Amy Winehouse", key: "Eb", durationSeconds: 233, removedFromLibrary: true });
    expect(copy.durationSeconds).toBe(api.durationSeconds);
  });

  test("lists every song played at each past gig in the range, in running order, with ISRC, venue and date, as CSV a spreadsheet opens", async () => {
    const w = await world();
    const response = await csv(w.cookies.member, "from=2025-01-01&to=2025-12-31");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="rights-band-performance-report-2025-01-01-to-2025-12-31.csv"');
    const bytes = new Uint8Array(await response.arrayBuffer());
    // UTF-8 with a byte order mark, so a spreadsheet reads the accents right.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text).toContain("\r\n");
    const rows: string[][] = parse(text);
    expect(rows[0]).toEqual(REPORT_COLUMNS);
    expect(rows.slice(1)).toEqual([
      ["2025-03-14", "Spring", "Harbour Bar", "1 Quay St", "Set 1", "1", "Valerie", "Amy Winehouse", "GBUM70711935", "3d6f1a3e-0000-4000-8000-000000000001", "3:53"],
      ["2025-03-14", "Spring", "Harbour Bar", "1 Quay St", "Encore", "2", "'=HYPERLINK(\"x\")", "Hacker", "", "", ""],
      ["2025-12-31", "New Year's Eve", "Harbour Bar", "1 Quay St", "Set 1", "1", "Valerie", "Amy Winehouse", "GBUM70711935", "3d6f1a3e-0000-4000-8000-000000000001", "3:53"],
      ["2025-12-31", "New Year's Eve", "Harbour Bar", "1 Quay St", "Encore", "2", "'=HYPERLINK(\"x\")", "Hacker", "", "", ""],
    ]);
    // A range with no gigs: the header alone.
    expect((parse(await (await csv(w.cookies.leader, "from=2020-01-01&to=2020-12-31")).text()) as string[][]).length).toBe(1);
    expect(await db.analyticsEvent.count({ where: { name: "export_setlist", bandId: w.band.id } })).toBe(2);
  });

  test("a bad range goes back to the form with a clear message under the date; a sub may not download it", async () => {
    const w = await world();
    const cases: [string, Record<string, string>][] = [
      ["from=&to=2025-12-31", { from: REPORT_MESSAGES.from }],
      ["from=2025-02-30&to=2025-12-31", { from: REPORT_MESSAGES.from }],
      ["from=2025-06-01&to=2025-01-01", { to: REPORT_MESSAGES.order }],
      ["from=2010-01-01&to=2025-12-31", { to: REPORT_MESSAGES.tooLong }],
      ["from=2025-01-01&to=soon", { to: REPORT_MESSAGES.to }],
    ];
    for (const [query, errors] of cases) {
      const response = await csv(w.cookies.member, query);
      expect(response.status, query).toBe(302);
      const location = response.headers.get("location")!;
      expect(location.startsWith("/setlists/report?")).toBe(true);
      // Back to the report of the band it was asked for, whichever band is current by then.
      expect(new URL(location, "http://localhost").searchParams.get("band")).toBe(String(w.band.id));
      const page = await (await callRoute(pageLoader, buildRequest(location, { cookie: w.cookies.member }))).json();
      expect(page.errors, query).toEqual(errors);
      expect(page.bandId).toBe(w.band.id);
    }
    // The form starts with this year so far.
    const fresh = await (await callRoute(pageLoader, buildRequest("/setlists/report", { cookie: w.cookies.member }))).json();
    expect(fresh.errors).toEqual({});
    expect(fresh.values.from).toMatch(/^\d{4}-01-01$/);
    expect((await csv(w.cookies.sub, "from=2025-01-01&to=2025-12-31")).status).toBe(403);
    expect((await callRoute(pageLoader, buildRequest("/setlists/report", { cookie: w.cookies.sub }))).status).toBe(403);
  });
});
