import { describe, expect, test } from "vitest";
import { bandCookie, buildRequest, callRoute, createBand, createUser, sessionCookieFor } from "#tests/db-utils";
import { db } from "~/utils/db.server";
import { loader } from "~/routes/setlists.$id_.stage";

/**
 * Stage mode's loader (/setlists/{id}/stage): the show as one run of cues in order with
 * set changes, ?at= kept in range, and the setlist's own access (a sub only through a gig
 * they are booked on).
 */
const json = async (response: Response) => ({ status: response.status, body: JSON.parse(await response.text()) });

async function world() {
  const [leader, member, bookedSub, otherSub, outsider] = await Promise.all(["Lena", "Marc", "Sue", "Otto", "Xavier"].map((firstName) => createUser({ firstName })));
  const band = await createBand({
    members: [
      { userId: leader!.id, role: "band_leader" },
      { userId: member!.id, role: "band_member" },
      { userId: bookedSub!.id, role: "sub" },
      { userId: otherSub!.id, role: "sub" },
    ],
  });
  await createBand({ members: [{ userId: outsider!.id, role: "band_leader" }] });
  const memberships = await db.bandMembership.findMany({ where: { bandId: band.id }, select: { id: true, userId: true } });
  const membershipOf = (userId: string) => memberships.find((m) => m.userId === userId)!.id;
  const song = (title: string, extra: object = {}) => db.song.create({ data: { bandId: band.id, title, titleKey: title.toLowerCase(), artist: "Band", artistKey: "band", ...extra } });
  const valerie = await song("Valerie", { key: "Eb", tempo: 116, durationSeconds: 219 });
  const jolene = await song("Jolene", { tempo: 111 });
  const setlist = await db.setlist.create({
    data: { bandId: band.id, name: "Friday", sets: { create: [{ name: "Set 1", position: 0 }, { name: "Encore", position: 1 }] } },
    select: { id: true, sets: { orderBy: { position: "asc" }, select: { id: true } } },
  });
  const [set1, encore] = setlist.sets;
  await db.setlistItem.createMany({
    data: [
      { setlistId: setlist.id, setId: set1!.id, position: 0, songId: valerie.id, note: "Drums count in" },
      { setlistId: setlist.id, setId: set1!.id, position: 1, isBreak: true, breakSeconds: 900 },
      { setlistId: setlist.id, setId: encore!.id, position: 0, songId: jolene.id },
    ],
  });
  // The booked sub plays the gig this setlist is for; the other sub is booked on another gig.
  await db.event.create({ data: { bandId: band.id, title: "Gig", kind: "gig", startsAt: new Date(Date.now() + 86_400_000), setlistId: setlist.id, bookings: { create: [{ membershipId: membershipOf(bookedSub!.id) }] } } });
  await db.event.create({ data: { bandId: band.id, title: "Other gig", kind: "gig", startsAt: new Date(Date.now() + 2 * 86_400_000), bookings: { create: [{ membershipId: membershipOf(otherSub!.id) }] } } });
  const cookie = async (userId: string) => `${await sessionCookieFor(userId)}; ${await bandCookie(band.id)}`;
  return {
    id: setlist.id,
    cookies: { leader: await cookie(leader!.id), member: await cookie(member!.id), bookedSub: await cookie(bookedSub!.id), otherSub: await cookie(otherSub!.id), outsider: await sessionCookieFor(outsider!.id) },
  };
}

const stage = (id: number | string, cookie: string, query = "") => callRoute(loader, buildRequest(`/setlists/${id}/stage${query}`, { cookie }), { id: String(id) });

describe("stage mode", () => {
  test("shows the show's songs and breaks in order with set changes, key, tempo, length and notes", async () => {
    const w = await world();
    const { status, body } = await json(await stage(w.id, w.cookies.member));
    expect(status).toBe(200);
    expect(body.setlist).toMatchObject({ id: w.id, name: "Friday" });
    expect(body.at).toBe(1);
    expect(body.cues).toEqual([
      { set: "Set 1", setStart: true, isBreak: false, title: "Valerie", artist: "Band", key: "E♭/D♯ major", tempo: 116, length: "3:39", note: "Drums count in" },
      { set: "Set 1", setStart: false, isBreak: true, title: "Break", artist: null, key: "", tempo: null, length: "15:00", note: null },
      { set: "Encore", setStart: true, isBreak: false, title: "Jolene", artist: "Band", key: "", tempo: 111, length: "", note: null },
    ]);
  });

  test("?at= picks the cue and stays in range: past the end the last, zero, negative or garbage the nearest", async () => {
    const w = await world();
    const at = async (query: string) => (await json(await stage(w.id, w.cookies.leader, query))).body.at;
    expect(await at("?at=2")).toBe(2);
    expect(await at("?at=3")).toBe(3);
    expect(await at("?at=4")).toBe(3);
    expect(await at("?at=999999999999")).toBe(3);
    expect(await at("?at=0")).toBe(1);
    expect(await at("?at=-5")).toBe(1);
    expect(await at("?at=abc")).toBe(1);
    expect(await at("?at=1.5")).toBe(1);
  });

  test("a sub booked on the gig may open it; a sub not booked, another band's member and an unknown id get 404; signed out goes to sign in", async () => {
    const w = await world();
    expect((await stage(w.id, w.cookies.bookedSub)).status).toBe(200);
    const refused = await json(await stage(w.id, w.cookies.otherSub));
    expect(refused).toEqual({ status: 404, body: { message: "Setlist not found" } });
    expect((await stage(w.id, w.cookies.outsider)).status).toBe(404);
    expect((await stage(999_999, w.cookies.leader)).status).toBe(404);
    expect((await stage("nope", w.cookies.leader)).status).toBe(404);
    const signedOut = await stage(w.id, "");
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toBe(`/api/login?redirectTo=%2Fsetlists%2F${w.id}%2Fstage`);
  });
});
