/**
 * The event form's limits, without zod: the schemas in schema.server.ts check them on the
 * server, and the form (which ships to the browser) puts the same numbers on its inputs.
 */
export const MAX_OCCURRENCES = 200;
export const MAX_EVENT_DAYS = 366;
export const TITLE_MAX = 120;
export const TEXT_MAX = 120;
export const ADDRESS_MAX = 300;
export const NOTES_MAX = 2000;
export const INSTRUMENT_MAX = 40;
export const INTERVAL_MAX = 52;
