/** What the song form shows of a partner look-up (client-safe; built by partners/lookup.server.ts). */
export type SuggestionField = "title" | "artist" | "duration" | "tempo" | "musicbrainzId" | "isrc";

export type Suggestion = { field: SuggestionField; label: string; value: string; display: string; source: string };

export type PartnerStatus = { partner: string; state: "found" | "empty" | "failed" | "skipped"; message: string };

export type LookupView = { suggestions: Suggestion[]; partners: PartnerStatus[] };
