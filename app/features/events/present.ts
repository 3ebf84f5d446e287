import { ANSWER_LABELS } from "./answer-labels";

/** "gig" → "Gig", "sound_check" → "Sound check": kinds are stored as lower-case keys. */
export function eventKindLabel(kind: string) {
  const words = kind.trim().replace(/[_-]+/g, " ");
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : "Event";
}

/** Each kind's colour (text and background with enough contrast) and icon. */
export const KIND_STYLES: Record<string, { label: string; badge: string; dot: string }> = {
  gig: { label: "Gig", badge: "bg-rose-50 text-rose-800 ring-rose-300", dot: "bg-rose-600" },
  rehearsal: { label: "Rehearsal", badge: "bg-sky-50 text-sky-800 ring-sky-300", dot: "bg-sky-600" },
  meeting: { label: "Meeting", badge: "bg-amber-50 text-amber-900 ring-amber-300", dot: "bg-amber-600" },
  other: { label: "Other", badge: "bg-slate-100 text-slate-700 ring-slate-300", dot: "bg-slate-500" },
};

export function kindStyle(kind: string) {
  return KIND_STYLES[kind] ?? { ...KIND_STYLES.other!, label: eventKindLabel(kind) };
}

export { ANSWER_LABELS };

/** The viewer's answer as a mark on the month grid, where a whole label does not fit (the label is read out instead). */
export const ANSWER_MARKS: Record<string, { mark: string; className: string }> = {
  going: { mark: "✓", className: "text-green-700" },
  maybe: { mark: "?", className: "text-amber-700" },
  no: { mark: "✕", className: "text-red-700" },
  none: { mark: "•", className: "text-slate-500" },
};

export function answerLabel(answer: string | null | undefined) {
  return answer ? (ANSWER_LABELS[answer] ?? answer) : "No answer yet";
}

/** "4 of 5 going, 1 maybe, 1 no answer": the lineup's answers in one line. */
export function lineupSummary(answers: (string | null | undefined)[]) {
  if (!answers.length) return "Nobody booked yet";
  const count = (value: string | null) => answers.filter((answer) => (answer ?? null) === value).length;
  const parts = [`${count("going")} of ${answers.length} going`];
  if (count("maybe")) parts.push(`${count("maybe")} maybe`);
  if (count("no")) parts.push(`${count("no")} can't make it`);
  if (count(null)) parts.push(`${count(null)} no answer`);
  return parts.join(", ");
}

const PLAYERS: Record<string, string> = {
  drums: "drummer",
  bass: "bassist",
  guitar: "guitarist",
  keys: "keyboard player",
  vocals: "singer",
  saxophone: "saxophonist",
  trumpet: "trumpeter",
  violin: "violinist",
  percussion: "percussionist",
  dj: "DJ",
  "sound engineer": "sound engineer",
};

/** "no drummer yet": an instrument of the band nobody in the lineup plays, or only people who can't make it. */
export function missingPlayer(instrument: string) {
  return `No ${PLAYERS[instrument.toLowerCase()] ?? `${instrument.toLowerCase()} player`} yet`;
}

/**
 * Per instrument of the band: who is booked on it and their answers, or "No drummer
 * yet" when nobody booked on it is going or may go.
 */
export function instrumentCoverage(instruments: string[], lineup: { instrument: string | null; answer: string | null; name: string }[]) {
  return instruments.map((instrument) => {
    const players = lineup.filter((row) => row.instrument?.toLowerCase() === instrument.toLowerCase());
    const covered = players.some((row) => row.answer !== "no");
    return { instrument, players: players.map((p) => `${p.name} (${answerLabel(p.answer).toLowerCase()})`), missing: covered ? null : missingPlayer(instrument) };
  });
}

/** A map search link for an address (no API key, opens the person's map app on phones). */
export function mapLink(address: string) {
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`;
}
