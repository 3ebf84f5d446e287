/// <reference types="vite/client" />
import { expect, test } from "vitest";
import { buildRequest, callRoute, createUser, sessionCookieFor } from "#tests/db-utils";
import { API_RATE_LIMIT } from "~/utils/api.server";
import { hit } from "~/utils/rate-limit.server";
import * as userRoute from "~/routes/api+/auth.user";

type RouteModule = { loader?: (args: never) => unknown; action?: (args: never) => unknown };

// Every /api module, so a new endpoint is covered the day it is added.
const modules = import.meta.glob<RouteModule>("../../app/routes/api+/*.ts", { eager: true });
// /api/login and /api/logout are browser redirects in the spec, not JSON endpoints.
const REDIRECT_ROUTES = new Set(["login.ts", "logout.ts"]);

function urlFor(file: string) {
  const name = file.split("/").pop()!.replace(/\.ts$/, "");
  return `/api/${name.replace(/\$id/g, "1").replace(/\./g, "/")}`;
}

test("the 301st request in a minute from one address gets 429 with RateLimit headers", async () => {
  const user = await createUser();
  const cookie = await sessionCookieFor(user.id);
  for (let i = 0; i < API_RATE_LIMIT.limit; i++) {
    const ok = await callRoute(userRoute.loader, buildRequest("/api/auth/user", { cookie, peer: "10.9.9.9" }));
    expect(ok.status).toBe(200);
  }
  const refused = await callRoute(userRoute.loader, buildRequest("/api/auth/user", { cookie, peer: "10.9.9.9" }));
  expect(refused.status).toBe(429);
  expect(refused.headers.get("RateLimit-Limit")).toBe("300");
  expect(refused.headers.get("RateLimit-Remaining")).toBe("0");
  expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
  expect(await refused.json()).toEqual({ message: "Too many requests. Please slow down and try again shortly." });

  // Another address is unaffected.
  const other = await callRoute(userRoute.loader, buildRequest("/api/auth/user", { cookie, peer: "10.9.9.10" }));
  expect(other.status).toBe(200);
});

test.each(Object.keys(modules).filter((file) => !REDIRECT_ROUTES.has(file.split("/").pop()!)))(
  "%s passes through the API rate limit",
  async (file) => {
    const route = modules[file]!;
    const peer = `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    for (let i = 0; i < API_RATE_LIMIT.limit; i++) hit(API_RATE_LIMIT, peer);
    for (const [method, fn] of [
      ["GET", route.loader],
      ["POST", route.action],
    ] as const) {
      if (!fn) continue;
      const response = await callRoute(fn as never, buildRequest(urlFor(file), { method, peer, json: method === "POST" ? {} : undefined }), { id: "1" });
      expect(response.status, `${method} ${urlFor(file)}`).toBe(429);
    }
  },
);
