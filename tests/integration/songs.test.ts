import { recordQueries } from "#tests/query-counter";
import fs from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, test } from "vitest";
import { bandCookie, buildRequest, callRoute, createBand, createUser, sessionCookieFor } from "#tests/db-utils";
import { server } from "#tests/mocks/server";
import { partnerCalls, partnerHandlers, type PartnerBehaviour } from "#tests/mocks/partners";
import { db } from "~/utils/db.server";
import { CSV_MESSAGES, MAX_ROW_CHARACTERS } from "~/features/songs/csv.server";
import { loader as rootLoader } from "~/root";
import { loader as layoutLoader } from "~/routes/_app+/_layout";
import { loader as songsLoader } from "~/routes/_app+/songs._index";
import { action as newSongAction, loader as newSongLoader } from "~/routes/_app+/songs.new";
import { action as editSongAction } from "~/routes/_app+/songs.$id.edit";
import { action as importAction } from "~/routes/_app+/songs.import";
import { loader as exportLoader } from "~/routes/_app+/songs.export[.]csv";
import { loader as songApiLoader, action as songApiAction } from "~/routes/api+/songs.$id";
import { action as bandSongsApiAction } from "~/routes/api+/bands.$id.songs";
import { action as lookupApiAction } from "~/routes/api+/songs.lookup";
import { claimSlot } from "~/features/songs/partners/rate.server";
import { runWithRequestMemo } from "~/utils/request-memo.server";
import { fold } from "~/features/songs/songs.server";
import { SENT_WITH_OTHER_VALUES } from "~/utils/form-submission.server";
import { toastOf } from "./auth-helpers";
import { SONG_VERSION_MISSING } from "~/features/songs/schema.server";

process.env.PARTNER_TIMEOUT_MS = "200";

async function bandWithRoles() {
  const [leader, member, sub] = await Promise.all([createUser({ firstName: "Lena", lastName: "Lead" }), createUser({ firstName: "Max", lastName: "Member" }), createUser({ firstName: "Sue", lastName: "Sub" })]);
  const band = await createBand({ members: [{ userId: leader.id, role: "band_leader" }, { userId: member.id, role: "band_member" }, { userId: sub.id, role: "sub" }] });
  const cookie = async (userId: string) => `${await sessionCookieFor(userId)}; ${await bandCookie(band.id)}`;
  return { band, users: { leader, member, sub }, cookies: { leader: await cookie(leader.id), member: await cookie(member.id), sub: await cookie(sub.id) } };
}

const json = async (response: Response) => JSON.parse(await response.text());
const songForm = (bandId: number, fields: Record<string, string>) => ({ bandId: String(bandId), title: "", ...fields });

describe("the song form", () => {
  test("bad tempo, duration, key and a missing title get clear messages and write nothing", async () => {
    const { band, cookies } = await bandWithRoles();
    const response = await callRoute(newSongAction, buildRequest("/songs/new", { cookie: cookies.member, form: songForm(band.id, { title: "", tempo: "500", duration: "3.45", key: "H minor", timeSignature: "4-4", isrc: "nope" }) }));
    expect(response.status).toBe(400);
    const { result } = await json(response);
    expect(result.error).toMatchObject({
      title: ["Title is required"],
      tempo: ["Tempo must be a whole number of beats per minute from 20 to 400"],
      duration: ["Duration must be minutes and seconds, like 3:45"],
      key: ["Choose a key from the list, like C major or A minor"],
      timeSignature: ["Time signature must look like 4/4, 3/4, 6/8 or 12/8"],
      isrc: ["ISRC must be 12 letters and digits, like GBUM71029604"],
    });
    expect(result.initialValue.tempo).toBe("500"); // what was typed comes back
    const invisible = await callRoute(newSongAction, buildRequest("/songs/new", { cookie: cookies.member, form: songForm(band.id, { title: "\u200b \u200d" }) }));
    expect(invisible.status).toBe(400);
    expect((await json(invisible)).result.error.title).toEqual(["Title is required"]);
    const tooSlow = await callRoute(newSongAction, buildRequest("/songs/new", { cookie: cookies.member, form: songForm(band.id, { title: "Drone", tempo: "19" }) }));
    expect((await json(tooSlow)).result.error.tempo).toEqual(["Tempo must be a whole number of beats per minute from 20 to 400"]);
    // A tag's 30 characters are counted as the title's are: an emoji is one.
    const longTag = await callRoute(newSongAction, buildRequest("/songs/new", { cookie: cookies.member, form: songForm(band.id, { title: "Drone", tags: "x".repeat(31) }) }));
    expect((await json(longTag)).result.error.tags).toEqual(["Each tag must be at most 30 characters"]);
    expect(await db.song.count({ where: { bandId: band.id } })).toBe(0);
    const emoji = await callRoute(newSongAction, buildRequest("/songs/new", { cookie: cookies.member, form: songForm(band.id, { title: "Drone", tags: "🎸".repeat(16) }) }));
    expect(emoji.status).toBe(302);
  });

  test("a member adds a song with every field; the same title and artist is flagged before saving, then added when confirmed", async () => {
    const { band, cookies, users } = await bandWithRoles();
    const lead = await db.bandMembership.findFirstOrThrow({ where: { bandId: band.id, userId: users.leader.id } });
    const fields = songForm(band.id, { title: "Valerie", artist: "Amy Winehouse", key: "Eb", tempo: "106", duration: "3:53", timeSignature: "4/4", tags: "wedding, Upbeat, wedding", leadSingerId: String(lead.id), chartUrl: "https://charts.example/valerie", notes: "Horns in the chorus" });
    const created = await callRoute(newSongAction, buildRequest("/songs/new", { cookie: cookies.member, form: fields }));
    expect(created.status).toBe(302);
    const song = await db.song.findFirstOrThrow({ where: { bandId: band.id }, include: { tags: true } });
    expect(song).toMatchObject({ title: "Valerie", key: "Eb", tempo: 106, durationSeconds: 233, timeSignature: "4/4", leadSingerId: lead.id, titleKey: "valerie" });
    expect(song.tags.map((tag) => tag.name).sort()).toEqual(["Upbeat", "wedding"]);
    expect(await db.analyticsEvent.count({ where: { name: "add_song_to_library", bandId: band.id } })).toBe(1);

    const again = await callRoute(newSongAction, buildRequest("/songs/new", { cookie: cookies.member, form: { ...fields, title: "valerie ", artist: "AMY WINEHOUSE" } }));
    expect(again.status).toBe(409);
    const reply = await json(again);
    expect(reply.duplicate).toMatchObject({ id: song.id, title: "Valerie" });
    expect(reply.result.error.title[0]).toContain("“Valerie” by Amy Winehouse is already in the library.");
    expect(await db.song.count({ where: { bandId: band.id } })).toBe(1);

    const confirmed = await callRoute(newSongAction, buildRequest("/songs/new", { cookie: cookies.member, form: { ...fields, confirmDuplicate: "yes" } }));
    expect(confirmed.status).toBe(302);
    expect(await db.song.count({ where: { bandId: band.id } })).toBe(2);
  });

  test("the title's 200 characters are counted as a person counts them: 150 emoji fit, 201 letters do not", async () => {
    const { band, cookies } = await bandWithRoles();
    const add = (title: string) => callRoute(newSongAction, buildRequest("/songs/new", { cookie: cookies.member, form: songForm(band.id, { title }) }));
    expect((await add("🎸".repeat(150))).status).toBe(302);
    const refused = await add("a".repeat(201));
    expect(refused.status).toBe(400);
    expect((await json(refused)).result.error.title).toEqual(["Title is too long (at most 200 characters)"]);
  });

  test("titles of symbols only are compared as written: ★ is not 🎸, but ★ again is flagged", async () => {
    const { band, cookies } = await bandWithRoles();
    const add = (title: string, artist = "") => callRoute(newSongAction, buildRequest("/songs/new", { cookie: cookies.member, form: songForm(band.id, { title, artist }) }));
    expect((await add("🎸🎸🎸")).status).toBe(302);
    for (const title of ["★", "!!!", "🎹"]) expect((await add(title)).status, title).toBe(302);
    expect((await add("★")).status).toBe(409);
    // The same for an artist of symbols only.
    expect((await add("Intro", "†")).status).toBe(302);
    expect((await add("Intro", "‡")).status).toBe(302);
    expect((await add("intro", "†")).status).toBe(409);
    expect(await db.song.count({ where: { bandId: band.id } })).toBe(6);
  });

  test("two people edit one song: the later save, made from the older version, is refused and changes nothing (form and API)", async () => {
    const { band, cookies } = await bandWithRoles();
    const song = await db.song.create({ data: { bandId: band.id, title: "Superstition", titleKey: "superstition", tempo: 93 } });
    const { loader: editLoader } = await import("~/routes/_app+/songs.$id.edit");
    const opened = await json(await callRoute(editLoader, buildRequest(`/songs/${song.id}/edit`, { cookie: cookies.leader }), { id: String(song.id) }));
    expect(opened.version).toBe(1);
    const save = (cookie: string, fields: Record<string, string>) =>
      callRoute(editSongAction, buildRequest(`/songs/${song.id}/edit`, { cookie, form: songForm(band.id, { title: "Superstition", version: String(opened.version), ...fields }) }), { id: String(song.id) });
    // Both opened the form at version 1; the member saves first.
    expect((await save(cookies.member, { tempo: "100" })).status).toBe(302);
    const stale = await save(cookies.leader, { tempo: "93", notes: "Clav intro" });
    expect(stale.status).toBe(409);
    const reply = await json(stale);
    expect(reply.result.error[""]).toEqual(["Someone else changed this song while you were editing. Reload to see their changes, then make yours again."]);
    // The page offers the song as it is now (a link: reloading would send the form again).
    expect(reply.stale).toBe(true);
    expect(reply.result.initialValue.notes).toBe("Clav intro"); // what was typed comes back
    expect(await db.song.findUniqueOrThrow({ where: { id: song.id } })).toMatchObject({ tempo: 100, notes: null, version: 2 });
    // A version that is not one (a tampered form) is refused as stale, not a pass.
    expect((await save(cookies.leader, { tempo: "93", version: "abc" })).status).toBe(409);
    expect(await db.song.findUniqueOrThrow({ where: { id: song.id } })).toMatchObject({ tempo: 100, version: 2 });
    // A form without a version (made by hand) is refused: it would save over anything.
    const noVersion = await save(cookies.leader, { tempo: "93", version: "" });
    expect(noVersion.status).toBe(400);
    expect((await json(noVersion)).result.error[""]).toEqual(["Reload the song and try again: the form did not say which version it changes."]);
    expect(await db.song.findUniqueOrThrow({ where: { id: song.id } })).toMatchObject({ tempo: 100, version: 2 });

    // A look-up from the form opened at version 1 keeps version 1, so its next save is still refused.
    server.use(...partnerHandlers("ok", "ok"));
    const lookedUp = await json(await callRoute(editLoader, buildRequest(`/songs/${song.id}/edit?lookup=1&version=1&title=Superstition`, { cookie: cookies.leader }), { id: String(song.id) }));
    expect(lookedUp.version).toBe(1);

    // The API: the version it read, sent back.
    const patch = (body: unknown) => callRoute(songApiAction, buildRequest(`/api/songs/${song.id}`, { method: "PATCH", cookie: cookies.leader, json: body }), { id: String(song.id) });
    const read = await json(await callRoute(songApiLoader, buildRequest(`/api/songs/${song.id}`, { cookie: cookies.leader }), { id: String(song.id) }));
    expect(read.version).toBe(2);
    expect((await patch({ tempo: 96, version: 1 })).status).toBe(409);
    const saved = await patch({ tempo: 96, version: 2 });
    expect(saved.status).toBe(200);
    expect((await json(saved)).version).toBe(3);
    // Without a version nothing changes: a client that leaves it out cannot overwrite a change made meanwhile.
    const unversioned = await patch({ tempo: 97 });
    expect(unversioned.status).toBe(400);
    expect((await json(unversioned)).errors).toEqual({ version: [SONG_VERSION_MISSING] });
    expect((await db.song.findUniqueOrThrow({ where: { id: song.id } })).tempo).toBe(96);
    expect((await patch({ version: "2" })).status).toBe(400);
    // Sent unchanged, it changes nothing, not even the version: another person's open edit
    // made from version 3 still saves (it used to be refused as someone else's change).
    const same = await patch({ tempo: 96, title: "Superstition", notes: null, version: 3 });
    expect(same.status).toBe(200);
    expect((await json(same)).version).toBe(3);
    expect((await patch({ tempo: 96, version: 2 })).status).toBe(409);
    expect((await patch({ tempo: 98, version: 3 })).status).toBe(200);
    expect(await db.song.findUniqueOrThrow({ where: { id: song.id } })).toMatchObject({ tempo: 98, version: 4 });
  });

  test("the add form sent twice (a double tap, a resend) adds one song, and the second post goes where the first went", async () => {
    const { band, cookies } = await bandWithRoles();
    const { submissionKey } = await json(await callRoute(newSongLoader, buildRequest("/songs/new", { cookie: cookies.member })));
    expect(submissionKey).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    const post = () => callRoute(newSongAction, buildRequest("/songs/new", { cookie: cookies.member, form: songForm(band.id, { title: "Twice Told", artist: "Echo", submissionKey }) }));
    const [first, second] = await Promise.all([post(), post()]);
    expect([first.status, second.status]).toEqual([302, 302]);
    expect(await db.song.count({ where: { bandId: band.id, titleKey: "twice told" } })).toBe(1);
    // Later, the same again: to the song, "Already recorded", not the duplicate warning about it.
    const again = await post();
    expect(again.status).toBe(302);
    expect(again.headers.get("Location")).toBe(first.headers.get("Location"));
    expect(await toastOf(again)).toMatchObject({ title: "Already recorded" });
    expect(await db.song.count({ where: { bandId: band.id, titleKey: "twice told" } })).toBe(1);
    // The same key with other values (the person went back and changed the form): refused, with a fresh key to send it again.
    const changed = await callRoute(newSongAction, buildRequest("/songs/new", { cookie: cookies.member, form: songForm(band.id, { title: "Other Song", submissionKey }) }));
    expect(changed.status).toBe(409);
    const reply = await json(changed);
    expect(reply.result.error[""]).toEqual([SENT_WITH_OTHER_VALUES]);
    expect(reply.submissionKey).not.toBe(submissionKey);
    const resent = await callRoute(newSongAction, buildRequest("/songs/new", { cookie: cookies.member, form: songForm(band.id, { title: "Other Song", submissionKey: reply.submissionKey }) }));
    expect(resent.status).toBe(302);
    expect(await db.song.count({ where: { bandId: band.id, titleKey: "other song" } })).toBe(1);
  });

  test("a song added lands on the library page that holds it, at its row", async () => {
    const { band, cookies } = await bandWithRoles();
    // 60 songs before "Zulu" by title: it is on page 2 (50 a page).
    await db.song.createMany({ data: Array.from({ length: 60 }, (_, i) => ({ bandId: band.id, title: `Song ${String(i).padStart(2, "0")}`, titleKey: `song ${String(i).padStart(2, "0")}` })) });
    const late = await callRoute(newSongAction, buildRequest("/songs/new", { cookie: cookies.member, form: songForm(band.id, { title: "Zulu" }) }));
    const zulu = await db.song.findFirstOrThrow({ where: { bandId: band.id, title: "Zulu" } });
    expect(late.headers.get("location")).toBe(`/bands/${band.id}/songs?page=2&added=${zulu.id}#song-${zulu.id}`);
    const early = await callRoute(newSongAction, buildRequest("/songs/new", { cookie: cookies.member, form: songForm(band.id, { title: "Alpha" }) }));
    const alpha = await db.song.findFirstOrThrow({ where: { bandId: band.id, title: "Alpha" } });
    expect(early.headers.get("location")).toBe(`/bands/${band.id}/songs?added=${alpha.id}#song-${alpha.id}`);
  });

  test("sorted by lead singer, songs go by the singer's name (not the order they joined), songs without one last", async () => {
    const { band, cookies, users } = await bandWithRoles();
    const [leader, member] = await Promise.all([users.leader, users.member].map((user) => db.bandMembership.findFirstOrThrow({ where: { bandId: band.id, userId: user.id } })));
    // The leader joined first but goes by "Zed" in this band.
    await db.bandMembership.update({ where: { id: leader!.id }, data: { displayName: "Zed" } });
    const { refreshMemberOrder } = await import("~/features/members/member-order.server");
    await refreshMemberOrder(db, band.id);
    for (const [title, leadSingerId] of [["Alpha", leader!.id], ["Bravo", member!.id], ["Charlie", null]] as const) {
      await db.song.create({ data: { bandId: band.id, title, titleKey: title.toLowerCase(), leadSingerId } });
    }
    const titles = async (dir: string) => (await json(await callRoute(songsLoader, buildRequest(`/songs?sort=leadSinger&dir=${dir}`, { cookie: cookies.member })))).songs.map((song: { title: string }) => song.title);
    expect(await titles("asc")).toEqual(["Bravo", "Alpha", "Charlie"]);
    expect(await titles("desc")).toEqual(["Alpha", "Bravo", "Charlie"]);
  });

  test("a band member deletes only the songs they added", async () => {
    const { band, cookies, users } = await bandWithRoles();
    const theirs = await db.song.create({ data: { bandId: band.id, title: "Theirs", createdById: users.leader.id } });
    const mine = await db.song.create({ data: { bandId: band.id, title: "Mine", createdById: users.member.id } });
    const refused = await callRoute(editSongAction, buildRequest(`/songs/${theirs.id}/edit`, { cookie: cookies.member, form: { intent: "delete" } }), { id: String(theirs.id) });
    expect(refused.status).toBe(403);
    const done = await callRoute(editSongAction, buildRequest(`/songs/${mine.id}/edit`, { cookie: cookies.member, form: { intent: "delete" } }), { id: String(mine.id) });
    expect(done.status).toBe(302);
    expect((await db.song.findMany({ where: { bandId: band.id } })).map((s) => s.title)).toEqual(["Theirs"]);
  });
});

describe("a sub's view of the library", () => {
  test("a sub sees no songs (none of their gigs has songs yet), cannot open one by id, and cannot add", async () => {
    const { band, cookies, users } = await bandWithRoles();
    const song = await db.song.create({ data: { bandId: band.id, title: "Secret Song", titleKey: "secret song", createdById: users.leader.id } });
    const page = await json(await callRoute(songsLoader, buildRequest("/songs", { cookie: cookies.sub })));
    expect(page).toMatchObject({ bookedOnly: true, songs: [], total: 0 });
    expect(JSON.stringify(page)).not.toContain("Secret Song");
    expect((await callRoute(songApiLoader, buildRequest(`/api/songs/${song.id}`, { cookie: cookies.sub }), { id: String(song.id) })).status).toBe(404);
    expect((await callRoute(newSongLoader, buildRequest(`/songs/new`, { cookie: cookies.sub }))).status).toBe(403);
    const csv = await (await callRoute(exportLoader, buildRequest(`/songs/export.csv`, { cookie: cookies.sub }))).text();
    expect(csv).not.toContain("Secret Song");
    // Asked to change or delete it, the same "not found" as a song that does not exist (a 403 told them it is there).
    for (const method of ["PATCH", "DELETE"]) {
      const api = await callRoute(songApiAction, buildRequest(`/api/songs/${song.id}`, { method, cookie: cookies.sub, json: method === "PATCH" ? { title: "Mine now" } : undefined }), { id: String(song.id) });
      expect(api.status, method).toBe(404);
      expect(await api.json()).toMatchObject({ message: "Song not found" });
    }
    const page404 = await callRoute(editSongAction, buildRequest(`/songs/${song.id}/edit`, { cookie: cookies.sub, form: { intent: "delete" } }), { id: String(song.id) });
    expect(page404.headers.get("location")).toBe("/songs");
    expect(await db.song.count({ where: { id: song.id, title: "Secret Song" } })).toBe(1);
  });

  test("a sub sees the songs of the setlists of gigs they are booked on, as they see those setlists, and no other", async () => {
    const { band, cookies, users } = await bandWithRoles();
    const song = (title: string, tag: string) => db.song.create({ data: { bandId: band.id, title, titleKey: title.toLowerCase(), createdById: users.leader.id, tags: { create: [{ bandId: band.id, name: tag, nameKey: tag }] } } });
    const [ours, theirs, loose] = [await song("Ours", "funk"), await song("Theirs", "wedding"), await song("Loose", "ballad")];
    const sub = await db.bandMembership.findFirstOrThrow({ where: { bandId: band.id, userId: users.sub.id } });
    // A setlist on a gig the sub is booked on, and one on a gig they are not.
    for (const [name, item, booked] of [["Booked gig", ours, true], ["Other gig", theirs, false]] as const) {
      const setlist = await db.setlist.create({ data: { bandId: band.id, name, sets: { create: [{ name: "Set 1", position: 0 }] } }, include: { sets: true } });
      await db.setlistItem.create({ data: { setlistId: setlist.id, setId: setlist.sets[0]!.id, position: 0, songId: item.id } });
      await db.event.create({ data: { bandId: band.id, title: name, kind: "gig", startsAt: new Date(Date.now() + 86_400_000), setlistId: setlist.id, bookings: booked ? { create: [{ membershipId: sub.id }] } : undefined } });
    }
    const page = await json(await callRoute(songsLoader, buildRequest("/songs", { cookie: cookies.sub })));
    expect(page).toMatchObject({ bookedOnly: true, total: 1, libraryHasSongs: true, tags: ["funk"] });
    expect(page.songs.map((s: { title: string }) => s.title)).toEqual(["Ours"]);
    const api = (id: number) => callRoute(songApiLoader, buildRequest(`/api/songs/${id}`, { cookie: cookies.sub }), { id: String(id) });
    expect((await api(ours.id)).status).toBe(200);
    expect((await api(theirs.id)).status).toBe(404);
    expect((await api(loose.id)).status).toBe(404);
    const csv = await (await callRoute(exportLoader, buildRequest(`/songs/export.csv`, { cookie: cookies.sub }))).text();
    expect(csv).toContain("Ours");
    expect(csv).not.toContain("Theirs");
    expect(csv).not.toContain("Loose");
    // The band's own members still see the whole library.
    expect((await json(await callRoute(songsLoader, buildRequest("/songs", { cookie: cookies.member })))).total).toBe(3);
  });
});

describe("adding the same song twice at once", () => {
  test("parallel adds of one song (two tabs, two processes) make one song; the others are told it is there", async () => {
    const { band, cookies } = await bandWithRoles();
    const add = () => callRoute(bandSongsApiAction, buildRequest(`/api/bands/${band.id}/songs`, { cookie: cookies.member, json: { title: "Race Song", artist: "Racer" } }), { id: String(band.id) });
    const statuses = (await Promise.all(Array.from({ length: 6 }, add))).map((response) => response.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    expect(await db.song.count({ where: { bandId: band.id, titleKey: "race song" } })).toBe(1);
    // The refusal names the API's field, not the form's button; sent, it adds the song.
    expect((await json(await add())).message).toMatch(/Send "allowDuplicate": true to keep it anyway, or change the title or artist\.$/);
  });
});

describe("searching the library", () => {
  test("every word in the title or the artist, accents folded; a search of only emoji or one too long finds nothing rather than everything", async () => {
    const { band, cookies, users } = await bandWithRoles();
    for (const [title, artist] of [["Valerie", "Amy Winehouse"], ["Rehab", "Amy Winehouse"], ["Señorita", "Shawn Mendes"], ["Don’t Stop Me Now", "Queen"], ["I'm Yours", "Jason Mraz"]] as const) {
      await db.song.create({ data: { bandId: band.id, title, titleKey: fold(title), artist, artistKey: fold(artist), createdById: users.leader.id } });
    }
    const titles = async (q: string) => {
      const page = await json(await callRoute(songsLoader, buildRequest(`/songs?q=${encodeURIComponent(q)}`, { cookie: cookies.member })));
      return page.songs.map((song: { title: string }) => song.title);
    };
    expect(await titles("winehouse rehab")).toEqual(["Rehab"]);
    expect(await titles("senorita")).toEqual(["Señorita"]);
    expect(await titles("")).toHaveLength(5);
    // Typed without its apostrophe, as phones often are: "dont" finds "Don’t", as "don't" and "don’t" do.
    expect(await titles("dont stop")).toEqual(["Don’t Stop Me Now"]);
    expect(await titles("don't")).toEqual(["Don’t Stop Me Now"]);
    expect(await titles("dons")).toEqual([]);
    // "im" is the I'm a phone types; "I'm" typed with its apostrophe is that one word, not "i" and "m" (which matched nearly everything).
    expect(await titles("im yours")).toEqual(["I'm Yours"]);
    expect(await titles("I'm")).toEqual(["I'm Yours"]);
    expect(await titles("🎸")).toEqual([]);
    // "No songs match", with the search still there, not "the library is empty".
    const emoji = await json(await callRoute(songsLoader, buildRequest(`/songs?q=${encodeURIComponent("🎸")}`, { cookie: cookies.member })));
    expect(emoji).toMatchObject({ total: 0, libraryHasSongs: true });
    expect(await titles("!!")).toEqual([]);
    expect(await titles("a".repeat(300))).toEqual([]);
  });

  test("letters without a decomposed accent (ø, æ, ß…) are found as an English keyboard types them, and so are songs keyed before the fold knew them", async () => {
    const { band, cookies, users } = await bandWithRoles();
    for (const [title, artist] of [["Eple", "Røyksopp"], ["Æon Flux", "Sigur Rós"], ["Straße", "Łukasz Ðorđević"]] as const) {
      await db.song.create({ data: { bandId: band.id, title, titleKey: fold(title), artist, artistKey: fold(artist), createdById: users.leader.id } });
    }
    // Keyed as fold() did before (ø kept): the migration re-keys such rows.
    const old = await db.song.create({ data: { bandId: band.id, title: "Sønn", titleKey: "sønn", artist: "Kaizers Orchestra", artistKey: "kaizers orchestra", createdById: users.leader.id } });
    const migration = fs.readFileSync(path.join(process.cwd(), "prisma/migrations/20261128040000_fold_unaccented_letters/migration.sql"), "utf8");
    await db.$executeRawUnsafe(migration);
    expect(await db.song.findUniqueOrThrow({ where: { id: old.id }, select: { titleKey: true } })).toEqual({ titleKey: "sonn" });
    const titles = async (q: string) => {
      const page = await json(await callRoute(songsLoader, buildRequest(`/songs?q=${encodeURIComponent(q)}`, { cookie: cookies.member })));
      return page.songs.map((song: { title: string }) => song.title);
    };
    expect(await titles("royksopp")).toEqual(["Eple"]);
    expect(await titles("Røyksopp")).toEqual(["Eple"]);
    expect(await titles("aeon")).toEqual(["Æon Flux"]);
    expect(await titles("strasse")).toEqual(["Straße"]);
    expect(await titles("lukasz dordevic")).toEqual(["Straße"]);
    expect(await titles("sonn")).toEqual(["Sønn"]);
  });
});

describe("/api songs", () => {
  test("POST validates with field errors, PATCH changes only what is sent, DELETE answers 204", async () => {
    const { band, cookies } = await bandWithRoles();
    const bad = await callRoute(bandSongsApiAction, buildRequest(`/api/bands/${band.id}/songs`, { cookie: cookies.leader, json: { title: "X", tempo: 1000, key: "Q" } }), { id: String(band.id) });
    expect(bad.status).toBe(400);
    expect((await json(bad)).errors).toMatchObject({ tempo: ["Tempo must be a whole number of beats per minute from 20 to 400"], key: ["Choose a key from the list, like C major or A minor"] });
    // A title left out is required; one that is not text says so.
    for (const [title, message] of [[undefined, "Title is required"], [null, "Title is required"], [123, "Title must be text"], [["a"], "Title must be text"]] as const) {
      const refused = await callRoute(bandSongsApiAction, buildRequest(`/api/bands/${band.id}/songs`, { cookie: cookies.leader, json: { title } }), { id: String(band.id) });
      expect((await json(refused)).errors.title, JSON.stringify(title)).toEqual([message]);
      const lookup = await callRoute(lookupApiAction, buildRequest("/api/songs/lookup", { cookie: cookies.leader, json: { title } }));
      expect((await json(lookup)).errors.title, JSON.stringify(title)).toEqual([message]);
    }
    const created = await callRoute(bandSongsApiAction, buildRequest(`/api/bands/${band.id}/songs`, { cookie: cookies.leader, json: { title: "Africa", artist: "Toto", key: "B major", tempo: 93, tags: ["80s"] } }), { id: String(band.id) });
    expect(created.status).toBe(201);
    const song = await json(created);
    expect(song).toMatchObject({ title: "Africa", key: "B", tempo: 93, tags: ["80s"] });
    const dup = await callRoute(bandSongsApiAction, buildRequest(`/api/bands/${band.id}/songs`, { cookie: cookies.leader, json: { title: "africa", artist: "toto" } }), { id: String(band.id) });
    expect(dup.status).toBe(409);
    const patched = await callRoute(songApiAction, buildRequest(`/api/songs/${song.id}`, { method: "PATCH", cookie: cookies.leader, json: { tempo: 94, artist: null, version: song.version } }), { id: String(song.id) });
    expect(await json(patched)).toMatchObject({ title: "Africa", artist: null, key: "B", tempo: 94, tags: ["80s"] });
    // A change of tags alone marks the song as updated (the library's "recently updated" sort).
    const before = (await db.song.findUniqueOrThrow({ where: { id: song.id } })).updatedAt;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const retagged = await callRoute(songApiAction, buildRequest(`/api/songs/${song.id}`, { method: "PATCH", cookie: cookies.leader, json: { tags: ["80s", "yacht"], version: song.version + 1 } }), { id: String(song.id) });
    expect(await json(retagged)).toMatchObject({ tempo: 94, tags: ["80s", "yacht"] });
    expect((await db.song.findUniqueOrThrow({ where: { id: song.id } })).updatedAt.getTime()).toBeGreaterThan(before.getTime());
    // Only a version: nothing to change, refused rather than bumping the version for nothing.
    const empty = await callRoute(songApiAction, buildRequest(`/api/songs/${song.id}`, { method: "PATCH", cookie: cookies.leader, json: { version: song.version + 2 } }), { id: String(song.id) });
    expect(empty.status).toBe(400);
    expect((await json(empty)).errors).toEqual({ body: ["Send at least one field to change"] });
    expect((await db.song.findUniqueOrThrow({ where: { id: song.id } })).version).toBe(song.version + 2);
    const deleted = await callRoute(songApiAction, buildRequest(`/api/songs/${song.id}`, { method: "DELETE", cookie: cookies.leader }), { id: String(song.id) });
    expect(deleted.status).toBe(204);
  });
});

describe("CSV import and export", () => {
  const upload = (bandId: number, cookie: string, content: BlobPart, name = "songs.csv") => {
    const form = new FormData();
    form.set("bandId", String(bandId));
    form.set("file", new File([content], name, { type: "text/csv" }));
    return new Request("http://localhost:3000/songs/import", { method: "POST", body: form, headers: { cookie, "sec-fetch-site": "same-origin", "x-bandroom-peer": "127.0.0.1" } });
  };

  test("a row longer than any song's (a file of one 9 MB line, a header of 200,000 columns) is refused at once, before the rest is read", async () => {
    const { band, cookies } = await bandWithRoles();
    const cookie = `${cookies.leader}; ${await bandCookie(band.id)}`;
    for (const content of ["x".repeat(9 * 1024 * 1024), Array.from({ length: 200_000 }, (_, i) => `c${i}`).join(","), `Title,Notes\nOne,${"y".repeat(MAX_ROW_CHARACTERS)}\n`]) {
      const response = await callRoute(importAction, upload(band.id, cookie, content));
      expect(response.status).toBe(400);
      expect((await json(response)).error).toBe(CSV_MESSAGES.rowTooLong);
    }
    expect(await db.song.count({ where: { bandId: band.id } })).toBe(0);
  });

  test("a file whose rows all fail (cells of 20,000 characters) previews short: the file is not sent back, and the cell is cut for the table", async () => {
    const { band, cookies } = await bandWithRoles();
    const cookie = `${cookies.leader}; ${await bandCookie(band.id)}`;
    const big = "x".repeat(20_000);
    const response = await callRoute(importAction, upload(band.id, cookie, `Title,Lead singer\n${big},${big}\n`));
    const text = await response.clone().text();
    expect(text.length).toBeLessThan(10_000);
    const reply = await json(response);
    expect(reply.csv).toBeNull();
    expect(reply.preview).toMatchObject({ ready: 0, errors: 1 });
    expect(reply.preview.rows[0].title).toBe(`${"x".repeat(119)}…`);
    // Cut on whole characters: an emoji is not split in two.
    const emoji = await json(await callRoute(importAction, upload(band.id, cookie, `Title\n${"a".repeat(118)}${"🎸".repeat(30)}\n`)));
    expect(emoji.preview.rows[0].title).toBe(`${"a".repeat(118)}🎸…`);
  });

  test("export then import gives the same library (round trip), and the export opens in a spreadsheet", async () => {
    const { band, cookies, users } = await bandWithRoles();
    const lead = await db.bandMembership.findFirstOrThrow({ where: { bandId: band.id, userId: users.leader.id } });
    const api = (json: unknown) => callRoute(bandSongsApiAction, buildRequest(`/api/bands/${band.id}/songs`, { cookie: cookies.leader, json }), { id: String(band.id) });
    await api({ title: "Superstition", artist: "Stevie Wonder", key: "Ebm", tempo: 100, durationSeconds: 266, timeSignature: "4/4", tags: ["funk", "Dance"], leadSingerId: lead.id, isrc: "USMO17200637", musicbrainzId: "b1a9c0e9-d987-4042-ae91-78d6a3267d69" });
    await api({ title: "Don't Stop Me Now", artist: "Queen", key: "F", tempo: 156, durationSeconds: 209, notes: "Piano intro, \"big\" ending\nthen bow", chartUrl: "https://example.com/chart?a=1,2" });
    await api({ title: "=SUM(1,2)", artist: "Formula, the Band", durationSeconds: 61 });
    // Every field that would start a formula gets the export's guard, and loses it on import; a title's own apostrophe stays.
    await api({ title: "'Round Midnight", artist: "+cmd", tags: ["@x"], notes: "-2+3" });

    const response = await callRoute(exportLoader, buildRequest("/songs/export.csv", { cookie: cookies.leader }));
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/attachment; filename=".+-songs\.csv"/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // BOM: Excel reads it as UTF-8
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(text.split("\r\n")[0]).toBe("\uFEFFTitle,Artist,Key,Tempo,Duration,Time signature,Tags,Lead singer,Chart link,Notes,MusicBrainz id,ISRC");
    expect(text).toContain("'=SUM(1,2)"); // no formula runs in the spreadsheet

    // Into another band with the same people.
    const other = await createBand({ members: [{ userId: users.leader.id, role: "band_leader" }] });
    const otherCookie = `${await sessionCookieFor(users.leader.id)}; ${await bandCookie(other.id)}`;
    // Same member name in the other band.
    const preview = await json(await callRoute(importAction, upload(other.id, otherCookie, bytes)));
    expect(preview.preview).toMatchObject({ ready: 4, errors: 0, duplicates: 0, repeats: 0 });
    expect(await db.song.count({ where: { bandId: other.id } })).toBe(0); // nothing before confirming
    const confirm = await callRoute(importAction, buildRequest("/songs/import", { cookie: otherCookie, form: { bandId: String(other.id), intent: "confirm", csv: preview.csv } }));
    expect(confirm.status).toBe(302);

    const shape = async (bandId: number) =>
      (await db.song.findMany({ where: { bandId }, include: { tags: { orderBy: { nameKey: "asc" } }, leadSinger: { select: { userId: true } } }, orderBy: { titleKey: "asc" } })).map((s) => ({
        title: s.title, artist: s.artist, key: s.key, tempo: s.tempo, durationSeconds: s.durationSeconds, timeSignature: s.timeSignature, notes: s.notes, chartUrl: s.chartUrl,
        isrc: s.isrc, musicbrainzId: s.musicbrainzId, tags: s.tags.map((t) => t.name), lead: s.leadSinger?.userId ?? null, titleKey: s.titleKey,
      }));
    expect(await shape(other.id)).toEqual(await shape(band.id));
  });

  test("a file Excel saved with semicolons between columns reads as one with commas; a comma file's title may hold a semicolon", async () => {
    const { band, cookies } = await bandWithRoles();
    const semicolons = "Title;Artist;Tempo\r\nSeptember;Earth, Wind & Fire;126\r\n";
    const { preview } = await json(await callRoute(importAction, upload(band.id, cookies.member, semicolons)));
    expect(preview).toMatchObject({ ready: 1, errors: 0, rows: [{ title: "September", artist: "Earth, Wind & Fire", tempo: "126" }] });
    const commas = "Title,Artist\r\nAct One; Scene Two,The Band\r\n";
    expect((await json(await callRoute(importAction, upload(band.id, cookies.member, commas)))).preview.rows[0]).toMatchObject({ title: "Act One; Scene Two", artist: "The Band" });
  });

  test("per-row errors in the preview; good rows only are written, in one go, after confirming", async () => {
    const { band, cookies } = await bandWithRoles();
    const csv = "Title,Artist,Key,Tempo,Duration,Lead singer\r\nSeptember,Earth Wind & Fire,A,126,3:35,\r\n,Nobody,C,100,3:00,\r\nUptown Funk,Bruno Mars,Dm,500,4:30,\r\nShallow,Lady Gaga,G,96,3.36,\r\nHey Ya,OutKast,G,159,3:55,Zed Nobody\r\nseptember,earth wind and fire,A,126,3:35,\r\n";
    const { preview, csv: confirmed } = await json(await callRoute(importAction, upload(band.id, cookies.member, csv)));
    // The last row repeats line 2 of the file: not "already in the library".
    expect(preview).toMatchObject({ ready: 2, errors: 3, duplicates: 0, repeats: 1 });
    const byLine = Object.fromEntries(preview.rows.map((row: { line: number; messages: string[] }) => [row.line, row.messages]));
    expect(byLine[3]).toEqual(["Title is required"]);
    expect(byLine[4]).toEqual(["Tempo must be a whole number of beats per minute from 20 to 400"]);
    expect(byLine[5]).toEqual(["Duration must be minutes and seconds, like 3:45"]);
    // A lead singer the band has no member of is left out, and the song still comes in (a library from another band).
    expect(byLine[6]).toEqual(["No member of the band is called “Zed Nobody”: imported without a lead singer"]);
    expect(preview.rows.find((row: { line: number }) => row.line === 6).status).toBe("ok");
    expect(byLine[7]).toEqual(["Same title and artist as line 2: skipped"]);
    // A row with a cell past the header's columns (a title with an unquoted comma) is an error, not a silent cut.
    const split = await json(await callRoute(importAction, upload(band.id, cookies.member, "Title,Artist\r\nHello, Goodbye,The Beatles\r\nFine,Band,\r\n")));
    expect(split.preview).toMatchObject({ ready: 1, errors: 1 });
    expect(split.preview.rows[0].messages).toEqual([CSV_MESSAGES.extraCells(2)]);
    expect(await db.song.count({ where: { bandId: band.id } })).toBe(0);
    // Confirmed: the two good rows, Hey Ya without a lead singer.
    expect((await callRoute(importAction, buildRequest("/songs/import", { cookie: cookies.member, form: { bandId: String(band.id), intent: "confirm", csv: confirmed } }))).status).toBe(302);
    expect(await db.song.findMany({ where: { bandId: band.id }, orderBy: { title: "asc" }, select: { title: true, leadSingerId: true } })).toEqual([
      { title: "Hey Ya", leadSingerId: null },
      { title: "September", leadSingerId: null },
    ]);
  });

  test("a file of symbol-only titles imports each as its own song, with its own tags; one already in the library is a duplicate", async () => {
    const { band, cookies } = await bandWithRoles();
    await callRoute(newSongAction, buildRequest("/songs/new", { cookie: cookies.member, form: songForm(band.id, { title: "★" }) }));
    const csv = "Title,Tags\r\n★,already\r\n🎸,guitar\r\n🎹,keys\r\n!!!,loud\r\n";
    const { preview, csv: confirmed } = await json(await callRoute(importAction, upload(band.id, cookies.member, csv)));
    expect(preview).toMatchObject({ ready: 3, duplicates: 1, repeats: 0 });
    expect((await callRoute(importAction, buildRequest("/songs/import", { cookie: cookies.member, form: { bandId: String(band.id), intent: "confirm", csv: confirmed } }))).status).toBe(302);
    const songs = await db.song.findMany({ where: { bandId: band.id }, orderBy: { id: "asc" }, select: { title: true, tags: { select: { name: true } } } });
    expect(songs.map((song) => [song.title, song.tags.map((tag) => tag.name)])).toEqual([["★", []], ["🎸", ["guitar"]], ["🎹", ["keys"]], ["!!!", ["loud"]]]);
  });

  test("the same file confirmed twice at once (two tabs, two server processes) adds its songs once; the other is told there is nothing new", async () => {
    const { band, cookies } = await bandWithRoles();
    const csv = "Title,Artist\r\nImport race A,Band Z\r\nImport race B,Band Z\r\n";
    const { csv: confirmed } = await json(await callRoute(importAction, upload(band.id, cookies.member, csv)));
    const confirm = () => callRoute(importAction, buildRequest("/songs/import", { cookie: cookies.member, form: { bandId: String(band.id), intent: "confirm", csv: confirmed } }));
    const answers = await Promise.all([confirm(), confirm(), confirm()]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([302, 400, 400]);
    expect((await json(answers.find((answer) => answer.status === 400)!)).error).toBe("There are no new songs in this file to import.");
    expect(await db.song.count({ where: { bandId: band.id } })).toBe(2);
  });

  test("wrong columns, a wrong encoding, too many rows and too large a file are refused with clear messages", async () => {
    const { band, cookies } = await bandWithRoles();
    const message = async (content: BlobPart) => {
      const response = await callRoute(importAction, upload(band.id, cookies.member, content));
      expect(response.status).toBe(400);
      return (await json(response)).error as string;
    };
    expect(await message("Name,Singer,Colour\r\nA,B,C\r\n")).toMatch(/^Unknown column: “Colour”\. The columns Bandroom reads are: Title, Artist/);
    expect(await message("Artist,Key\r\nToto,B\r\n")).toMatch(/^The file needs a Title column/);
    expect(await message(new Uint8Array([0x54, 0x69, 0x74, 0x6c, 0x65, 0x0a, 0x43, 0x61, 0x66, 0xe9, 0x0a]))).toBe(
      "The file is not UTF-8 text. In your spreadsheet, save it as “CSV UTF-8 (comma delimited)” and try again.",
    ); // "Café" in Latin-1
    const utf16 = new Uint8Array([0xff, 0xfe, ...Buffer.from("Title\n", "utf16le")]);
    expect(await message(utf16)).toMatch(/not UTF-8/);
    const rows = ["Title", ...Array.from({ length: 50_000 }, (_, i) => `Song ${i}`)].join("\n");
    expect(await message(rows)).toBe("The file has 50,000 songs; import at most 5,000 at a time. Split it into smaller files.");
    const huge = new Uint8Array(20 * 1024 * 1024).fill(0x41);
    expect(await message(huge)).toBe("The file is too large to import (the limit is 10 MB). Split it into smaller files and try again.");
    expect(await db.song.count({ where: { bandId: band.id } })).toBe(0);
  });

  test("a 5,000-row file imports in one transaction", async () => {
    const { band, cookies } = await bandWithRoles();
    const csv = ["Title,Artist,Tempo,Tags", ...Array.from({ length: 5000 }, (_, i) => `Song ${i},Artist ${i % 50},${60 + (i % 200)},"set${i % 3}, pop"`)].join("\r\n");
    const { preview, csv: carried } = await json(await callRoute(importAction, upload(band.id, cookies.leader, csv)));
    expect(preview.ready).toBe(5000);
    const { statements } = await recordQueries(() => callRoute(importAction, buildRequest("/songs/import", { cookie: cookies.leader, form: { bandId: String(band.id), intent: "confirm", csv: carried } })));
    expect(statements.filter((sql) => /^BEGIN/i.test(sql)).length).toBeLessThanOrEqual(1);
    expect(await db.song.count({ where: { bandId: band.id } })).toBe(5000);
    expect(await db.songTag.count({ where: { bandId: band.id } })).toBe(10_000);
  }, 60_000); // 5,000 rows: seconds on a busy 2-core machine
});

describe("metadata partners", () => {
  beforeEach(async () => {
    partnerCalls.length = 0;
    await db.metadataCache.deleteMany();
    await db.partnerRateLimit.deleteMany();
  });

  /** "Look up" (or, with `accept`, a "Use …" button) as the form posts it. */
  async function lookup(behaviour: [PartnerBehaviour, PartnerBehaviour], cookie: string, typed: Record<string, string> = {}) {
    server.use(...partnerHandlers(...behaviour));
    const form = { title: "Superstition", artist: "Stevie Wonder", ...(typed.accept ? {} : { intent: "lookup" }), ...typed };
    const response = await callRoute(newSongAction, buildRequest("/songs/new", { cookie, form }));
    expect(response.status).toBe(200);
    return (await json(response)).lookedUp;
  }

  test("a look-up is posted: 2,000 characters of notes in Japanese (an 18 KB address as a GET, refused with 431) come back with the suggestions, and nothing is saved", async () => {
    const { band, cookies } = await bandWithRoles();
    const notes = "歌詞".repeat(1000);
    const page = await lookup(["ok", "ok"], cookies.member, { notes, tempo: "98" });
    expect(page.values).toMatchObject({ notes, tempo: "98", title: "Superstition" });
    expect(page.lookup.partners.map((p: { state: string }) => p.state)).toEqual(["found", "found"]);
    expect(await db.song.count({ where: { bandId: band.id } })).toBe(0);
    // On the edit form, the version the form was opened at comes back with it.
    const song = await db.song.create({ data: { bandId: band.id, title: "Superstition", titleKey: "superstition" } });
    const edit = await callRoute(editSongAction, buildRequest(`/songs/${song.id}/edit`, { cookie: cookies.member, form: { intent: "lookup", title: "Superstition", notes, version: "1" } }), { id: String(song.id) });
    expect((await json(edit)).lookedUp).toMatchObject({ version: 1, values: { notes } });
    expect(await db.song.findUniqueOrThrow({ where: { id: song.id } })).toMatchObject({ notes: null, version: 1 });
  });

  test("suggestions from both partners, field by field; taking the empty fields never overwrites what was typed", async () => {
    const { cookies } = await bandWithRoles();
    const page = await lookup(["ok", "ok"], cookies.member, { tempo: "98", accept: "empty" });
    const byField = Object.fromEntries(page.lookup.suggestions.map((s: { field: string; value: string; source: string }) => [s.field, s]));
    expect(byField).toMatchObject({
      duration: { value: "4:26", source: "MusicBrainz" },
      tempo: { value: "101", source: "Deezer" },
      musicbrainzId: { value: "b1a9c0e9-d987-4042-ae91-78d6a3267d69" },
      isrc: { value: "USMO17200637", source: "MusicBrainz" },
    });
    expect(page.values).toMatchObject({ tempo: "98", duration: "4:26", isrc: "USMO17200637" }); // typed tempo kept
    expect(page.lookup.partners.map((p: { state: string }) => p.state)).toEqual(["found", "found"]);
    expect(partnerCalls.every((call) => call.userAgent?.startsWith("Bandroom/"))).toBe(true);

    const picked = await lookup(["ok", "ok"], cookies.member, { tempo: "98", accept: "tempo" });
    expect(picked.values.tempo).toBe("101");
  });

  test("answers are cached in the database for a day", async () => {
    const { cookies } = await bandWithRoles();
    await lookup(["ok", "ok"], cookies.member);
    const calls = partnerCalls.length;
    await lookup(["ok", "ok"], cookies.member);
    expect(partnerCalls.length).toBe(calls);
    await db.metadataCache.updateMany({ data: { fetchedAt: new Date(Date.now() - 25 * 3600_000) } });
    await db.partnerRateLimit.deleteMany();
    await lookup(["ok", "ok"], cookies.member);
    expect(partnerCalls.length).toBeGreaterThan(calls);
  });

  const failures: [PartnerBehaviour, string][] = [
    ["unreachable", "could not be reached. Enter the details by hand, or try again later."],
    ["slow", "did not answer in time. Enter the details by hand, or try again later."],
    ["busy429", "is busy right now. Try again in a minute, or enter the details by hand."],
    ["busy503", "is busy right now. Try again in a minute, or enter the details by hand."],
    ["garbage", "sent an answer we could not read. Enter the details by hand."],
    ["error", "answered with an error (HTTP 500). Enter the details by hand, or try again later."],
  ];
  test.each(failures)("a partner that is %s: the form says so and the page still works", async (behaviour, message) => {
    const { cookies } = await bandWithRoles();
    const mbDown = await lookup([behaviour, "ok"], cookies.member);
    expect(mbDown.lookup.partners[0]).toEqual({ partner: "MusicBrainz", state: "failed", message: `MusicBrainz ${message}` });
    expect(mbDown.lookup.suggestions.find((s: { field: string }) => s.field === "tempo")).toMatchObject({ value: "101" }); // Deezer still helps
    await db.partnerRateLimit.deleteMany();
    await db.metadataCache.deleteMany();
    const dzDown = await lookup(["ok", behaviour], cookies.member);
    expect(dzDown.lookup.partners[1]).toEqual({ partner: "Deezer", state: "failed", message: `Deezer ${message}` });
    expect(dzDown.values.title).toBe("Superstition");
    expect(await db.metadataCache.count({ where: { provider: "deezer" } })).toBe(0); // failures are not cached
  });

  test("empty results and Deezer's quota error", async () => {
    const { cookies } = await bandWithRoles();
    const empty = await lookup(["empty", "empty"], cookies.member);
    expect(empty.lookup.partners).toEqual([
      { partner: "MusicBrainz", state: "empty", message: "MusicBrainz found nothing for “Superstition” by Stevie Wonder." },
      { partner: "Deezer", state: "empty", message: "Deezer found nothing for “Superstition” by Stevie Wonder." },
    ]);
    expect(empty.lookup.suggestions).toEqual([]);
    await db.partnerRateLimit.deleteMany();
    await db.metadataCache.deleteMany();
    const quota = await lookup(["ok", "quota"], cookies.member);
    expect(quota.lookup.partners[1].message).toBe("Deezer is busy right now. Try again in a minute, or enter the details by hand.");
  });

  test("POST /api/songs/lookup answers the same suggestions as JSON", async () => {
    const { cookies } = await bandWithRoles();
    server.use(...partnerHandlers("ok", "ok"));
    const response = await callRoute(lookupApiAction, buildRequest("/api/songs/lookup", { cookie: cookies.member, json: { title: "Superstition", artist: "Stevie Wonder" } }));
    expect(response.status).toBe(200);
    expect((await json(response)).suggestions.length).toBeGreaterThan(3);
  });

  test("MusicBrainz at most once a second across processes: slots are claimed in the database, and a caller who would wait too long is refused", async () => {
    let now = 1_000_000;
    const clock = () => now;
    expect(await claimSlot("musicbrainz", clock)).toBe(0);
    expect(await claimSlot("musicbrainz", clock)).toBe(1000);
    expect(await claimSlot("musicbrainz", clock)).toBe(2000);
    expect(await claimSlot("musicbrainz", clock)).toBeNull(); // would wait 3 s
    now += 3000;
    expect(await claimSlot("musicbrainz", clock)).toBe(0);
    // Deezer: 50 per 5 seconds, spread to one per 100 ms.
    const waits = [];
    for (let i = 0; i < 5; i++) waits.push(await claimSlot("deezer", clock));
    expect(waits).toEqual([0, 100, 200, 300, 400]);
  });
});

describe("queries per library page", () => {
  test("/songs with 5,000 songs answers in a fixed number of queries, searched, filtered and sorted", async () => {
    const { band, cookies, users } = await bandWithRoles();
    const keys = ["C", "Am", "G", "Ebm", "F#"];
    await db.song.createMany({
      data: Array.from({ length: 5000 }, (_, i) => ({ bandId: band.id, title: `Song ${i}`, titleKey: fold(`Song ${i}`), artist: `Artist ${i % 40}`, artistKey: fold(`Artist ${i % 40}`), key: keys[i % 5], tempo: 60 + (i % 150), durationSeconds: 120 + i % 200, createdById: users.leader.id })),
    });
    const ids = await db.song.findMany({ where: { bandId: band.id }, select: { id: true }, take: 500 });
    await db.songTag.createMany({ data: ids.map(({ id }) => ({ songId: id, bandId: band.id, name: "Wedding", nameKey: "wedding" })) });
    for (const path of ["/songs", "/songs?sort=tempo&dir=desc&page=7", "/songs?q=artist%2012&key=C&tag=wedding", "/songs?q=song%201"]) {
      const request = buildRequest(path, { cookie: cookies.member });
      const copy = () => new Request(request.url, { headers: request.headers });
      const { result, queries } = await recordQueries(() => runWithRequestMemo(() => Promise.all([rootLoader, layoutLoader, songsLoader].map((loader) => callRoute(loader as Parameters<typeof callRoute>[0], copy())))));
      expect(result.map((r) => r.status)).toEqual([200, 200, 200]);
      // The page's count, tags and songs, and the titles of the play-history insights.
      expect(queries.filter((q) => q.startsWith("Song.") || q.startsWith("SongTag.")).length).toBeLessThanOrEqual(5);
      // Plus the play history: the band's past gigs and their setlists' songs.
      expect(queries.length).toBeLessThanOrEqual(13);
    }
    const page = await json(await callRoute(songsLoader, buildRequest("/songs?sort=tempo&dir=desc", { cookie: cookies.member })));
    expect(page.total).toBe(5000);
    expect(page.songs).toHaveLength(50);
    expect(page.songs[0].tempo).toBe(209);
    expect(page.pageCount).toBe(100);
  });
});
