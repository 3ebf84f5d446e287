/**
 * A local stand-in for the metadata partners for the end-to-end server, which runs the
 * built app in its own process where msw cannot reach: a tiny HTTP server answering
 * MusicBrainz's recording search under /musicbrainz and Deezer's search and track
 * lookups under /deezer with the same fixtures the msw handlers use (tests/mocks/
 * fixtures/). The app is pointed at it with MUSICBRAINZ_BASE_URL and DEEZER_BASE_URL.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import deezerSearch from "./fixtures/deezer-search.json" with { type: "json" };
import deezerTrack from "./fixtures/deezer-track.json" with { type: "json" };
import mbSearch from "./fixtures/musicbrainz-recording-search.json" with { type: "json" };

const NO_DATA = { error: { type: "DataException", message: "no data", code: 800 } };

function answer(url: URL): { status: number; body: unknown } {
  if (url.pathname === "/musicbrainz/recording") return { status: 200, body: mbSearch };
  if (url.pathname === "/deezer/search") return { status: 200, body: deezerSearch };
  const track = /^\/deezer\/track\/([^/]+)$/.exec(url.pathname);
  if (track) {
    const id = decodeURIComponent(track[1]!);
    return { status: 200, body: id === String(deezerTrack.id) || id === `isrc:${deezerTrack.isrc}` ? deezerTrack : NO_DATA };
  }
  return { status: 404, body: { error: "Not found" } };
}

/** Starts the stand-in on a free loopback port; resolves with the base URLs to give the app. */
export async function startPartnerStandIn() {
  const server = http.createServer((request, response) => {
    const { status, body } = answer(new URL(request.url ?? "/", "http://localhost"));
    response.writeHead(status, { "Content-Type": "application/json; charset=utf-8" });
    response.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    env: { MUSICBRAINZ_BASE_URL: `${base}/musicbrainz`, DEEZER_BASE_URL: `${base}/deezer` },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
