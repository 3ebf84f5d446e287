/// <reference types="vite/client" />
/**
 * Walks every route the app has, found from the Remix route config (not a hand list), as
 * each kind of caller, and checks the answer its row in authorization-matrix.ts expects.
 * A new route module fails here until its row is added; see README "Authorization".
 */
import { beforeAll, describe, expect, test } from "vitest";
import { defineRoutes } from "@remix-run/dev/dist/config/routes.js";
import remixConfig from "../../remix.config.js";
import { callRoute, routeArgs } from "#tests/db-utils";
import { MATRIX, MUTATIONS, type Body, type BodySpec, type Expectation, type Method, type Outcome, type Row } from "./authorization-matrix";
import { ACTORS, buildWorld, requestAs, SECRETS, WORLD_REFS, type Actor, type Param, type World } from "./authorization-world";

type RouteFunction = Parameters<typeof callRoute>[0];
type RouteModule = { loader?: RouteFunction; action?: RouteFunction; default?: unknown };

const MATRIX_FILE = "tests/integration/authorization-matrix.ts";

// Every module the route config can point at, loaded on demand.
const modules: Record<string, () => Promise<RouteModule>> = {
  ...import.meta.glob<RouteModule>(["../../app/routes/**/*.{ts,tsx,js,jsx}", "!**/*.test.{ts,tsx,js,jsx}"]),
  ...import.meta.glob<RouteModule>("../../app/root.tsx"),
};

type Route = { key: string; file: string; path: string; load: () => Promise<RouteModule> };

/** The routes exactly as the app builds them (remix.config.js with remix-flat-routes), plus the root. */
async function readRoutes(): Promise<Route[]> {
  const manifest = await remixConfig.routes!(defineRoutes);
  const fullPath = (id: string | undefined): string => {
    const entry = id ? manifest[id] : undefined;
    if (!entry) return "";
    return [fullPath(entry.parentId), entry.path ?? ""].filter(Boolean).join("/");
  };
  const entries = [{ id: "root", file: "root.tsx" }, ...Object.values(manifest)];
  return entries.map(({ id, file }) => {
    const load = modules[`../../app/${file}`];
    if (!load) throw new Error(`The route config names app/${file}, which the test could not load`);
    return { key: id.replace(/^routes\//, ""), file: `app/${file}`, path: `/${id === "root" ? "" : fullPath(id)}`, load };
  });
}

const routes = await readRoutes();

let world: World;
beforeAll(async () => {
  world = await buildWorld();
});

async function resolveParam(param: Param, actor: Actor) {
  if (typeof param === "function") return param(world, actor);
  if (!(WORLD_REFS as readonly string[]).includes(param)) throw new Error(`Unknown world id "${param}"`);
  return world.ids[param];
}

/** The URL for a route: its path with each param filled as the row says, or a reason it cannot be built. */
async function urlFor(route: Route, row: Row, actor: Actor): Promise<{ url: string; params: Record<string, string> } | { error: string }> {
  const params: Record<string, string> = {};
  const segments: string[] = [];
  for (const segment of route.path.split("/").filter(Boolean)) {
    const name = segment === "*" ? "*" : segment.startsWith(":") ? segment.slice(1).replace(/\?$/, "") : null;
    if (name === null) {
      segments.push(segment);
      continue;
    }
    const param = row.params?.[name];
    if (param === undefined) {
      if (segment.endsWith("?")) continue;
      return { error: `its path ${route.path} has "${segment}": add params: { "${name}": … } to the row` };
    }
    params[name] = await resolveParam(param, actor);
    segments.push(name === "*" ? params[name] : encodeURIComponent(params[name]));
  }
  const query = new URLSearchParams();
  for (const [name, param] of Object.entries(row.query ?? {})) query.set(name, await resolveParam(param, actor));
  const search = query.size ? `?${query}` : "";
  return { url: `/${segments.join("/")}${search}`, params };
}

function describeResponse(response: Response) {
  const location = response.headers.get("location");
  return location ? `${response.status} → ${location}` : String(response.status);
}

function describeOutcome(outcome: Outcome) {
  return typeof outcome === "string" ? outcome : `redirect to ${outcome.redirect}`;
}

/** Why `response` is not `outcome`, or null when it is. */
async function mismatch(outcome: Outcome, response: Response, url: string): Promise<string | null> {
  const { status } = response;
  const location = response.headers.get("location");
  const isRedirect = status >= 300 && status < 400;
  const text = await response.clone().text();
  const leaked = (names: readonly string[]) => names.filter((name) => text.includes(name));
  const isApi = new URL(url, "http://localhost").pathname.startsWith("/api/");

  if (typeof outcome === "object") {
    const matches = typeof outcome.redirect === "string" ? location === outcome.redirect : outcome.redirect.test(location ?? "");
    return isRedirect && matches ? null : "a different answer";
  }
  switch (outcome) {
    case "allow":
      if (status >= 200 && status < 300) return null;
      return isRedirect && !/^\/(api\/)?login\b/.test(location ?? "") ? null : "not allowed";
    case "booked": {
      if (status !== 200) return "not a page";
      const seen = leaked(SECRETS.content);
      return seen.length ? `shows unbooked content: ${seen.join(", ")}` : null;
    }
    case "own":
    case "notFound": {
      if (outcome === "own" && status !== 200) return "not their own band's page";
      if (outcome === "notFound" && status !== 404) return "not a 404";
      const seen = leaked([SECRETS.band, ...SECRETS.content]);
      return seen.length ? `leaks the band under test: ${seen.join(", ")}` : null;
    }
    case "login":
      if (isApi) return status === 401 ? null : "not a 401";
      return isRedirect && location === `/api/login?${new URLSearchParams({ redirectTo: url })}` ? null : "not sent to sign in";
    case "forbidden":
      return status === 403 ? null : "not a 403";
    case "bodyError":
      return status === 400 ? null : "not a 400";
    case "methodNotAllowed":
      return status === 405 ? null : "not a 405";
    case "paymentRequired":
      return status === 402 ? null : "not a 402";
  }
}

async function bodyFor(route: Route, body: BodySpec | undefined, actor: Actor): Promise<Body> {
  const resolved = typeof body === "function" ? await body(world, actor) : body;
  return resolved ?? (route.path.startsWith("/api/") ? { json: {} } : { form: {} });
}

type Case = { label: string; method: Method; body?: BodySpec; expect: Expectation; params?: Row["params"]; currentBand?: Param };

function casesOf(row: Row): Case[] {
  const cases: Case[] = [];
  if (row.GET) cases.push({ label: "GET", method: "GET", expect: row.GET });
  for (const method of MUTATIONS) {
    const expected = row[method];
    if (expected) cases.push({ label: method, method, body: row.body?.[method], expect: expected });
  }
  for (const extra of row.cases ?? []) cases.push({ label: `${extra.method} ${extra.label}`, method: extra.method, body: extra.body, expect: extra.expect, params: extra.params, currentBand: extra.currentBand });
  return cases;
}

/** Calls the route as `actor`; the answer, or what went wrong, to report. */
async function call(route: Route, module: RouteModule, row: Row, testCase: Case, actor: Actor): Promise<{ url: string; response: Response } | { error: string }> {
  const fn = testCase.method === "GET" ? module.loader : module.action;
  if (!fn) return { error: `${testCase.method} has no ${testCase.method === "GET" ? "loader" : "action"} to call` };
  let url = route.path;
  try {
    const target = await urlFor(route, testCase.params ? { ...row, params: { ...row.params, ...testCase.params } } : row, actor);
    if ("error" in target) return { error: target.error };
    url = target.url;
    const body = testCase.method === "GET" ? undefined : await bodyFor(route, testCase.body, actor);
    const options = body && "form" in body ? { form: body.form } : body && "json" in body ? { json: body.json } : {};
    const currentBand = testCase.currentBand ? await resolveParam(testCase.currentBand, actor) : undefined;
    const request = requestAs(actor, url, { method: testCase.method, cookie: await world.cookie(actor, currentBand), ...options });
    // A module without a page is a resource route: it must answer every caller with a Response.
    return { url, response: await callRoute(fn, request, target.params, { resource: !module.default }) };
  } catch (error) {
    return { error: `${url} failed: ${error instanceof Error ? error.message : String(error)}` };
  }
}

describe("authorization matrix covers the app", () => {
  test("every route module has a row, and every row a route module", () => {
    const keys = new Set(routes.map((route) => route.key));
    const missing = routes.filter((route) => !MATRIX[route.key]).map((route) => `${route.file} (${route.path}) has no row "${route.key}" in ${MATRIX_FILE}`);
    const stale = Object.keys(MATRIX)
      .filter((key) => !keys.has(key))
      .map((key) => `${MATRIX_FILE} has a row "${key}" but no route module app/routes/${key}.* exists`);
    expect([...missing, ...stale]).toEqual([]);
  });

  test.each(routes.filter((route) => route.path.startsWith("/api/")))("$file answers every method with a Response (apiRoute)", async (route) => {
    const module = await route.load();
    const problems: string[] = [];
    for (const [name, fn] of Object.entries({ loader: module.loader, action: module.action })) {
      if (!fn) continue;
      for (const method of name === "loader" ? ["GET"] : MUTATIONS) {
        for (const actor of ["anonymous", "leader"] as const) {
          const request = requestAs(actor, route.path.replace(/:[^/]+/g, "1"), { method, cookie: await world.cookie(actor) });
          const result = await Promise.resolve()
            .then(() => fn(routeArgs(request, {})))
            .then(
              (value) => (value instanceof Response ? null : "returned something that is not a Response"),
              () => "threw instead of answering",
            );
          if (result) problems.push(`${method} as ${actor}: ${result}; wrap the ${name} in apiRoute()`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

describe("every route answers each caller as the permission table says", () => {
  test.each(routes)("$file", async (route) => {
    const row = MATRIX[route.key];
    if (!row) throw new Error(`${route.file} (${route.path}) has no row "${route.key}" in ${MATRIX_FILE}: add one saying what each caller gets`);
    const module = await route.load();
    const problems: string[] = [];

    // The row must describe every server entry point the module has, and no other.
    const mutations = MUTATIONS.filter((method) => row[method] || row.cases?.some((c) => c.method === method));
    if (module.loader && !row.GET) problems.push("it exports a loader: add GET to its row");
    if (!module.loader && row.GET) problems.push("its row has GET but the module exports no loader");
    if (module.action && mutations.length === 0) problems.push("it exports an action: add the methods it handles (POST, PATCH, DELETE…) to its row");
    if (!module.action && mutations.length > 0) problems.push(`its row has ${mutations.join(", ")} but the module exports no action`);

    for (const testCase of casesOf(row)) {
      for (const actor of ACTORS) {
        const expected = testCase.expect[actor];
        const result = await call(route, module, row, testCase, actor);
        if ("error" in result) {
          problems.push(`${testCase.label} as ${actor}: ${result.error}`);
          continue;
        }
        const why = await mismatch(expected, result.response, result.url);
        if (why) problems.push(`${testCase.label} ${result.url} as ${actor}: expected ${describeOutcome(expected)}, got ${describeResponse(result.response)} (${why})`);
      }
    }

    // An /api action answers 405 to the methods its row does not list.
    if (route.path.startsWith("/api/") && module.action) {
      for (const method of MUTATIONS.filter((m) => !mutations.includes(m))) {
        const target = await urlFor(route, row, "leader");
        if ("error" in target) break;
        const request = requestAs("leader", target.url, { method, cookie: await world.cookie("leader"), json: {} });
        const response = await callRoute(module.action, request, target.params);
        if (response.status !== 405) problems.push(`${method} ${target.url} as leader: expected 405 for a method its row does not list, got ${describeResponse(response)}`);
      }
    }

    expect(problems, `${route.file} (${route.path})`).toEqual([]);
  });
});
