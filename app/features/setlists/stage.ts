/** Stage mode's cue number, shared by the loader and the page (client-safe). */

/** The cue to show for ?at= (1-based): clamped into 1…count, 1 when unreadable or the setlist is empty. */
export function clampAt(atParam: string | null, count: number) {
  const parsed = /^\s*-?\d+\s*$/.test(atParam ?? "") ? Number(atParam) : 1;
  return Math.min(Math.max(parsed, 1), Math.max(count, 1));
}
