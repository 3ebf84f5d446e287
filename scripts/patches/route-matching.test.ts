/**
 * scripts/patches/@remix-run+router*.patch (applied by `npm install`'s postinstall):
 * the CommonJS build of @remix-run/router, the one the server loads, caches each route
 * array's flattened, ranked branches and each pattern's RegExp. It must match exactly as
 * the unpatched ES module build does (the browser's), and the cache must be in place:
 * without it every request flattens and ranks all ~150 routes several times (issue 11).
 */
import { createRequire } from "node:module";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, test, vi } from "vitest";
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

  test("remembers each path's matches, and every caller gets copies it may change", () => {
    const table = routes();
    const first = patched.matchRoutes(table, "/events/42")!;
    expect(first.map((m) => m.params)).toEqual(first.map(() => ({ id: "42" })));
    // One params object for the whole branch, as the unpatched router gives.
    expect(new Set(first.map((m) => m.params)).size).toBe(1);
    (first[0]!.params as Record<string, string>).id = "changed";
    first.at(-1)!.pathname = "/changed";
    const again = patched.matchRoutes(table, "/events/42")!;
    expect(shape(again)).toEqual(shape(unpatched.matchRoutes(routes(), "/events/42")));
    expect(again[0]).not.toBe(first[0]);
    expect(patched.matchRoutes(table, "/events/43")!.at(-1)!.params).toEqual({ id: "43" });
    // A path that matches nothing is remembered too, and stays nothing.
    expect(patched.matchRoutes([{ id: "only", path: "only" }], "/other")).toBeNull();
  });
});

/**
 * scripts/patches/@remix-run+react*.patch and react-router-dom*.patch: Remix's RemixServer
 * rebuilt React's route tree from the manifest, and the static router converted it to data
 * routes, on every request: new arrays each time, so the router's cache above missed and
 * flattened all ~150 routes again. Both are now built once per build.
 */
describe("the server's route tree for React", () => {
  const require = createRequire(import.meta.url);
  const { Outlet } = require("react-router") as typeof import("react-router");
  const routeTree = require("../../node_modules/@remix-run/react/dist/routes.js") as { createServerRoutes: (...args: unknown[]) => unknown };
  const { RemixServer } = require("../../node_modules/@remix-run/react/dist/server.js") as typeof import("@remix-run/react");
  const { createStaticHandler, createStaticRouter } = require("react-router-dom/server.js") as typeof import("react-router-dom/server");

  const manifest = {
    routes: {
      root: { id: "root", path: "", hasLoader: false, module: "/root.js" },
      one: { id: "one", parentId: "root", path: "one", hasLoader: false, module: "/one.js" },
      two: { id: "two", parentId: "root", path: "two/:id", hasLoader: false, module: "/two.js" },
    },
    entry: { module: "/entry.js", imports: [] },
    url: "/manifest.js",
    version: "1",
  };
  const routeModules = {
    root: { default: () => createElement("main", null, createElement(Outlet)) },
    one: { default: () => createElement("p", null, "page one") },
    two: { default: () => createElement("p", null, "page two") },
  };
  const handler = createStaticHandler([{ id: "root", path: "", children: [{ id: "one", path: "one" }, { id: "two", path: "two/:id" }] }]);
  const future = {};

  async function render(url: string) {
    const staticHandlerContext = await handler.query(new Request(url));
    if (staticHandlerContext instanceof Response) throw new Error("unexpected response");
    // Remix makes a new routeModules object for every request (the same modules in it).
    const context = { manifest, routeModules: { ...routeModules }, staticHandlerContext, future, isSpaMode: false, serverHandoffString: "{}" };
    return renderToString(createElement(RemixServer as unknown as React.FC<{ context: object; url: string }>, { context, url }));
  }

  test("is built once and still renders each request's own page", async () => {
    const built = vi.spyOn(routeTree, "createServerRoutes");
    try {
      expect(await render("http://localhost/one")).toBe("<main><p>page one</p></main>");
      expect(await render("http://localhost/two/7")).toBe("<main><p>page two</p></main>");
      expect(await render("http://localhost/one")).toBe("<main><p>page one</p></main>");
      // Once for the first render (its children are built inside that call), then reused.
      expect(built.mock.calls.filter(([, , , , parentId]) => parentId === undefined)).toHaveLength(1);
      // Other modules (another build) make another tree.
      const other = { ...routeModules, one: { default: () => createElement("p", null, "page one, rebuilt") } };
      const staticHandlerContext = await handler.query(new Request("http://localhost/one"));
      if (staticHandlerContext instanceof Response) throw new Error("unexpected response");
      const context = { manifest, routeModules: other, staticHandlerContext, future, isSpaMode: false, serverHandoffString: "{}" };
      expect(renderToString(createElement(RemixServer as unknown as React.FC<{ context: object; url: string }>, { context, url: "http://localhost/one" }))).toBe("<main><p>page one, rebuilt</p></main>");
    } finally {
      built.mockRestore();
    }
  });

  test("the static router converts a route array once and keeps each request's matches", async () => {
    const tree = [{ id: "root", path: "", children: [{ id: "one", path: "one" }] }];
    const context = await createStaticHandler(tree).query(new Request("http://localhost/one"));
    if (context instanceof Response) throw new Error("unexpected response");
    const first = createStaticRouter(tree, context);
    const second = createStaticRouter(tree, context);
    expect(second.routes).toBe(first.routes);
    expect(second.state.matches.map((m) => m.route)).toEqual([first.routes[0], first.routes[0]!.children![0]]);
  });
});
