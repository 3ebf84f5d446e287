/** Song durations are whole seconds, entered and shown as m:ss. Client-safe. */
export function formatDuration(seconds: number | null | undefined) {
  if (seconds === null || seconds === undefined) return "";
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** "3:45" → 225; anything else (including "3:75" and "225") → null. */
export function parseDuration(text: string): number | null {
  const match = /^(\d{1,3}):([0-5]\d)$/.exec(text.trim());
  if (!match) return null;
  const seconds = Number(match[1]) * 60 + Number(match[2]);
  return seconds > 0 ? seconds : null;
}

/** Several songs' total, as h:mm:ss past the hour. */
export function formatTotal(seconds: number) {
  const hours = Math.floor(seconds / 3600);
  return hours ? `${hours}:${formatDuration(seconds % 3600).padStart(5, "0")}` : formatDuration(seconds);
}

/**
 * A set's or a show's length, saying what it leaves out: songs with no length stored add
 * nothing to it, so "0:00" for three such songs would read as an empty set.
 */
export function formatSetLength(seconds: number, unknownSongs: number, qualifier = "") {
  const total = `${formatTotal(seconds) || "0:00"}${qualifier}`;
  if (!unknownSongs) return total;
  if (!seconds) return "length unknown";
  return `${total} + ${unknownSongs === 1 ? "1 song" : `${unknownSongs} songs`} of unknown length`;
}
