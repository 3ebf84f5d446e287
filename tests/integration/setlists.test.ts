import { describe, expect, test, vi } from "vitest";
import { bandCookie, buildRequest, callRoute, createBand, createUser, sessionCookieFor } from "#tests/db-utils";
import { toastOf } from "./auth-helpers";
import { db } from "~/utils/db.server";
import { action as listAction, loader as listLoader } from "~/routes/_app+/setlists._index";
import { action as editorAction, loader as editorLoader } from "~/routes/_app+/setlists.$id";
import { action as bandSetlistsApiAction, loader as bandSetlistsApiLoader } from "~/routes/api+/bands.$id.setlists";
import { action as setlistApiAction, loader as setlistApiLoader } from "~/routes/api+/setlists.$id";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loader as textLoader } from "~/routes/_app+/setlists.$id_.text";
import { loader as pdfLoader } from "~/routes/_app+/setlists.$id_.pdf";
import { SETLIST_MESSAGES } from "~/features/setlists/setlists.server";
import { loader as eventLoader } from "~/routes/_app+/events.$id";
import { loader as eventApiLoader } from "~/routes/api+/events.$id";

async function bandWithRoles() {
  const [leader, member, sub] = await Promise.all([createUser({ firstName: "Lena" }), createUser({ firstName: "Max" }), createUser({ firstName: "Sue" })]);
  const band = await createBand({ members: [{ userId: leader.id, role: "band_leader" }, { userId: member.id, role: "band_member" }, { userId: sub.id, role: "sub" }] });
  const cookie = async (userId: string) => `${await sessionCookieFor(userId)}; ${await bandCookie(band.id)}`;
  const songs = await Promise.all(
    ["Superstition", "Valerie", "Mr. Brightside", "September", "Dancing Queen"].map((title, i) =>
      db.song.create({ data: { bandId: band.id, title, titleKey: title.toLowerCase(), durationSeconds: 200 + i * 10, createdById: leader.id } }),
    ),
  );
  return { band, songs, users: { leader, member, sub }, cookies: { leader: await cookie(leader.id), member: await cookie(member.id), sub: await cookie(sub.id) } };
}

const json = async (response: Response) => JSON.parse(await response.text());
type ApiSetlist = { id: number; name: string; version: number; durationSeconds: number; sets: { id: number; name: string; durationSeconds: number; overTargetSeconds: number; items: { id: number; type: string; songId: number | null; title: string }[] }[] };

async function apiSetlist(cookie: string, id: number): Promise<ApiSetlist> {
  const response = await callRoute(setlistApiLoader, buildRequest(`/api/setlists/${id}`, { cookie }), { id: String(id) });
  expect(response.status).toBe(200);
  return json(response);
}

/** A setlist with two sets: Set 1 holds songs 0-2, Set 2 holds songs 3-4, made through the API. */
async function twoSetSetlist(world: Awaited<ReturnType<typeof bandWithRoles>>) {
  const created = await callRoute(bandSetlistsApiAction, buildRequest(`/api/bands/${world.band.id}/setlists`, { cookie: world.cookies.member, json: { name: "Friday", sets: ["Set 1", "Set 2"] } }), {
    id: String(world.band.id),
  });
  expect(created.status).toBe(201);
  const setlist: ApiSetlist = await json(created);
  const [set1, set2] = setlist.sets;
  const put = await callRoute(
    setlistApiAction,
    buildRequest(`/api/setlists/${setlist.id}`, {
      method: "PUT",
      cookie: world.cookies.member,
      json: {
        version: setlist.version,
        sets: [
          { id: set1!.id, name: "Set 1", items: world.songs.slice(0, 3).map((song) => ({ type: "song", songId: song.id })) },
          { id: set2!.id, name: "Set 2", items: [...world.songs.slice(3).map((song) => ({ type: "song", songId: song.id })), { type: "break", durationSeconds: 900 }] },
        ],
      },
    }),
    { id: String(setlist.id) },
  );
  expect(put.status).toBe(200);
  return json(put) as Promise<ApiSetlist>;
}

async function positions(setlistId: number) {
  const sets = await db.setlistSet.findMany({ where: { setlistId }, orderBy: { position: "asc" }, select: { position: true, items: { orderBy: { position: "asc" }, select: { position: true } } } });
  return sets.map((set) => set.items.map((item) => item.position));
}

const editorPost = (cookie: string, id: number, form: Record<string, string | string[]>) =>
  callRoute(editorAction, buildRequest(`/setlists/${id}`, { cookie, form }), { id: String(id) });

describe("setlists", () => {
  test("the list shows each setlist's length with breaks and its song count; the form creates one with a name", async () => {
    const world = await bandWithRoles();
    const setlist = await twoSetSetlist(world);
    const list = await json(await callRoute(listLoader, buildRequest("/setlists", { cookie: world.cookies.leader })));
    // 200 + 210 + 220 + 230 + 240 seconds of songs and a 15-minute break.
    expect(list.setlists).toEqual([expect.objectContaining({ id: setlist.id, name: "Friday", songCount: 5, length: "33:20 with breaks" })]);

    const bad = await callRoute(listAction, buildRequest("/setlists", { cookie: world.cookies.member, form: { name: "  ", targetMinutes: "abc" } }));
    expect(bad.status).toBe(400);
    expect((await json(bad)).result.error).toMatchObject({ name: ["Give the setlist a name"], targetMinutes: ["Target set length must be a whole number of minutes from 1 to 240"] });
    // Another page's intent sent here makes nothing.
    for (const intent of ["delete", "bogus", ""]) {
      const stray = await callRoute(listAction, buildRequest("/setlists", { cookie: world.cookies.member, form: { intent, name: "Stray" } }));
      expect(stray.status).toBe(400);
      expect(await json(stray)).toEqual({ message: "Unknown form intent" });
    }
    expect(await db.setlist.count({ where: { bandId: world.band.id, name: "Stray" } })).toBe(0);
    const made = await callRoute(listAction, buildRequest("/setlists", { cookie: world.cookies.member, form: { name: "Wedding", targetMinutes: "45" } }));
    expect(made.status).toBe(302);
    const created = await db.setlist.findFirstOrThrow({ where: { bandId: world.band.id, name: "Wedding" }, include: { sets: true } });
    expect(created.targetSetSeconds).toBe(45 * 60);
    expect(created.sets.map((set) => set.name)).toEqual(["Set 1"]);
    expect(made.headers.get("location")).toBe(`/setlists/${created.id}`);
    expect(await db.analyticsEvent.count({ where: { name: "create_setlist", bandId: world.band.id } })).toBe(2);
    expect(await db.analyticsEvent.count({ where: { name: "add_song_to_setlist", bandId: world.band.id } })).toBe(1);
  });

  test("the new-setlist form sent twice (a resend, a double tap without JavaScript) makes one setlist; the second goes to it", async () => {
    const world = await bandWithRoles();
    const { keys } = await json(await callRoute(listLoader, buildRequest("/setlists", { cookie: world.cookies.member })));
    const post = () => callRoute(listAction, buildRequest("/setlists", { cookie: world.cookies.member, form: { intent: "create", submissionKey: keys.create, name: "Pub night" } }));
    const first = await post();
    const second = await post();
    const made = await db.setlist.findMany({ where: { bandId: world.band.id, name: "Pub night" }, select: { id: true } });
    expect(made).toHaveLength(1);
    expect(second.headers.get("location")).toBe(first.headers.get("location"));
    expect((await toastOf(second))?.title).toBe("Already recorded");
    // The same form changed and sent again is neither a repeat nor surely new: said at the name, never a 500.
    const changed = await callRoute(listAction, buildRequest("/setlists", { cookie: world.cookies.member, form: { intent: "create", submissionKey: keys.create, name: "Pub night 2" } }));
    expect(changed.status).toBe(409);
    const refusal = await json(changed);
    expect(refusal.result.error.name[0]).toMatch(/already recorded with other details/);
    // With what was typed, so the form comes back filled: "press the button again" sends it.
    expect(refusal.result.initialValue).toEqual({ name: "Pub night 2" });
    // It comes back with fresh keys: pressing the button again, as the message says, saves it.
    expect(refusal.keys.create).not.toBe(keys.create);
    const pressedAgain = await callRoute(listAction, buildRequest("/setlists", { cookie: world.cookies.member, form: { intent: "create", submissionKey: refusal.keys.create, name: "Pub night 2" } }));
    expect(pressedAgain.status).toBe(302);
    expect(await db.setlist.count({ where: { bandId: world.band.id, name: "Pub night 2" } })).toBe(1);
    // A refused form lets its key go: corrected, it is saved.
    const fresh = await json(await callRoute(listLoader, buildRequest("/setlists", { cookie: world.cookies.member })));
    const blank = await callRoute(listAction, buildRequest("/setlists", { cookie: world.cookies.member, form: { intent: "create", submissionKey: fresh.keys.create, name: " " } }));
    expect(blank.status).toBe(400);
    const named = await callRoute(listAction, buildRequest("/setlists", { cookie: world.cookies.member, form: { intent: "create", submissionKey: fresh.keys.create, name: "Wedding set" } }));
    expect(named.status).toBe(302);
    expect(await db.setlist.count({ where: { bandId: world.band.id, name: "Wedding set" } })).toBe(1);
  });

  test("a set is renamed in place (its songs stay); a blank, too long or stale name changes nothing", async () => {
    const world = await bandWithRoles();
    const setlist = await twoSetSetlist(world);
    const set2 = setlist.sets[1]!;
    const rename = (setName: string, version = setlist.version) => editorPost(world.cookies.member, setlist.id, { intent: "rename-set", version: String(version), setId: String(set2.id), setName });
    for (const bad of ["", "   ", "x".repeat(41)]) {
      const refused = await rename(bad);
      expect(refused.status, JSON.stringify(bad)).toBe(400);
      expect((await refused.json()).fieldErrors.setName).toEqual(["A set name must be 1 to 40 characters"]);
    }
    // Another set's name (in any case) would make "Move to set" and the printout ambiguous.
    const taken = await rename(" set 1");
    expect(taken.status).toBe(400);
    expect((await taken.json()).fieldErrors.setName).toEqual(["Another set is already called “set 1”: give each set a name of its own."]);
    const added = await editorPost(world.cookies.member, setlist.id, { intent: "add-set", version: String(setlist.version), setName: "SET 2" });
    expect((await added.json()).fieldErrors.setName).toEqual(["Another set is already called “SET 2”: give each set a name of its own."]);
    expect((await apiSetlist(world.cookies.member, setlist.id)).sets.map((set) => set.name)).toEqual(["Set 1", "Set 2"]);
    // The API as well: a new setlist's sets, and a whole layout sent with a set renamed onto another's name.
    const twice = await callRoute(bandSetlistsApiAction, buildRequest(`/api/bands/${world.band.id}/setlists`, { cookie: world.cookies.member, json: { name: "Twice", sets: ["Set 1", "SET 1"] } }), { id: String(world.band.id) });
    expect(twice.status).toBe(400);
    expect((await json(twice)).errors).toEqual({ "sets.1": ["Another set is already called “SET 1”: give each set a name of its own."] });
    const layout = { version: setlist.version, sets: setlist.sets.map((set, index) => ({ id: set.id, name: index === 1 ? "set 1" : set.name, items: [] })) };
    const put = await callRoute(setlistApiAction, buildRequest(`/api/setlists/${setlist.id}`, { method: "PUT", cookie: world.cookies.member, json: layout }), { id: String(setlist.id) });
    expect(put.status).toBe(400);
    expect((await json(put)).errors).toEqual({ "sets.1.name": ["Another set is already called “set 1”: give each set a name of its own."] });
    const done = await rename("  Acoustic set ");
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toMatch(new RegExp(`#set-${set2.id}$`));
    const after = await apiSetlist(world.cookies.member, setlist.id);
    expect(after.sets.map((set) => set.name)).toEqual(["Set 1", "Acoustic set"]);
    expect(after.sets[1]!.items.map((item) => item.title)).toEqual(set2.items.map((item) => item.title));
    // From the version before the rename: someone else changed it first.
    expect((await rename("Encore")).status).toBe(409);
    // A sub may not: a setlist of no gig they are booked on is one that is not there for them.
    const bySub = await editorPost(world.cookies.sub, setlist.id, { intent: "rename-set", version: String(after.version), setId: String(set2.id), setName: "Encore" });
    expect(bySub.headers.get("location")).toBe("/setlists");
    expect((await apiSetlist(world.cookies.member, setlist.id)).sets[1]!.name).toBe("Acoustic set");
  });

  test("a song's note is one line: a line break is refused (form and API); one saved before prints on one line in the text export", async () => {
    const world = await bandWithRoles();
    const setlist = await twoSetSetlist(world);
    const item = setlist.sets[0]!.items[0]!;
    const refused = await editorPost(world.cookies.member, setlist.id, { intent: "item-note", version: String(setlist.version), itemId: String(item.id), note: "line one\n3. Fake item" });
    expect(refused.status).toBe(400);
    expect((await refused.json()).fieldErrors.note).toEqual(["A note can only hold characters you can type"]);
    // The API's read, sent back with the note changed.
    const read = (await apiSetlist(world.cookies.member, setlist.id)) as unknown as { version: number; sets: { id: number; name: string; items: Record<string, unknown>[] }[] };
    const sets = read.sets.map((set) => ({ id: set.id, name: set.name, items: set.items.map((entry) => ({ ...entry, ...(entry.id === item.id ? { note: "a\nb" } : {}) })) }));
    const viaApi = await callRoute(setlistApiAction, buildRequest(`/api/setlists/${setlist.id}`, { method: "PUT", cookie: world.cookies.member, json: { version: read.version, sets } }), { id: String(setlist.id) });
    expect(viaApi.status).toBe(400);
    expect(Object.values((await viaApi.json()).errors).flat()).toEqual(["A note can only hold characters you can type"]);
    // Written before the rule: the export still gives one line per song.
    await db.setlistItem.update({ where: { id: item.id }, data: { note: "line one\n\n3. Fake item" } });
    const text = await (await callRoute(textLoader, buildRequest(`/setlists/${setlist.id}/text`, { cookie: world.cookies.member }), { id: String(setlist.id) })).text();
    expect(text).toContain(" — line one 3. Fake item\n");
    expect(text).not.toMatch(/^3\. Fake item/m);
  });

  test("moving the first song up or the last one down changes nothing, not even the version", async () => {
    const world = await bandWithRoles();
    const setlist = await twoSetSetlist(world);
    const firstItem = setlist.sets[0]!.items[0]!;
    const lastSet = setlist.sets[setlist.sets.length - 1]!;
    const lastItem = lastSet.items[lastSet.items.length - 1]!;
    for (const [intent, item, title] of [["move-up", firstItem, "Already first"], ["move-down", lastItem, "Already last"]] as const) {
      const response = await editorPost(world.cookies.member, setlist.id, { intent, version: String(setlist.version), itemId: String(item.id) });
      expect(response.status).toBe(302);
      expect((await toastOf(response))?.title).toBe(title);
    }
    const after = await apiSetlist(world.cookies.member, setlist.id);
    expect(after.version).toBe(setlist.version);
    expect(after.sets).toEqual(setlist.sets);
  });

  test("a note typed in a row and not saved is kept when that row's move is pressed (its form sends it); a move without the field keeps the saved note", async () => {
    const world = await bandWithRoles();
    const setlist = await twoSetSetlist(world);
    const item = setlist.sets[0]!.items[0]!;
    const noteOf = async () => (await db.setlistItem.findUniqueOrThrow({ where: { id: item.id }, select: { note: true } })).note;
    expect((await editorPost(world.cookies.member, setlist.id, { intent: "move-down", version: String(setlist.version), itemId: String(item.id), note: " Count in slow " })).status).toBe(302);
    expect(await noteOf()).toBe("Count in slow");
    expect((await editorPost(world.cookies.member, setlist.id, { intent: "move-up", version: String(setlist.version + 1), itemId: String(item.id) })).status).toBe(302);
    expect(await noteOf()).toBe("Count in slow");
    // At the top already, with the note as saved: nothing changes, not even the version.
    expect((await editorPost(world.cookies.member, setlist.id, { intent: "move-up", version: String(setlist.version + 2), itemId: String(item.id), note: "Count in slow" })).status).toBe(302);
    expect((await apiSetlist(world.cookies.member, setlist.id)).version).toBe(setlist.version + 2);
    // A note too long for a note is refused, and nothing moves.
    const refused = await editorPost(world.cookies.member, setlist.id, { intent: "move-to-set", version: String(setlist.version + 2), itemId: String(item.id), setId: String(setlist.sets[1]!.id), note: "x".repeat(201) });
    expect(refused.status).toBe(400);
    expect(await noteOf()).toBe("Count in slow");
  });

  test("moving with the buttons and reordering across sets keeps positions dense and unique in every set", async () => {
    const world = await bandWithRoles();
    let setlist = await twoSetSetlist(world);
    const [set1, set2] = setlist.sets;
    const first = set1!.items[0]!;
    // Up from the top of Set 2 goes to the end of Set 1; down past the end of Set 1 comes back.
    let response = await editorPost(world.cookies.member, setlist.id, { intent: "move-up", version: String(setlist.version), itemId: String(set2!.items[0]!.id) });
    expect(response.status).toBe(302);
    // Where it went is said (a toast, read out): the buttons otherwise change the order in silence.
    expect(await toastOf(response)).toMatchObject({ title: "Moved up", description: "Now 4 of 4 in Set 1." });
    setlist = await apiSetlist(world.cookies.member, setlist.id);
    expect(setlist.sets.map((set) => set.items.map((item) => item.title))).toEqual([
      ["Superstition", "Valerie", "Mr. Brightside", "September"],
      ["Dancing Queen", "Break"],
    ]);
    expect(await positions(setlist.id)).toEqual([[0, 1, 2, 3], [0, 1]]);

    response = await editorPost(world.cookies.member, setlist.id, { intent: "move-to-set", version: String(setlist.version), itemId: String(first.id), setId: String(set2!.id) });
    expect(response.status).toBe(302);
    expect(await toastOf(response)).toMatchObject({ title: "Moved to Set 2", description: "Now 3 of 3 in Set 2." });
    // Valerie, now first in Set 1, one place down.
    response = await editorPost(world.cookies.member, setlist.id, { intent: "move-down", version: String(setlist.version + 1), itemId: String(setlist.sets[0]!.items[1]!.id) });
    expect(response.status).toBe(302);
    expect(await toastOf(response)).toMatchObject({ title: "Moved down", description: "Now 2 of 3 in Set 1." });
    setlist = await apiSetlist(world.cookies.member, setlist.id);
    expect(setlist.sets.map((set) => set.items.map((item) => item.title))).toEqual([
      ["Mr. Brightside", "Valerie", "September"],
      ["Dancing Queen", "Break", "Superstition"],
    ]);
    expect(await positions(setlist.id)).toEqual([[0, 1, 2], [0, 1, 2]]);

    // A drag and drop sends the whole order: reverse everything and swap the sets' contents.
    const reversed = setlist.sets.map((set) => set.items.map((item) => item.id).reverse());
    response = await editorPost(world.cookies.member, setlist.id, {
      intent: "reorder",
      version: String(setlist.version),
      layout: JSON.stringify([
        { id: setlist.sets[0]!.id, itemIds: reversed[1] },
        { id: setlist.sets[1]!.id, itemIds: reversed[0] },
      ]),
    });
    expect(response.status).toBe(302);
    setlist = await apiSetlist(world.cookies.member, setlist.id);
    expect(setlist.sets.map((set) => set.items.map((item) => item.title))).toEqual([
      ["Superstition", "Break", "Dancing Queen"],
      ["September", "Valerie", "Mr. Brightside"],
    ]);
    expect(await positions(setlist.id)).toEqual([[0, 1, 2], [0, 1, 2]]);
  });

  test("removing a song goes back to the one that took its place, the one before it at a set's end, or the emptied set", async () => {
    const world = await bandWithRoles();
    let setlist = await twoSetSetlist(world);
    const remove = async (itemId: number) => {
      const response = await editorPost(world.cookies.member, setlist.id, { intent: "remove-item", version: String(setlist.version), itemId: String(itemId) });
      setlist = await apiSetlist(world.cookies.member, setlist.id);
      return response.headers.get("location");
    };
    const [set1, set2] = setlist.sets;
    expect(await remove(set1!.items[0]!.id)).toBe(`/setlists/${setlist.id}#item-${set1!.items[1]!.id}`);
    // Set 2: September, Dancing Queen, a break.
    expect(set2!.items).toHaveLength(3);
    expect(await remove(set2!.items[2]!.id)).toBe(`/setlists/${setlist.id}#item-${set2!.items[1]!.id}`);
    expect(await remove(set2!.items[1]!.id)).toBe(`/setlists/${setlist.id}#item-${set2!.items[0]!.id}`);
    expect(await remove(set2!.items[0]!.id)).toBe(`/setlists/${setlist.id}#set-${set2!.id}`);
    expect(setlist.sets.map((set) => set.items.length)).toEqual([2, 0]);
  });

  test("a new set without a name takes the next number no set has: after Set 2 of three is removed, Set 4, not a second Set 3", async () => {
    const world = await bandWithRoles();
    let setlist = await twoSetSetlist(world);
    const post = (form: Record<string, string>) => editorPost(world.cookies.member, setlist.id, { version: String(setlist.version), ...form });
    const refresh = async () => (setlist = await apiSetlist(world.cookies.member, setlist.id));
    expect((await post({ intent: "add-set", setName: "" })).status).toBe(302);
    await refresh();
    expect(setlist.sets.map((set) => set.name)).toEqual(["Set 1", "Set 2", "Set 3"]);
    expect((await post({ intent: "remove-set", setId: String(setlist.sets[1]!.id) })).status).toBe(302);
    await refresh();
    expect((await post({ intent: "add-set", setName: "" })).status).toBe(302);
    await refresh();
    expect(setlist.sets.map((set) => set.name)).toEqual(["Set 1", "Set 3", "Set 4"]);
  });

  test("a song already in the setlist says so in the search, and added again it is kept and the leader is told", async () => {
    const world = await bandWithRoles();
    let setlist = await twoSetSetlist(world);
    const search = async (q: string) => {
      const view = await json(await callRoute(editorLoader, buildRequest(`/setlists/${setlist.id}?q=${q}`, { cookie: world.cookies.member }), { id: String(setlist.id) }));
      return view.results.map((song: { title: string; already: string }) => [song.title, song.already]);
    };
    const africa = await db.song.create({ data: { bandId: world.band.id, title: "Africa", titleKey: "africa", createdById: world.users.leader.id } });
    expect(await search("valerie")).toEqual([["Valerie", "already in Set 1"]]);
    expect(await search("september")).toEqual([["September", "already in Set 2"]]);
    expect(await search("africa")).toEqual([["Africa", ""]]);
    // The library's own search: words in any order; nothing but an emoji finds nothing.
    expect(await search("queen%20dancing")).toEqual([["Dancing Queen", "already in Set 2"]]);
    expect(await search(encodeURIComponent("🎸"))).toEqual([]);
    // Twenty are listed; when more match, the list says so instead of looking complete.
    const label = async (q: string) => (await json(await callRoute(editorLoader, buildRequest(`/setlists/${setlist.id}?q=${q}`, { cookie: world.cookies.member }), { id: String(setlist.id) }))).resultsLabel;
    expect(await label("africa")).toBe("Songs matching “africa”");
    await db.song.createMany({ data: Array.from({ length: 21 }, (_, i) => ({ bandId: world.band.id, title: `Blues ${i + 1}`, titleKey: `blues ${i + 1}` })) });
    expect(await label("blues")).toBe("The first 20 songs matching “blues”: type more of a title or artist to find others");
    expect((await search("blues")).length).toBe(20);

    const set2 = setlist.sets[1]!;
    const added = await editorPost(world.cookies.member, setlist.id, { intent: "add-songs", version: String(setlist.version), setId: String(set2.id), songId: [String(world.songs[1]!.id), String(africa.id)] });
    expect(added.status).toBe(302);
    expect(await toastOf(added)).toMatchObject({
      title: "Added, and already in this setlist",
      description: "“Valerie” is in it more than once now. Remove the extra one if that was a slip.",
    });
    setlist = await apiSetlist(world.cookies.member, setlist.id);
    expect(setlist.sets[1]!.items.map((item) => item.title)).toEqual(["September", "Dancing Queen", "Break", "Valerie", "Africa"]);
    // A ticked song deleted since the search does not hold up the others; all deleted is said.
    const doomed = await db.song.create({ data: { bandId: world.band.id, title: "Gone Soon", titleKey: "gone soon", createdById: world.users.leader.id } });
    const kept = await db.song.create({ data: { bandId: world.band.id, title: "Still Here", titleKey: "still here", createdById: world.users.leader.id } });
    await db.song.delete({ where: { id: doomed.id } });
    const partly = await editorPost(world.cookies.member, setlist.id, { intent: "add-songs", version: String(setlist.version), setId: String(set2.id), songId: [String(doomed.id), String(kept.id)] });
    expect(partly.status).toBe(302);
    expect(await toastOf(partly)).toMatchObject({ title: "Added, all but one", description: "One song you ticked is no longer in the library, so it was not added." });
    setlist = await apiSetlist(world.cookies.member, setlist.id);
    expect(setlist.sets[1]!.items.at(-1)!.title).toBe("Still Here");
    const both = await editorPost(world.cookies.member, setlist.id, { intent: "add-songs", version: String(setlist.version), setId: String(set2.id), songId: [String(doomed.id), String(kept.id)] });
    expect(await toastOf(both)).toMatchObject({ title: "Added, all but one", description: "One song you ticked is no longer in the library, so it was not added. “Still Here” is in it more than once now. Remove the extra one if that was a slip." });
    setlist = await apiSetlist(world.cookies.member, setlist.id);
    const none = await editorPost(world.cookies.member, setlist.id, { intent: "add-songs", version: String(setlist.version), setId: String(set2.id), songId: String(doomed.id) });
    expect(none.status).toBe(400);
    expect(JSON.stringify(await json(none))).toContain(SETLIST_MESSAGES.foreignSong);
    // A song new to the setlist is added without a word.
    const fresh = await db.song.create({ data: { bandId: world.band.id, title: "Jolene", titleKey: "jolene", createdById: world.users.leader.id } });
    const quiet = await editorPost(world.cookies.member, setlist.id, { intent: "add-songs", version: String(setlist.version), setId: String(set2.id), songId: String(fresh.id) });
    expect(quiet.status).toBe(302);
    expect(await toastOf(quiet)).toBeNull();
  });

  test("a reorder with a missing, duplicated or foreign item, or another band's song, is refused and changes nothing", async () => {
    const world = await bandWithRoles();
    const other = await bandWithRoles();
    const setlist = await twoSetSetlist(world);
    const theirs = await twoSetSetlist(other);
    const [set1, set2] = setlist.sets;
    const ids1 = set1!.items.map((item) => item.id);
    const ids2 = set2!.items.map((item) => item.id);
    const reorder = (layout: unknown) => editorPost(world.cookies.member, setlist.id, { intent: "reorder", version: String(setlist.version), layout: JSON.stringify(layout) });

    const cases: [unknown, string][] = [
      [[{ id: set1!.id, itemIds: ids1.slice(1) }, { id: set2!.id, itemIds: ids2 }], SETLIST_MESSAGES.missingItem],
      [[{ id: set1!.id, itemIds: [...ids1, ids1[0]] }, { id: set2!.id, itemIds: ids2 }], SETLIST_MESSAGES.duplicateItem],
      [[{ id: set1!.id, itemIds: [...ids1, theirs.sets[0]!.items[0]!.id] }, { id: set2!.id, itemIds: ids2 }], SETLIST_MESSAGES.foreignItem],
      [[{ id: set1!.id, itemIds: [...ids1, ...ids2] }], SETLIST_MESSAGES.missingSet],
      [[{ id: theirs.sets[0]!.id, itemIds: ids1 }, { id: set2!.id, itemIds: ids2 }], SETLIST_MESSAGES.foreignSet],
      ["not a layout", "The new order could not be read. Reload the setlist and try again."],
    ];
    for (const [layout, message] of cases) {
      const response = await reorder(layout);
      expect(response.status).toBe(400);
      expect((await json(response)).message).toBe(message);
    }
    // Another band's song cannot be added, by the form or the API.
    const add = await editorPost(world.cookies.member, setlist.id, { intent: "add-songs", version: String(setlist.version), setId: String(set1!.id), songId: String(other.songs[0]!.id) });
    expect(add.status).toBe(400);
    expect((await json(add)).message).toBe(SETLIST_MESSAGES.foreignSong);
    const put = await callRoute(
      setlistApiAction,
      buildRequest(`/api/setlists/${setlist.id}`, { method: "PUT", cookie: world.cookies.member, json: { version: setlist.version, sets: [{ id: set1!.id, name: "Set 1", items: [{ type: "song", songId: other.songs[0]!.id }] }] } }),
      { id: String(setlist.id) },
    );
    expect(put.status).toBe(400);
    expect(await json(put)).toEqual({ message: "Invalid request", errors: { "sets.0.items.0.songId": [SETLIST_MESSAGES.foreignSong] } });

    // A song of the band's deleted (another request, another process) between the add's first
    // reads and its write: the same refusal, not the foreign key's 500.
    const doomed = await db.song.create({ data: { bandId: world.band.id, title: "Deleted meanwhile", createdById: world.users.leader.id }, select: { id: true } });
    const transaction = db.$transaction.bind(db);
    const spy = vi.spyOn(db, "$transaction").mockImplementationOnce((async (...args: Parameters<typeof transaction>) => {
      await db.song.delete({ where: { id: doomed.id } });
      return transaction(...args);
    }) as typeof db.$transaction);
    const raced = await editorPost(world.cookies.member, setlist.id, { intent: "add-songs", version: String(setlist.version), setId: String(set1!.id), songId: String(doomed.id) });
    spy.mockRestore();
    expect(raced.status).toBe(400);
    expect((await json(raced)).message).toBe(SETLIST_MESSAGES.foreignSong);

    const after = await apiSetlist(world.cookies.member, setlist.id);
    expect(after.version).toBe(setlist.version);
    expect(after.sets.map((set) => set.items.map((item) => item.id))).toEqual([ids1, ids2]);
  });

  test("the API's whole-setlist PUT gives an existing item another song of the band; another band's song or a song turned into a break is refused", async () => {
    const world = await bandWithRoles();
    const other = await bandWithRoles();
    const setlist = await twoSetSetlist(world);
    const [set1, set2] = setlist.sets;
    const put = (sets: unknown, version = setlist.version) =>
      callRoute(setlistApiAction, buildRequest(`/api/setlists/${setlist.id}`, { method: "PUT", cookie: world.cookies.member, json: { version, sets } }), { id: String(setlist.id) });
    const asSent = (set: ApiSetlist["sets"][number]) => ({ id: set.id, name: set.name, items: set.items.map((item) => (item.type === "break" ? { type: "break", id: item.id, durationSeconds: 900 } : { type: "song", id: item.id, songId: item.songId })) });
    const first = set1!.items[0]!;
    const breakItem = set2!.items.at(-1)!;

    // Another band's song, or a break turned into a song: 400, nothing changed.
    const foreign = await put([{ ...asSent(set1!), items: [{ type: "song", id: first.id, songId: other.songs[0]!.id }, ...asSent(set1!).items.slice(1)] }, asSent(set2!)]);
    expect(foreign.status).toBe(400);
    expect(await json(foreign)).toEqual({ message: "Invalid request", errors: { "sets.0.items.0.songId": [SETLIST_MESSAGES.foreignSong] } });
    const retyped = await put([asSent(set1!), { ...asSent(set2!), items: [...asSent(set2!).items.slice(0, -1), { type: "song", id: breakItem.id, songId: world.songs[0]!.id }] }]);
    expect(retyped.status).toBe(400);
    expect(await json(retyped)).toEqual({ message: "Invalid request", errors: { [`sets.1.items.${set2!.items.length - 1}`]: [SETLIST_MESSAGES.changeType] } });
    const songToBreak = await put([{ ...asSent(set1!), items: [{ type: "break", id: first.id, durationSeconds: 600 }, ...asSent(set1!).items.slice(1)] }, asSent(set2!)]);
    expect(songToBreak.status).toBe(400);
    expect(await json(songToBreak)).toEqual({ message: "Invalid request", errors: { "sets.0.items.0": [SETLIST_MESSAGES.changeType] } });
    // A set or an item named twice: the error names the second place.
    const twice = await put([asSent(set1!), { ...asSent(set2!), id: set1!.id }]);
    expect(twice.status).toBe(400);
    expect(await json(twice)).toEqual({ message: "Invalid request", errors: { "sets.1.id": [SETLIST_MESSAGES.duplicateSet] } });
    const itemTwice = await put([{ ...asSent(set1!), items: [...asSent(set1!).items, asSent(set1!).items[0]!] }, asSent(set2!)]);
    expect(await json(itemTwice)).toEqual({ message: "Invalid request", errors: { [`sets.0.items.${set1!.items.length}.id`]: [SETLIST_MESSAGES.duplicateItem] } });
    const unchanged = await apiSetlist(world.cookies.member, setlist.id);
    expect(unchanged.version).toBe(setlist.version);
    expect(unchanged.sets[0]!.items[0]).toMatchObject({ id: first.id, songId: world.songs[0]!.id, title: "Superstition" });

    // A song of the band: the item keeps its id and place, and now holds that song.
    const swapped = await put([{ ...asSent(set1!), items: [{ type: "song", id: first.id, songId: world.songs[4]!.id }, ...asSent(set1!).items.slice(1)] }, asSent(set2!)]);
    expect(swapped.status).toBe(200);
    const after: ApiSetlist = await json(swapped);
    expect(after.version).toBe(setlist.version + 1);
    expect(after.sets[0]!.items[0]).toMatchObject({ id: first.id, songId: world.songs[4]!.id, title: "Dancing Queen" });
    expect(after.sets.map((set) => set.items.map((item) => item.id))).toEqual(setlist.sets.map((set) => set.items.map((item) => item.id)));
    expect(await db.setlistItem.findUniqueOrThrow({ where: { id: first.id }, select: { songId: true } })).toEqual({ songId: world.songs[4]!.id });
  });

  test("a stale save is refused: 409 with a message offering to reload, from the page and the API", async () => {
    const world = await bandWithRoles();
    const setlist = await twoSetSetlist(world);
    const item = setlist.sets[0]!.items[0]!;
    // The leader saves first, from the version both read.
    const leaderMove = await editorPost(world.cookies.leader, setlist.id, { intent: "move-down", version: String(setlist.version), itemId: String(item.id) });
    expect(leaderMove.status).toBe(302);
    // The member's save from the same version is refused.
    const memberMove = await editorPost(world.cookies.member, setlist.id, { intent: "remove-item", version: String(setlist.version), itemId: String(item.id) });
    expect(memberMove.status).toBe(409);
    expect(await json(memberMove)).toMatchObject({ message: SETLIST_MESSAGES.stale, stale: true });
    expect(await db.setlistItem.count({ where: { id: item.id } })).toBe(1);
    // A stale Details save keeps what was typed (notes can be long), with the version it was
    // typed over: sent again as it is, it is refused again rather than saved over the other's change.
    const details = { intent: "details", version: String(setlist.version), name: "Friday", notes: "Long notes typed while someone else saved", targetMinutes: "" };
    const staleDetails = await editorPost(world.cookies.member, setlist.id, details);
    expect(staleDetails.status).toBe(409);
    expect((await json(staleDetails)).values).toMatchObject({ notes: details.notes, version: String(setlist.version) });
    expect((await editorPost(world.cookies.member, setlist.id, details)).status).toBe(409);
    expect((await db.setlist.findUniqueOrThrow({ where: { id: setlist.id }, select: { notes: true } })).notes).not.toBe(details.notes);

    const put = await callRoute(
      setlistApiAction,
      buildRequest(`/api/setlists/${setlist.id}`, { method: "PUT", cookie: world.cookies.member, json: { version: setlist.version, name: "Overwritten", sets: [{ name: "Only", items: [] }] } }),
      { id: String(setlist.id) },
    );
    expect(put.status).toBe(409);
    expect(await json(put)).toEqual({ message: SETLIST_MESSAGES.stale });
    const after = await apiSetlist(world.cookies.member, setlist.id);
    expect(after.version).toBe(setlist.version + 1);
    expect(after.sets.map((set) => set.name)).toEqual(["Set 1", "Set 2"]);

    // Someone removes a song; a drag (or a row's button) from the page opened before names it:
    // "someone else changed it", not "that item is not in this setlist".
    const removed = after.sets[0]!.items[0]!;
    expect((await editorPost(world.cookies.leader, setlist.id, { intent: "remove-item", version: String(after.version), itemId: String(removed.id) })).status).toBe(302);
    const layout = after.sets.map((set) => ({ id: set.id, itemIds: [...set.items].reverse().map((one) => one.id) }));
    for (const fields of [
      { intent: "reorder", version: String(after.version), layout: JSON.stringify(layout) } as Record<string, string>,
      { intent: "move-down", version: String(after.version), itemId: String(removed.id) },
    ]) {
      const late = await editorPost(world.cookies.member, setlist.id, fields);
      expect(late.status, fields.intent).toBe(409);
      expect(await json(late)).toMatchObject({ message: SETLIST_MESSAGES.stale });
    }
  });

  test("running totals include breaks; a set lasts until its last song (the break after it counts in the show, not in the set or against its target); a set over the target is flagged", async () => {
    const world = await bandWithRoles();
    const setlist = await twoSetSetlist(world);
    await db.setlist.update({ where: { id: setlist.id }, data: { targetSetSeconds: 10 * 60 } });
    const view = await json(await callRoute(editorLoader, buildRequest(`/setlists/${setlist.id}`, { cookie: world.cookies.member }), { id: String(setlist.id) }));
    // Set 1: 200 + 210 + 220 = 630 s; Set 2: 230 + 240 = 470 s of songs, then a 900 s break.
    expect(view.setlist.sets.map((set: { length: string; showLength: string; over: string | null }) => [set.length, set.showLength, set.over])).toEqual([
      ["10:30", "10:30", "0:30"],
      ["7:50", "33:20", null],
    ]);
    expect(view.setlist.sets[1].items.map((item: { running: string }) => item.running)).toEqual(["3:50", "7:50", "22:50"]);
    expect(view.setlist.length).toBe("33:20 with breaks");
  });

  test("a sub sees no setlists and cannot open, change or delete one; a member deletes only their own", async () => {
    const world = await bandWithRoles();
    const setlist = await twoSetSetlist(world);
    const list = await json(await callRoute(listLoader, buildRequest("/setlists", { cookie: world.cookies.sub })));
    expect(list).toMatchObject({ bookedOnly: true, setlists: [] });
    expect((await callRoute(editorLoader, buildRequest(`/setlists/${setlist.id}`, { cookie: world.cookies.sub }), { id: String(setlist.id) })).status).toBe(404);
    expect((await callRoute(setlistApiLoader, buildRequest(`/api/setlists/${setlist.id}`, { cookie: world.cookies.sub }), { id: String(setlist.id) })).status).toBe(404);
    const apiList = await json(await callRoute(bandSetlistsApiLoader, buildRequest(`/api/bands/${world.band.id}/setlists`, { cookie: world.cookies.sub }), { id: String(world.band.id) }));
    expect(apiList.setlists).toEqual([]);
    // Asked to change one they cannot see, the answer is that of a setlist deleted: nothing tells them it is there.
    const move = await editorPost(world.cookies.sub, setlist.id, { intent: "move-down", version: String(setlist.version), itemId: String(setlist.sets[0]!.items[0]!.id) });
    expect(move.headers.get("location")).toBe("/setlists");
    expect(await toastOf(move)).toMatchObject({ description: "That setlist no longer exists: someone may have deleted it." });
    for (const method of ["PUT", "DELETE"]) {
      const api = await callRoute(setlistApiAction, buildRequest(`/api/setlists/${setlist.id}`, { method, cookie: world.cookies.sub, json: method === "PUT" ? { version: setlist.version, sets: [] } : undefined }), { id: String(setlist.id) });
      expect(api.status, method).toBe(404);
    }

    // The member created this one, so they may delete it; not the leader's.
    const leaders = await db.setlist.create({ data: { bandId: world.band.id, name: "Leader's", createdById: world.users.leader.id } });
    expect((await editorPost(world.cookies.member, leaders.id, { intent: "delete" })).status).toBe(403);
    const deleted = await editorPost(world.cookies.member, setlist.id, { intent: "delete" });
    expect(deleted.status).toBe(302);
    expect(await db.setlist.count({ where: { id: setlist.id } })).toBe(0);
    expect(await db.setlistItem.count({ where: { setlistId: setlist.id } })).toBe(0);
  });

  test("duplicating copies every set, song, break and note into a new setlist", async () => {
    const world = await bandWithRoles();
    const setlist = await twoSetSetlist(world);
    await editorPost(world.cookies.member, setlist.id, { intent: "item-note", version: String(setlist.version), itemId: String(setlist.sets[0]!.items[0]!.id), note: "Drums count in" });
    const response = await editorPost(world.cookies.member, setlist.id, { intent: "duplicate" });
    expect(response.status).toBe(302);
    const copyId = Number(response.headers.get("location")!.split("/").pop());
    const copy = await apiSetlist(world.cookies.member, copyId);
    const original = await apiSetlist(world.cookies.member, setlist.id);
    const shape = (s: ApiSetlist) => s.sets.map((set) => ({ name: set.name, items: set.items.map((item) => ({ type: item.type, songId: item.songId, title: item.title })) }));
    expect(shape(copy)).toEqual(shape(original));
    expect(copy.id).not.toBe(original.id);
    expect((await db.setlistItem.findFirstOrThrow({ where: { setlistId: copyId, position: 0, set: { position: 0 } } })).note).toBe("Drums count in");

    // The button pressed several times at once (a double tap without JavaScript, a retry): one copy, and every answer opens it.
    const { setlist: shown } = await json(await callRoute(editorLoader, buildRequest(`/setlists/${setlist.id}`, { cookie: world.cookies.member }), { id: String(setlist.id) }));
    const before = await db.setlist.count({ where: { bandId: world.band.id } });
    const taps = await Promise.all(Array.from({ length: 4 }, () => editorPost(world.cookies.member, setlist.id, { intent: "duplicate", submissionKey: shown.duplicateKey })));
    expect(await db.setlist.count({ where: { bandId: world.band.id } })).toBe(before + 1);
    expect(new Set(taps.map((tap) => tap.status))).toEqual(new Set([302]));
    const made = await db.setlist.findFirstOrThrow({ where: { bandId: world.band.id }, orderBy: { id: "desc" }, select: { id: true } });
    for (const tap of taps) expect([`/setlists/${made.id}`, "/setlists"]).toContain(tap.headers.get("location"));
    expect(taps.filter((tap) => tap.headers.get("location") === `/setlists/${made.id}`).length).toBeGreaterThanOrEqual(1);

    // Every copy has a name of its own: the second is "(copy 2)", a copy of a copy counts from
    // the original's name, and a name at the 120-character limit keeps its suffix.
    const names = await db.setlist.findMany({ where: { bandId: world.band.id }, orderBy: { id: "asc" }, select: { name: true } });
    expect(names.map((row) => row.name).slice(-2)).toEqual([`${original.name} (copy)`, `${original.name} (copy 2)`]);
    const again = await editorPost(world.cookies.member, copyId, { intent: "duplicate" });
    const third = await db.setlist.findUniqueOrThrow({ where: { id: Number(again.headers.get("location")!.split("/").pop()) }, select: { name: true } });
    expect(third.name).toBe(`${original.name} (copy 3)`);
    const long = await db.setlist.create({ data: { bandId: world.band.id, name: `${"x".repeat(54)}${"🎸".repeat(33)}` } });
    for (const expected of [" (copy)", " (copy 2)"]) {
      const made = await editorPost(world.cookies.member, long.id, { intent: "duplicate" });
      const { name } = await db.setlist.findUniqueOrThrow({ where: { id: Number(made.headers.get("location")!.split("/").pop()) }, select: { name: true } });
      expect(name.endsWith(expected)).toBe(true);
      expect(name.length).toBeLessThanOrEqual(120);
      expect(name, "no half of an emoji").not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    }
  });

  test("bad editor input gets a clear message and no 500", async () => {
    const world = await bandWithRoles();
    const setlist = await twoSetSetlist(world);
    const cases: [Record<string, string>, number, string][] = [
      [{ intent: "add-break", version: String(setlist.version), breakMinutes: "0" }, 400, "A break must be a whole number of minutes from 1 to 120"],
      [{ intent: "move-up", itemId: "1" }, 400, "Reload the setlist and try again: the form did not say which version it changes."],
      [{ intent: "move-up", version: String(setlist.version), itemId: "abc" }, 400, "That item is not in this setlist."],
      // An id that is not this setlist's: the same words as a malformed one (it said "The new order has…", of a move of one song).
      [{ intent: "move-up", version: String(setlist.version), itemId: "999999" }, 400, "That item is not in this setlist."],
      [{ intent: "remove-item", version: String(setlist.version), itemId: "999999" }, 400, "That item is not in this setlist."],
      [{ intent: "item-note", version: String(setlist.version), itemId: "999999", note: "Capo 2" }, 400, "That item is not in this setlist."],
      [{ intent: "add-songs", version: String(setlist.version) }, 400, "Choose at least one song to add"],
      [{ intent: "details", version: String(setlist.version), name: "" }, 400, "Give the setlist a name"],
      [{ intent: "launch-rockets" }, 400, "The editor did not say what to change. Reload the setlist and try again."],
    ];
    for (const [form, status, message] of cases) {
      const response = await editorPost(world.cookies.member, setlist.id, form);
      expect(response.status, JSON.stringify(form)).toBe(status);
      expect((await json(response)).message).toBe(message);
    }
    expect((await apiSetlist(world.cookies.member, setlist.id)).version).toBe(setlist.version);
    // A refused Details save answers with what was typed, so the page (JavaScript off) shows it again.
    const details = await editorPost(world.cookies.member, setlist.id, { intent: "details", version: String(setlist.version), name: "Renamed set", targetMinutes: "999", notes: "my notes" });
    expect(details.status).toBe(400);
    expect((await json(details)).values).toMatchObject({ name: "Renamed set", targetMinutes: "999", notes: "my notes" });
    // Notes sent as a number or a list are not text (zod's own words before).
    for (const notes of [123, ["a"]]) {
      const refused = await callRoute(bandSetlistsApiAction, buildRequest(`/api/bands/${world.band.id}/setlists`, { cookie: world.cookies.member, json: { name: "Typed", notes } }), { id: String(world.band.id) });
      expect(refused.status).toBe(400);
      expect((await json(refused)).errors.notes).toEqual(["Notes must be text"]);
    }
  });

  test("the plain-text export lists each set numbered with keys, lengths, notes and breaks, for pasting into a chat", async () => {
    const world = await bandWithRoles();
    const setlist = await twoSetSetlist(world);
    await db.song.update({ where: { id: world.songs[0]!.id }, data: { key: "Ebm", artist: "Stevie Wonder" } });
    await editorPost(world.cookies.member, setlist.id, { intent: "item-note", version: String(setlist.version), itemId: String(setlist.sets[0]!.items[0]!.id), note: "Drums count in" });
    const response = await callRoute(textLoader, buildRequest(`/setlists/${setlist.id}/text`, { cookie: world.cookies.member }), { id: String(setlist.id) });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const text = await response.text();
    expect(text.split("\n").slice(0, 3)).toEqual([`Friday — ${world.band.name}`, "", "Set 1 (3 songs, 10:30)"]);
    expect(text).toContain(" 1. Superstition — Stevie Wonder (E♭/D♯ minor, 3:20) — Drums count in\n");
    expect(text).toContain("Set 2 (2 songs, 7:50)\n 1. September (3:50)\n 2. Dancing Queen (4:00)\n   Break 15:00\n");
    expect(text.trimEnd().split("\n").at(-1)).toBe("Show: 5 songs, 33:20 with breaks");
    const noKeys = await (await callRoute(textLoader, buildRequest(`/setlists/${setlist.id}/text?keys=0&notes=0`, { cookie: world.cookies.member }), { id: String(setlist.id) })).text();
    expect(noKeys).toContain(" 1. Superstition — Stevie Wonder (3:20)\n");
    expect(await db.analyticsEvent.count({ where: { name: "export_setlist", bandId: world.band.id } })).toBe(2);
    expect((await callRoute(textLoader, buildRequest(`/setlists/${setlist.id}/text`, { cookie: world.cookies.sub }), { id: String(setlist.id) })).status).toBe(404);
  });

  test("songs with no length stored are said in every total instead of counting as 0:00", async () => {
    const world = await bandWithRoles();
    const setlist = await twoSetSetlist(world);
    // Set 1 keeps two of its three lengths; Set 2's two songs have none (its break has 15:00).
    await db.song.updateMany({ where: { id: { in: [world.songs[1]!.id, world.songs[3]!.id, world.songs[4]!.id] } }, data: { durationSeconds: null } });
    const text = await (await callRoute(textLoader, buildRequest(`/setlists/${setlist.id}/text`, { cookie: world.cookies.member }), { id: String(setlist.id) })).text();
    expect(text).toContain("Set 1 (3 songs, 7:00 + 1 song of unknown length)\n");
    expect(text).toContain("Set 2 (2 songs, length unknown)\n");
    expect(text.trimEnd().split("\n").at(-1)).toBe("Show: 5 songs, 22:00 with breaks + 3 songs of unknown length");
    const editor = await json(await callRoute(editorLoader, buildRequest(`/setlists/${setlist.id}`, { cookie: world.cookies.member }), { id: String(setlist.id) }));
    expect(editor.setlist.length).toBe("22:00 with breaks + 3 songs of unknown length");
    expect(editor.setlist.sets.map((set: { length: string; showLength: string }) => [set.length, set.showLength])).toEqual([
      ["7:00 + 1 song of unknown length", "7:00 + 1 song of unknown length"],
      ["length unknown", "22:00 + 3 songs of unknown length"],
    ]);
    // When each ends in its set: none for a song of no length, and a floor ("+") after one.
    expect(editor.setlist.sets.map((set: { items: { running: string | null }[] }) => set.items.map((item) => item.running))).toEqual([
      ["3:20", null, "7:00+"],
      [null, null, "15:00+"],
    ]);
    const list = await json(await callRoute(listLoader, buildRequest("/setlists", { cookie: world.cookies.member })));
    // The list says what the editor says (it read "22:00 + …", as if the break were music).
    expect(list.setlists.find((row: { id: number }) => row.id === setlist.id).length).toBe("22:00 with breaks + 3 songs of unknown length");
    // "with breaks" only for a show that has some.
    await db.setlistItem.deleteMany({ where: { setlistId: setlist.id, isBreak: true } });
    const plain = await (await callRoute(textLoader, buildRequest(`/setlists/${setlist.id}/text`, { cookie: world.cookies.member }), { id: String(setlist.id) })).text();
    expect(plain.trimEnd().split("\n").at(-1)).toBe("Show: 5 songs, 7:00 + 3 songs of unknown length");
    const plainList = await json(await callRoute(listLoader, buildRequest("/setlists", { cookie: world.cookies.member })));
    expect(plainList.setlists.find((row: { id: number }) => row.id === setlist.id).length).toBe("7:00 + 3 songs of unknown length");
  });

  test("the PDF has a page per set (or one page) with the titles in order, keys and notes optional, and a file name from the setlist's name", async () => {
    const world = await bandWithRoles();
    const setlist = await twoSetSetlist(world);
    await db.song.update({ where: { id: world.songs[0]!.id }, data: { key: "Ebm" } });
    await editorPost(world.cookies.member, setlist.id, { intent: "item-note", version: String(setlist.version), itemId: String(setlist.sets[0]!.items[0]!.id), note: "Drums count in" });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "setlist-pdf-"));
    const render = async (query: string) => {
      const response = await callRoute(pdfLoader, buildRequest(`/setlists/${setlist.id}/pdf${query}`, { cookie: world.cookies.member }), { id: String(setlist.id) });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/pdf");
      expect(response.headers.get("content-disposition")).toBe('attachment; filename="friday.pdf"');
      const file = path.join(dir, `${query.length}.pdf`);
      fs.writeFileSync(file, new Uint8Array(await response.arrayBuffer()));
      // poppler-utils' pdftotext reads it back, page breaks as form feeds.
      return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" }).split("\f").filter((page) => page.trim());
    };
    const pages = await render("");
    expect(pages).toHaveLength(2);
    const order = (page: string) => ["Superstition", "Valerie", "Mr. Brightside", "September", "Dancing Queen", "Break"].filter((title) => page.includes(title));
    expect(order(pages[0]!)).toEqual(["Superstition", "Valerie", "Mr. Brightside"]);
    expect(order(pages[1]!)).toEqual(["September", "Dancing Queen", "Break"]);
    expect(pages[0]).toMatch(/1\.\s+Superstition\s+Ebm/);
    expect(pages[0]).toContain("Drums count in");
    expect(pages[1]).toContain("Break 15:00");

    const one = await render("?layout=one&keys=0&notes=0");
    expect(one).toHaveLength(1);
    expect(order(one[0]!)).toEqual(["Superstition", "Valerie", "Mr. Brightside", "September", "Dancing Queen", "Break"]);
    expect(one[0]).not.toContain("Ebm");
    expect(one[0]).not.toContain("Drums count in");
    expect((await callRoute(pdfLoader, buildRequest(`/setlists/${setlist.id}/pdf`, { cookie: world.cookies.sub }), { id: String(setlist.id) })).status).toBe(404);

    // Any Latin, Greek or Cyrillic title reads back as typed (Helvetica's Latin-1 garbled them).
    const title = "Žlutá ponorka · Łódź · Калинка · Ελλάδα";
    await db.song.update({ where: { id: world.songs[0]!.id }, data: { title } });
    const page = (await render("?layout=one"))[0]!;
    for (const word of title.split(" · ")) expect(page).toContain(word);

    // What the font has no glyph for (Japanese, emoji) prints as boxes, not as marks on top of each other; a title too long for a line wraps.
    await db.song.update({ where: { id: world.songs[0]!.id }, data: { title: "東京ブギウギ 🎸 Tokyo" } });
    await db.song.update({ where: { id: world.songs[1]!.id }, data: { title: "W".repeat(150) } });
    const boxes = (await render("?layout=one"))[0]!;
    expect(boxes).toContain("□□□□□□ □ Tokyo");
    expect(boxes.split("\n").filter((line) => line.includes("WWWWWWWWWWWW")).length).toBeGreaterThan(1);
    // On a set's own page too (type twice as big), inside the page's margin: 16 of its bold W ran past the edge.
    await render("");
    const words = execFileSync("pdftotext", ["-bbox", path.join(dir, "0.pdf"), "-"], { encoding: "utf8" });
    const rightEdges = [...words.matchAll(/xMax="([\d.]+)"[^>]*>W+-?</g)].map((match) => Number(match[1]));
    expect(rightEdges.length).toBeGreaterThan(1);
    expect(Math.max(...rightEdges)).toBeLessThanOrEqual(595 - 36);
    // Numbers of two digits stay on their line.
    await db.song.update({ where: { id: world.songs[1]!.id }, data: { title: "Valerie" } });
    const many = await db.song.findMany({ where: { bandId: world.band.id }, select: { id: true } });
    await editorPost(world.cookies.member, setlist.id, { intent: "add-songs", version: String((await apiSetlist(world.cookies.member, setlist.id)).version), setId: String(setlist.sets[0]!.id), songId: [...many, ...many].map((song) => String(song.id)) });
    const numbered = (await render("")).join("\n");
    expect(numbered).toMatch(/^\s*10\.\s+\S/m);
    expect(numbered).not.toMatch(/^\s*1-\s*$|^\s*10-/m);
    // A set too long for its page goes on over the next, which names the set it continues.
    await editorPost(world.cookies.member, setlist.id, { intent: "add-songs", version: String((await apiSetlist(world.cookies.member, setlist.id)).version), setId: String(setlist.sets[0]!.id), songId: [...many, ...many, ...many, ...many].map((song) => String(song.id)) });
    const long = await render("");
    expect(long).toHaveLength(3);
    expect(long[0]).not.toContain("continued");
    expect(long[1]!.trimStart().split("\n")[0]).toMatch(/^Friday — .+ · Set 1, continued \(page 2 of 2\)$/);
    expect(long[2]).not.toContain("continued");
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test("a setlist is used for a gig from its page (no JavaScript needed): the event shows it, the setlist shows where it was played, and a sub booked on the gig can read it", async () => {
    const world = await bandWithRoles();
    const other = await bandWithRoles();
    const setlist = await twoSetSetlist(world);
    const day = 86_400_000;
    const subMembership = await db.bandMembership.findFirstOrThrow({ where: { bandId: world.band.id, userId: world.users.sub.id }, select: { id: true } });
    const past = await db.event.create({ data: { bandId: world.band.id, title: "Harbour Bar", kind: "gig", venueName: "Harbour Bar", startsAt: new Date(Date.now() - 7 * day), createdById: world.users.leader.id } });
    const next = await db.event.create({
      data: { bandId: world.band.id, title: "Wedding", kind: "gig", startsAt: new Date(Date.now() + 10 * day), createdById: world.users.leader.id, bookings: { create: [{ membershipId: subMembership.id }] } },
    });
    const theirs = await db.event.create({ data: { bandId: other.band.id, title: "Not ours", kind: "gig", startsAt: new Date(Date.now() + 5 * day) } });
    const view = async (cookie: string) => callRoute(editorLoader, buildRequest(`/setlists/${setlist.id}`, { cookie }), { id: String(setlist.id) });

    // The page offers the band's events of the last month and ahead, not another band's.
    const before = await json(await view(world.cookies.member));
    expect(before.events).toEqual([]);
    // Each choice carries the setlist the gig has as shown (none: 0).
    expect(before.eventChoices.map((choice: { id: string }) => choice.id)).toEqual([`${past.id}.0`, `${next.id}.0`]);

    // Another band's event, or a missing one: a clear message, nothing linked.
    for (const eventId of [String(theirs.id), "abc"]) {
      const refused = await editorPost(world.cookies.member, setlist.id, { intent: "use-for-event", eventId });
      expect(refused.status).toBe(400);
      expect((await json(refused)).message).toBe("Choose one of the band's events");
    }
    expect(await db.event.count({ where: { setlistId: setlist.id } })).toBe(0);
    // A cancelled gig is not offered, and a form naming it anyway is refused with why.
    const called = await db.event.create({ data: { bandId: world.band.id, title: "Called off", kind: "gig", startsAt: new Date(Date.now() + 3 * day), cancelledAt: new Date() } });
    const cancelled = await editorPost(world.cookies.member, setlist.id, { intent: "use-for-event", eventId: `${called.id}.0` });
    expect(cancelled.status).toBe(400);
    expect((await json(cancelled)).message).toBe("“Called off” is cancelled. Nothing changed: choose an event that is going ahead.");
    expect((await db.event.findUniqueOrThrow({ where: { id: called.id } })).setlistId).toBeNull();
    await db.event.delete({ where: { id: called.id } });

    for (const event of [past, next]) {
      const linked = await editorPost(world.cookies.member, setlist.id, { intent: "use-for-event", eventId: String(event.id) });
      expect(linked.status).toBe(302);
      expect(linked.headers.get("location")).toBe(`/setlists/${setlist.id}#events`);
    }
    expect(before.setlist.deleteText).not.toContain("performance report");
    const after = await json(await view(world.cookies.member));
    expect(after.events).toEqual([expect.objectContaining({ id: next.id, title: "Wedding", past: false }), expect.objectContaining({ id: past.id, title: "Harbour Bar", past: true, venueName: "Harbour Bar" })]);
    // Played at a past gig: deleting it is said to take it out of the performance report.
    expect(after.setlist.deleteText).toContain("It was played at past gigs: the performance report for rights organisations will no longer list what was played there.");
    expect(after.eventChoices).toEqual([]);
    expect((await db.event.findUniqueOrThrow({ where: { id: next.id }, select: { version: true, sequence: true } })).sequence).toBe(1);

    // The event page and the API show the setlist; the setlist API and list show the events.
    const eventPage = await json(await callRoute(eventLoader, buildRequest(`/events/${next.id}`, { cookie: world.cookies.member }), { id: String(next.id) }));
    expect(eventPage.event.setlist).toEqual({ id: setlist.id, name: "Friday" });
    expect((await json(await callRoute(eventApiLoader, buildRequest(`/api/events/${next.id}`, { cookie: world.cookies.member }), { id: String(next.id) }))).setlistId).toBe(setlist.id);
    const api = await json(await callRoute(setlistApiLoader, buildRequest(`/api/setlists/${setlist.id}`, { cookie: world.cookies.member }), { id: String(setlist.id) }));
    expect(api.events.map((event: { title: string }) => event.title)).toEqual(["Wedding", "Harbour Bar"]);
    const list = await json(await callRoute(listLoader, buildRequest("/setlists", { cookie: world.cookies.member })));
    expect(list.setlists[0]).toMatchObject({ event: { id: next.id, title: "Wedding" } });

    // The sub is booked on the wedding only: they read the setlist (no editing) and see only that gig.
    const subView = await view(world.cookies.sub);
    expect(subView.status).toBe(200);
    const subData = await json(subView);
    expect(subData.setlist.mayEdit).toBe(false);
    expect(subData.mayLinkEvents).toBe(false);
    expect(subData.events.map((event: { id: number }) => event.id)).toEqual([next.id]);
    const subList = await json(await callRoute(listLoader, buildRequest("/setlists", { cookie: world.cookies.sub })));
    expect(subList.setlists.map((s: { id: number }) => s.id)).toEqual([setlist.id]);
    expect((await editorPost(world.cookies.sub, setlist.id, { intent: "unlink-event", eventId: String(next.id) })).status).toBe(403);
    expect((await callRoute(textLoader, buildRequest(`/setlists/${setlist.id}/text`, { cookie: world.cookies.sub }), { id: String(setlist.id) })).status).toBe(200);

    // Unlinked from the wedding, the sub no longer sees it.
    expect((await editorPost(world.cookies.member, setlist.id, { intent: "unlink-event", eventId: String(next.id) })).status).toBe(302);
    expect((await db.event.findUniqueOrThrow({ where: { id: next.id }, select: { setlistId: true } })).setlistId).toBeNull();
    expect((await view(world.cookies.sub)).status).toBe(404);
  });

  test("a gig given another setlist since the page was opened is not taken over unseen; unlinking from a gig that now uses another changes nothing and says so", async () => {
    const world = await bandWithRoles();
    const mine = await twoSetSetlist(world);
    const theirs = await twoSetSetlist(world);
    const gig = await db.event.create({ data: { bandId: world.band.id, title: "Corporate party", kind: "gig", startsAt: new Date(Date.now() + 5 * 86_400_000) } });
    // The page showed the gig without a setlist; meanwhile an admin used another one for it.
    const shown = `${gig.id}.0`;
    expect((await editorPost(world.cookies.leader, theirs.id, { intent: "use-for-event", eventId: `${gig.id}.0` })).status).toBe(302);
    const refused = await editorPost(world.cookies.member, mine.id, { intent: "use-for-event", eventId: shown });
    expect(refused.status).toBe(409);
    expect((await json(refused)).message).toBe("“Corporate party” got another setlist since this page was opened. Nothing changed: choose it again to replace that one.");
    expect((await db.event.findUniqueOrThrow({ where: { id: gig.id }, select: { setlistId: true } })).setlistId).toBe(theirs.id);
    // Chosen again from the page as it is now ("replaces its setlist"), it is replaced.
    expect((await editorPost(world.cookies.member, mine.id, { intent: "use-for-event", eventId: `${gig.id}.${theirs.id}` })).status).toBe(302);
    expect((await db.event.findUniqueOrThrow({ where: { id: gig.id }, select: { setlistId: true } })).setlistId).toBe(mine.id);
    // The other setlist's page still lists the gig: unlinking it there changes nothing, and says so.
    const unlink = await editorPost(world.cookies.member, theirs.id, { intent: "unlink-event", eventId: String(gig.id) });
    expect(unlink.status).toBe(409);
    expect((await json(unlink)).message).toBe("“Corporate party” uses another setlist now. Nothing changed.");
    expect((await db.event.findUniqueOrThrow({ where: { id: gig.id }, select: { setlistId: true } })).setlistId).toBe(mine.id);
  });

  test("build a setlist from a previous gig: a copy of the sets, songs, breaks and notes it was played from, with a name; a gig without a setlist or to come is refused", async () => {
    const world = await bandWithRoles();
    const other = await bandWithRoles();
    const setlist = await twoSetSetlist(world);
    await db.setlistItem.update({ where: { id: setlist.sets[0]!.items[0]!.id }, data: { note: "Drums count in" } });
    const day = 86_400_000;
    const played = await db.event.create({ data: { bandId: world.band.id, title: "Harbour Bar", kind: "gig", startsAt: new Date(Date.UTC(2025, 4, 3, 20)), setlistId: setlist.id } });
    const noSetlist = await db.event.create({ data: { bandId: world.band.id, title: "Quiz night", kind: "gig", startsAt: new Date(Date.now() - 3 * day) } });
    const upcoming = await db.event.create({ data: { bandId: world.band.id, title: "Wedding", kind: "gig", startsAt: new Date(Date.now() + 3 * day), setlistId: setlist.id } });
    const theirSetlist = await twoSetSetlist(other);
    const theirs = await db.event.create({ data: { bandId: other.band.id, title: "Theirs", kind: "gig", startsAt: new Date(Date.now() - 3 * day), setlistId: theirSetlist.id } });
    const post = (form: Record<string, string>, cookie = world.cookies.member) => callRoute(listAction, buildRequest("/setlists", { cookie, form: { intent: "from-gig", ...form } }));

    // The page offers only past gigs of the band with a setlist.
    const page = await json(await callRoute(listLoader, buildRequest("/setlists", { cookie: world.cookies.member })));
    expect(page.pastGigs.map((gig: { id: number }) => gig.id)).toEqual([played.id]);
    expect((await json(await callRoute(listLoader, buildRequest("/setlists", { cookie: world.cookies.sub })))).pastGigs).toEqual([]);

    const count = await db.setlist.count();
    for (const eventId of [noSetlist.id, upcoming.id, theirs.id]) {
      const refused = await post({ eventId: String(eventId), name: "Nope" });
      expect(refused.status).toBe(400);
      expect((await json(refused)).fromGig.error.eventId).toEqual(["Choose a past gig that has a setlist"]);
    }
    const noGig = await post({ name: "Nope" });
    expect(noGig.status).toBe(400);
    expect((await json(noGig)).fromGig.error.eventId).toEqual(["Choose a past gig that has a setlist"]);
    // The used key of a sent form, sent again with other details: refused, with the gig and name typed.
    const key = (await json(await callRoute(listLoader, buildRequest("/setlists", { cookie: world.cookies.member })))).keys.fromGig;
    expect((await post({ submissionKey: key, eventId: String(played.id), name: "First copy" })).status).toBe(302);
    const resent = await post({ submissionKey: key, eventId: String(played.id), name: "Second copy" });
    expect(resent.status).toBe(409);
    expect((await json(resent)).fromGig.initialValue).toEqual({ eventId: String(played.id), name: "Second copy" });
    await db.setlist.deleteMany({ where: { name: "First copy" } });
    expect((await post({ eventId: String(played.id) }, world.cookies.sub)).status).toBe(403);
    expect(await db.setlist.count()).toBe(count);

    const built = await post({ eventId: String(played.id), name: "Harbour Bar again" });
    expect(built.status).toBe(302);
    const copyId = Number(built.headers.get("location")!.split("/").pop());
    const copy = await apiSetlist(world.cookies.member, copyId);
    expect(copy).toMatchObject({ name: "Harbour Bar again", durationSeconds: setlist.durationSeconds });
    expect(copy.sets.map((set) => [set.name, set.items.map((item) => [item.type, item.songId])])).toEqual(setlist.sets.map((set) => [set.name, set.items.map((item) => [item.type, item.songId])]));
    expect((await db.setlistItem.findFirstOrThrow({ where: { setlistId: copyId, note: { not: null } }, select: { note: true } })).note).toBe("Drums count in");
    // A copy: the gig keeps the original.
    expect((await db.event.findUniqueOrThrow({ where: { id: played.id }, select: { setlistId: true } })).setlistId).toBe(setlist.id);

    // Without a name it is named after the gig; the API does the same with fromEventId.
    const unnamed = await post({ eventId: String(played.id) });
    expect(unnamed.status).toBe(302);
    expect((await db.setlist.findFirstOrThrow({ orderBy: { id: "desc" }, select: { name: true } })).name).toBe("Harbour Bar, May 3, 2025");
    const api = await callRoute(bandSetlistsApiAction, buildRequest(`/api/bands/${world.band.id}/setlists`, { cookie: world.cookies.member, json: { name: "From the API", fromEventId: played.id } }), { id: String(world.band.id) });
    expect(api.status).toBe(201);
    expect((await json(api)).songCount).toBe(5);
    const apiRefused = await callRoute(bandSetlistsApiAction, buildRequest(`/api/bands/${world.band.id}/setlists`, { cookie: world.cookies.member, json: { name: "Nope", fromEventId: theirs.id } }), { id: String(world.band.id) });
    expect(apiRefused.status).toBe(400);
    expect(await json(apiRefused)).toEqual({ message: "Invalid request", errors: { fromEventId: ["Choose a past gig that has a setlist"] } });
  });
});
