/**
 * scripts/patches/@remix-run+router*.patch (applied by `npm install`'s postinstall):
 * the CommonJS build of @remix-run/router, the one the server loads, caches each route
 * array's flattened, ranked branches and each pattern's RegExp. It must match exactly as
 * the unpatched ES module build does (the browser's), and the cache must be in place:
 * without it every request flattens and ranks all ~150 routes several times (issue 11).
 */
import { createRequire } from "node:module";
import { describe, expect, test } from "vitest";
import type * as Router from "@remix-run/router";
import * as esmBuild from "../../node_modules/@remix-run/router/dist/router.js";

const unpatched = esmBuild as unknown as typeof Router;
const patched = createRequire(import.meta.url)("@remix-run/router") as typeof Router;

type Route = Router.AgnosticRouteObject & { id: string };

/** Shaped like the app's table: pathless layouts, index routes, params, optional segments, splats, escaped dots. */
const routes = (): Route[] => [
  {
    id: "root",
    path: "",
    children: [
      { id: "index", index: true },
      {
        id: "app-layout",
        children: [
          { id: "dashboard", path: "dashboard" },
          { id: "members", path: "members" },
          { id: "calendar", path: "calendar" },
          { id: "availability", path: "calendar/availability" },
          { id: "download", path: "calendar/download.ics" },
          { id: "event", path: "events/:id" },
          { id: "event-edit", path: "events/:id/edit" },
          { id: "setlists", path: "setlists", children: [{ id: "setlists-index", index: true }, { id: "setlist", path: ":id" }] },
          { id: "band-songs", path: "bands/:bandId/songs" },
          { id: "admin-splat", path: "admin/*" },
          { id: "admin-index", path: "admin" },
          { id: "lang", path: ":lang?/guides" },
          { id: "Case", path: "Case-Only", caseSensitive: true },
        ],
      },
      { id: "auth-layout", children: [{ id: "login", path: "login" }, { id: "signup", path: "signup" }] },
      { id: "api-event", path: "api/events/:id" },
      { id: "api-rsvp", path: "api/events/:id/rsvp" },
      { id: "splat", path: "*" },
    ],
  },
];

const PATHS = [
  "/", "/dashboard", "/members/", "/calendar", "/calendar/availability", "/calendar/download.ics", "/calendar/downloadxics",
  "/events/42", "/events/42/edit", "/events/caf%C3%A9", "/setlists", "/setlists/7", "/bands/3/songs", "/admin", "/admin/users/9",
  "/guides", "/de/guides", "/case-only", "/Case-Only", "/login", "/api/events/5/rsvp", "/nowhere/at/all",
];

const shape = (matches: ReturnType<typeof unpatched.matchRoutes>) => matches?.map((m) => ({ id: m.route.id, params: m.params, pathname: m.pathname, base: m.pathnameBase })) ?? null;

describe("the server's route matching patch", () => {
  test("matches every path exactly as the unpatched router does, on the first call and on later ones", () => {
    const table = routes();
    const reference = routes();
    for (let round = 0; round < 3; round++) {
      for (const path of PATHS) expect(shape(patched.matchRoutes(table, path)), path).toEqual(shape(unpatched.matchRoutes(reference, path)));
    }
    for (const [pattern, path] of [["/events/:id", "/events/1"], ["/events/:id", "/events/2/"], ["/a/*", "/a/b/c"], ["/X", "/x"]] as const) {
      for (let round = 0; round < 2; round++) expect(patched.matchPath(pattern, path), `${pattern} ${path}`).toEqual(unpatched.matchPath(pattern, path));
    }
  });

  test("is applied: a route array's branches are worked out once and reused", () => {
    const table = routes();
    expect(patched.matchRoutes(table, "/brand-new")?.at(-1)?.route.id).toBe("splat");
    // A route added to an array already matched is not seen: the branches come from the cache.
    // (Nothing on the server adds routes; this is only how the test sees the cache.)
    table[0]!.children!.push({ id: "brand-new", path: "brand-new" });
    expect(patched.matchRoutes(table, "/brand-new")?.at(-1)?.route.id).toBe("splat");
    expect(unpatched.matchRoutes(table, "/brand-new")?.at(-1)?.route.id).toBe("brand-new");
    // A new array is worked out afresh.
    expect(patched.matchRoutes([...table], "/brand-new")?.at(-1)?.route.id).toBe("brand-new");
  });
});
