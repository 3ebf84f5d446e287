/**
 * Text nobody types (a NUL, a bell, a lone surrogate; a line break in a one-line field)
 * and text of invisible characters alone are refused under their field, through /api as
 * through the forms, and nothing is saved: they broke CSV rows, .ics lines and PDFs.
 */
import { describe, expect, test } from "vitest";
import { buildRequest, callRoute, createBand, createUser, sessionCookieFor } from "#tests/db-utils";
import { db } from "~/utils/db.server";
import * as bandEvents from "~/routes/api+/bands.$id.events";
import * as bandSongs from "~/routes/api+/bands.$id.songs";
import * as bandSetlists from "~/routes/api+/bands.$id.setlists";
import * as setlistApi from "~/routes/api+/setlists.$id";
import * as songApi from "~/routes/api+/songs.$id";
import * as blackouts from "~/routes/api+/blackouts";
import * as payments from "~/routes/api+/bands.$id.payments";
import { hasUntypeable, isInvisible } from "~/utils/typed-text";
import { BandNameSchema } from "~/features/bands/schema";

type Errors = { message: string; errors?: Record<string, string[]> };

async function world() {
  const leader = await createUser({ firstName: "Lea" });
  const band = await createBand({ subscriptionTier: "pro", members: [{ userId: leader.id, role: "band_leader" }] });
  return { band, leader, cookie: await sessionCookieFor(leader.id) };
}

async function post(handler: Parameters<typeof callRoute>[0], path: string, params: Record<string, string>, json: unknown, cookie: string, method = "POST") {
  const response = await callRoute(handler, buildRequest(path, { method, cookie, json }), params);
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as Errors & Record<string, unknown> };
}

describe("typed text", () => {
  test("the rules: control characters (line breaks only where a field is one line), lone surrogates, invisible-only text", () => {
    expect(hasUntypeable("a\u0000b")).toBe(true);
    expect(hasUntypeable("\u0007")).toBe(true);
    expect(hasUntypeable("two\nlines")).toBe(true);
    expect(hasUntypeable("two\nlines\tand a tab", { multiline: true })).toBe(false);
    // Unicode's line and paragraph separators break a one-line field as \n does.
    expect(hasUntypeable("line1\u2028line2")).toBe(true);
    expect(hasUntypeable("para\u2029graph")).toBe(true);
    expect(hasUntypeable("\ud800")).toBe(true);
    expect(hasUntypeable("Калинка 日本語 🎸 Motörhead")).toBe(false);
    // Bidirectional overrides, embeddings and isolates reorder what follows them (a name
    // that shows as someone else's); the marks right-to-left writers type stay.
    for (const control of ["\u202A", "\u202B", "\u202C", "\u202D", "\u202E", "\u2066", "\u2067", "\u2068", "\u2069"]) expect(hasUntypeable(`Tom${control}ydna`)).toBe(true);
    expect(hasUntypeable("שלום\u200F Band\u200E")).toBe(false);
    expect(hasUntypeable("notes\u202E", { multiline: true })).toBe(false);
    // Bytes that were not UTF-8 arrive decoded as U+FFFD ("Al\xFF\xFEx" as "Al��x"), in one line or many.
    expect(hasUntypeable("Al\uFFFD\uFFFDx")).toBe(true);
    expect(hasUntypeable("notes \uFFFD", { multiline: true })).toBe(true);
    // A band name's line break is refused as every other name's is, not saved as a space.
    expect(BandNameSchema.safeParse("A\r\nB").error?.issues.map((issue) => issue.message)).toEqual(["Band name can only hold characters you can type"]);
    expect(BandNameSchema.parse("  The   Late\tShift ")).toBe("The Late Shift");
    expect(isInvisible("\u200b\u200d ")).toBe(true);
    expect(isInvisible("a\u200b")).toBe(false);
  });

  test("events, blackouts, songs, setlists and payments refuse them under the field and save nothing; the money API refuses fields it does not know", async () => {
    const w = await world();
    const id = String(w.band.id);
    const event = (title: string, extra: Record<string, unknown> = {}) =>
      post(bandEvents.action, `/api/bands/${id}/events`, { id }, { title, kind: "gig", date: "2027-03-01", startTime: "19:00", ...extra }, w.cookie);
    expect((await event("A\u0000B")).body.errors).toEqual({ title: ["Title can only hold characters you can type"] });
    expect((await event("Bad\uFFFD\uFFFDUTF")).body.errors).toEqual({ title: ["Title can only hold characters you can type"] });
    expect((await event("\u200b\u200d")).body.errors).toEqual({ title: ["Give the event a title"] });
    expect((await event("Gig", { notes: "line one\nline two", venueName: "Bar\u0007" })).body.errors).toEqual({ venueName: ["Venue can only hold characters you can type"] });
    expect(await db.event.count({ where: { bandId: w.band.id } })).toBe(0);
    expect((await event("Gig", { notes: "line one\nline two" })).status).toBe(201);

    const blackout = await post(blackouts.action, "/api/blackouts", {}, { startDate: "2027-05-05", reason: "\u0000\u0007" }, w.cookie);
    expect(blackout.status).toBe(400);
    expect(blackout.body.errors).toEqual({ reason: ["The reason can only hold characters you can type"] });

    const song = (json: Record<string, unknown>) => post(bandSongs.action, `/api/bands/${id}/songs`, { id }, json, w.cookie);
    expect((await song({ title: "a\u0000b" })).body.errors).toEqual({ title: ["Title can only hold characters you can type"] });
    expect((await song({ title: "Two\nlines" })).body.errors).toEqual({ title: ["Title can only hold characters you can type"] });
    // A tag holding the form's separator would come back from the form as two tags.
    expect((await song({ title: "Tagged", tags: ["rock, pop"] })).body.errors).toEqual({ tags: ["A tag can't hold a comma or a semicolon: they separate tags"] });
    expect(await db.song.count({ where: { bandId: w.band.id } })).toBe(0);

    const setlist = (json: Record<string, unknown>) => post(bandSetlists.action, `/api/bands/${id}/setlists`, { id }, json, w.cookie);
    expect((await setlist({ name: "\u200b" })).body.errors).toEqual({ name: ["Give the setlist a name"] });
    expect((await setlist({ name: "a\u0000b" })).body.errors).toEqual({ name: ["The name can only hold characters you can type"] });
    // A misspelt field of a new setlist is refused, not dropped; the API's own units in its messages.
    expect((await setlist({ name: "Fall", targetSetMinutes: 45 })).status).toBe(400);
    expect((await setlist({ name: "Fall", targetSetSeconds: 59.5 })).body.errors).toEqual({
      targetSetSeconds: ["targetSetSeconds must be a whole number of seconds from 60 to 14400 (1 to 240 minutes)"],
    });
    expect(await db.setlist.count({ where: { bandId: w.band.id } })).toBe(0);

    const pay = (json: Record<string, unknown>) => post(payments.action, `/api/bands/${id}/payments`, { id }, { category: "other", amount: "1", method: "cash", date: "2026-11-20", ...json }, w.cookie);
    expect((await pay({ description: "a\u0000b" })).body.errors).toEqual({ description: ["The description can only hold characters you can type"] });
    // A misspelt field is refused, not dropped (the money would be recorded as received by the band).
    expect((await pay({ recievedBy: w.leader.id })).status).toBe(400);
    // Messages a person can act on, not zod's.
    expect((await pay({ eventId: "abc" })).body.errors).toEqual({ eventId: ["Choose one of the band’s events"] });
    expect((await pay({ amount: true })).body.errors).toEqual({ amount: ['Must be text, like "12.50"'] });
    expect(await db.ledgerEntry.count({ where: { bandId: w.band.id } })).toBe(0);
  });

  test("a setlist read from the API saves back as it was, with a song since deleted from the library", async () => {
    const w = await world();
    const id = String(w.band.id);
    const songs = await Promise.all(["One", "Two"].map((title) => db.song.create({ data: { bandId: w.band.id, title }, select: { id: true } })));
    const created = await post(bandSetlists.action, `/api/bands/${id}/setlists`, { id }, { name: "Fall" }, w.cookie);
    const setlistId = String(created.body.id);
    type Read = { version: number; sets: { id: number; name: string; items: { id: number; type: string; songId: number | null }[] }[] };
    const read = async () => (await (await callRoute(setlistApi.loader, buildRequest(`/api/setlists/${setlistId}`, { cookie: w.cookie }), { id: setlistId })).json()) as Read;
    const first = await read();
    const items = songs.map((song) => ({ type: "song", songId: song.id }));
    expect((await post(setlistApi.action, `/api/setlists/${setlistId}`, { id: setlistId }, { version: first.version, sets: [{ id: first.sets[0]!.id, name: "Set 1", items }] }, w.cookie, "PUT")).status).toBe(200);
    expect((await post(songApi.action, `/api/songs/${songs[0]!.id}`, { id: String(songs[0]!.id) }, undefined, w.cookie, "DELETE")).status).toBe(204);

    const withGap = await read();
    expect(withGap.sets[0]!.items.map((item) => item.songId)).toEqual([null, songs[1]!.id]);
    // Back as it came, read-only fields and all, renamed.
    const saved = await post(setlistApi.action, `/api/setlists/${setlistId}`, { id: setlistId }, { ...withGap, name: "Fall tour" }, w.cookie, "PUT");
    expect(saved.status).toBe(200);
    expect((await read()).sets[0]!.items.map((item) => [item.type, item.songId])).toEqual([["song", null], ["song", songs[1]!.id]]);
    // A new song item still needs its song.
    const bad = await post(setlistApi.action, `/api/setlists/${setlistId}`, { id: setlistId }, { version: saved.body.version, sets: [{ name: "Set 1", items: [{ type: "song" }] }] }, w.cookie, "PUT");
    expect(bad.status).toBe(400);
    expect(Object.values(bad.body.errors ?? {})).toEqual([["Choose a song from the band’s library"]]);
  });
});
