/** Member-field limits, shared by the schemas (server) and the forms (browser, without zod). */
export const INSTRUMENT_MAX_LENGTH = 40;
export const INSTRUMENTS_MAX = 8;
export const DISPLAY_NAME_MAX = 50;
/** How long an invitation link works. */
export const INVITATION_TTL_DAYS = 7;

/** Offered in a datalist; anything else may be typed. A typed "bass" is stored as "Bass". */
export const INSTRUMENT_SUGGESTIONS = [
  "Vocals",
  "Guitar",
  "Bass",
  "Drums",
  "Keys",
  "Saxophone",
  "Trumpet",
  "Violin",
  "Percussion",
  "DJ",
  "Sound engineer",
] as const;

/** Rows per page of the members list (?page=); a band of hundreds never renders at once. */
export const MEMBERS_PER_PAGE = 50;
