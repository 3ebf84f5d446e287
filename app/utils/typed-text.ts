/**
 * Text a person typed, told apart from what nobody types: control characters (a NUL, a
 * bell; a line break too where the field is one line), lone surrogates and the
 * replacement character of bytes that were not UTF-8, which arrive
 * only through /api or a crafted form and then break CSV cells, .ics lines and PDFs; and
 * text of invisible characters alone (a zero-width space), which reads as empty. Zod-free:
 * the server's schemas use it, and nothing here reaches the browser by itself.
 */

// One line: Unicode's own line and paragraph separators (U+2028, U+2029) break it too,
// and so do the bidirectional embeddings, overrides and isolates (U+202A–U+202E,
// U+2066–U+2069), which reorder the text after them, so that a name can show as
// someone else's (an override makes "Tom\u202Eydna" read "Tomandy"). The marks a
// right-to-left writer does type (U+200E, U+200F) stay.
// U+FFFD, the replacement character, is what a decoder writes for bytes that are not
// UTF-8 (a crafted form or JSON body): the text was not sent as text, and would carry "�"
// into mail subjects and PDFs.
// eslint-disable-next-line no-control-regex -- control characters are what this finds
const CONTROL_ONE_LINE = /[\u0000-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069\uFFFD]|\p{Cs}/u;
// eslint-disable-next-line no-control-regex -- the same, with tab and line ends allowed
const CONTROL_MULTILINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFD]|\p{Cs}/u;

/** True when `value` holds a character nobody types into this kind of field. */
export function hasUntypeable(value: string, { multiline = false } = {}) {
  return (multiline ? CONTROL_MULTILINE : CONTROL_ONE_LINE).test(value);
}

/** A search as typed: each character nobody types (a NUL from `?q=%00`) read as a space, so it is neither searched for nor shown back. */
export function typeableSearch(value: string) {
  return value.replace(new RegExp(CONTROL_ONE_LINE.source, "gu"), " ");
}

/** True when `value` has nothing visible: only spaces, control and format characters. */
export function isInvisible(value: string) {
  return !/[^\p{Cc}\p{Cf}\s]/u.test(value);
}

/** An optional text as saved: blank, or invisible characters alone (a zero-width space), is `none`. */
export function visibleOr<None>(value: string | null | undefined, none: None): string | None {
  return value && !isInvisible(value) ? value : none;
}

/** The message for a field holding what nobody types. */
export const untypeableMessage = (label: string) => `${label} can only hold characters you can type`;

/**
 * A text field's type error: `missing` when it was not sent (or sent as null), "… must
 * be text" when it came as a number, a list or an object (JSON clients), instead of
 * telling them it is missing.
 */
export const textTypeError = (missing: string, label: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? missing : `${label} must be text`;
