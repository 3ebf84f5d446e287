import type { LoaderFunctionArgs } from "@remix-run/node";
import { feedIcs } from "~/features/calendar-feeds/feeds.server";
import { methodNotAllowed, resourceRoute } from "~/utils/api.server";

/**
 * GET /feeds/{token}.ics: a person's private calendar subscription. A route segment is
 * one param, so the ".ics" calendar apps like to see is part of it and taken off here.
 * An unknown or revoked token, or an address without ".ics", is 404.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const segment = params.token ?? "";
  const body = segment.endsWith(".ics") ? await feedIcs(segment.slice(0, -4)) : null;
  if (!body) return new Response("Calendar feed not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(body, { headers: { "Content-Type": "text/calendar; charset=utf-8", "Cache-Control": "private, max-age=300", "X-Robots-Tag": "noindex" } });
}

/** A download or feed: GET only (a POST gets 405 with the methods it takes, not Remix's "Unexpected Server Error"). */
export const action = resourceRoute(() => methodNotAllowed(["GET", "HEAD"]));
