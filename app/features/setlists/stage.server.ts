import { data } from "@remix-run/node";
import type { BandAccess } from "~/features/bands/access.server";
import { formatDuration } from "~/features/songs/format";
import { keyLabel } from "~/features/songs/keys";
import { setlistAccess } from "./editor.server";
import { getSetlist, SETLIST_NOT_FOUND } from "./setlists.server";
import { clampAt } from "./stage";

/**
 * Stage mode (/setlists/{id}/stage): the setlist as one run of cues, songs and breaks in
 * show order, each carrying its set's name so set changes show. `at` is the 1-based cue on
 * screen; anything that is not a whole number in range lands on the nearest cue (a
 * missing or unreadable one on the first), so an old link never fails on stage.
 * Same visibility as the setlist itself: null for another band's, an unknown id, or for a
 * sub a setlist of no gig they are booked on.
 */
export type StageCue = {
  set: string;
  /** This cue opens its set (the set's name is shown as a heading). */
  setStart: boolean;
  isBreak: boolean;
  title: string;
  artist: string | null;
  key: string;
  tempo: number | null;
  length: string;
  note: string | null;
};

export async function stageView(access: BandAccess, setlistId: number, atParam: string | null) {
  const setlist = await getSetlist(access, setlistId);
  if (!setlist) return null;
  const cues: StageCue[] = [];
  for (const set of setlist.sets) {
    for (const [index, item] of set.items.entries()) {
      cues.push({
        set: set.name,
        setStart: index === 0,
        isBreak: item.isBreak,
        title: item.isBreak ? "Break" : (item.song?.title ?? "(song removed from the library)"),
        artist: item.isBreak ? null : (item.song?.artist ?? null),
        key: item.isBreak ? "" : keyLabel(item.song?.key),
        tempo: item.isBreak ? null : (item.song?.tempo ?? null),
        length: formatDuration(item.isBreak ? item.breakSeconds : item.song?.durationSeconds),
        note: item.note,
      });
    }
  }
  return { setlist: { id: setlist.id, name: setlist.name, notes: setlist.notes }, cues, at: clampAt(atParam, cues.length) };
}

/**
 * The stage page's loader through the setlist's gate ("content:view"); 404 as for the
 * setlist. The route's one `.server` import (docs/decisions/0010).
 */
export async function stageLoader(request: Request, idParam: unknown) {
  const { id, access } = await setlistAccess(request, idParam, "content:view");
  const view = await stageView(access, id, new URL(request.url).searchParams.get("at"));
  if (!view) throw data({ message: SETLIST_NOT_FOUND }, { status: 404 });
  return view;
}
