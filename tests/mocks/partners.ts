import { delay, http, HttpResponse } from "msw";
import deezerSearch from "./fixtures/deezer-search.json" with { type: "json" };
import deezerTrack from "./fixtures/deezer-track.json" with { type: "json" };
import mbSearch from "./fixtures/musicbrainz-recording-search.json" with { type: "json" };

/**
 * The metadata partners as msw handlers, shaped like their documented answers:
 * MusicBrainz's recording search (https://musicbrainz.org/doc/MusicBrainz_API/Search)
 * and Deezer's search and track objects (https://developers.deezer.com/api), with each
 * failure mode they have: errors, slow answers, rate limiting (MusicBrainz 503/429,
 * Deezer's quota error inside a 200), garbage and empty results.
 */

export const MUSICBRAINZ = "https://musicbrainz.org/ws/2";
export const DEEZER = "https://api.deezer.com";

export const fixtures = { mbSearch, deezerSearch, deezerTrack };

export type PartnerBehaviour = "ok" | "empty" | "error" | "slow" | "busy429" | "busy503" | "garbage" | "unreachable" | "quota";

/** What the handlers saw, to assert User-Agent and how often a partner was asked. */
export const partnerCalls: { url: URL; userAgent: string | null }[] = [];

function record(request: Request) {
  partnerCalls.push({ url: new URL(request.url), userAgent: request.headers.get("user-agent") });
}

async function failure(behaviour: PartnerBehaviour) {
  switch (behaviour) {
    case "error":
      return HttpResponse.json({ error: "Internal server error" }, { status: 500 });
    case "slow":
      await delay(10_000);
      return HttpResponse.json({});
    case "busy429":
      return HttpResponse.json({ error: "Too many requests" }, { status: 429 });
    case "busy503":
      return HttpResponse.json({ error: "Your requests are exceeding the allowable rate limit. Please see http://wiki.musicbrainz.org/XMLWebService for more information." }, { status: 503 });
    case "garbage":
      return new HttpResponse("<html><body>Gateway</body></html>", { status: 200, headers: { "Content-Type": "text/html" } });
    case "unreachable":
      return HttpResponse.error();
    default:
      return null;
  }
}

export function musicbrainzHandlers(behaviour: PartnerBehaviour = "ok", base = MUSICBRAINZ) {
  return [
    http.get(`${base}/recording`, async ({ request }) => {
      record(request);
      const failed = await failure(behaviour);
      if (failed) return failed;
      if (behaviour === "empty") return HttpResponse.json({ created: "2026-11-20T10:00:00.000Z", count: 0, offset: 0, recordings: [] });
      return HttpResponse.json(mbSearch);
    }),
  ];
}

export function deezerHandlers(behaviour: PartnerBehaviour = "ok", base = DEEZER) {
  const noData = { error: { type: "DataException", message: "no data", code: 800 } };
  const quota = { error: { type: "Exception", message: "Quota limit exceeded", code: 4 } };
  const handle = (answer: () => unknown) => async ({ request }: { request: Request }) => {
    record(request);
    const failed = await failure(behaviour);
    if (failed) return failed;
    if (behaviour === "quota") return HttpResponse.json(quota);
    return HttpResponse.json(answer() as Record<string, unknown>);
  };
  return [
    http.get(`${base}/search`, handle(() => (behaviour === "empty" ? { data: [], total: 0 } : deezerSearch))),
    http.get(`${base}/track/:id`, ({ params, ...rest }) => {
      const id = String(params.id);
      return handle(() => {
        if (behaviour === "empty") return noData;
        if (id === String(deezerTrack.id) || id === `isrc:${deezerTrack.isrc}`) return deezerTrack;
        return noData;
      })(rest);
    }),
  ];
}

export function partnerHandlers(musicbrainz: PartnerBehaviour = "ok", deezer: PartnerBehaviour = musicbrainz) {
  return [...musicbrainzHandlers(musicbrainz), ...deezerHandlers(deezer)];
}
