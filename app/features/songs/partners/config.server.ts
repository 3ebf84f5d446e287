/**
 * Where the metadata partners live and how long we wait for them. The base URLs can be
 * pointed elsewhere (the e2e server points them at a local stand-in, see
 * tests/e2e/partner-stand-in.ts); production uses the defaults.
 */
export function partnerConfig() {
  return {
    musicbrainzBaseUrl: (process.env.MUSICBRAINZ_BASE_URL || "https://musicbrainz.org/ws/2").replace(/\/$/, ""),
    deezerBaseUrl: (process.env.DEEZER_BASE_URL || "https://api.deezer.com").replace(/\/$/, ""),
    /** About 3 s per call: a slow partner must not hold the song form up. */
    timeoutMs: Number(process.env.PARTNER_TIMEOUT_MS) > 0 ? Number(process.env.PARTNER_TIMEOUT_MS) : 3000,
  };
}

/** MusicBrainz asks every client to name itself and give a contact. */
export const USER_AGENT = "Bandroom/1.0 ( https://bandroom.app ; support@bandroom.app )";

/** A day: song metadata hardly changes, and a repeated look-up should cost the partners nothing. */
export const CACHE_TTL_MS = 24 * 60 * 60 * 1000;
