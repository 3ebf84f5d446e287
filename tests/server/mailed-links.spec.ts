/**
 * Links we mail (password reset, verification, invitation) are built from the configured
 * origin only: a request's Host or X-Forwarded-Host never reaches them, in the built server.
 */
import { expect, test } from "@playwright/test";
import { DEMO_EMAIL, DEMO_PASSWORD, outbox, send, startBuiltServer, startBuiltServerExpectingFailure, type BuiltServer } from "./built-server";

const HOSTILE = { host: "evil.example", "x-forwarded-host": "evil.example:8443", "x-forwarded-proto": "https" };

function links(server: BuiltServer) {
  return outbox(server).map((raw) => (JSON.parse(raw) as { link?: string }).link ?? "");
}

async function mailEveryKindOfLink(server: BuiltServer) {
  const json = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    send({ port: server.port, path, method: "POST", headers: { ...HOSTILE, "content-type": "application/json", ...headers }, body: JSON.stringify(body) });

  expect((await json("/api/auth/forgot-password", { email: DEMO_EMAIL })).status).toBe(200);
  const page = await send({
    port: server.port,
    path: "/login",
    method: "POST",
    headers: { ...HOSTILE, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "forgot", email: DEMO_EMAIL }).toString(),
  });
  expect(page.status).toBeLessThan(500);
  const email = `new-${Date.now()}@example.com`;
  const registered = await json("/api/auth/register", { email, password: "Tangerine-Harbor-Orbit-42", firstName: "Nia", agreeToTerms: true });
  expect(registered.status).toBeLessThan(300);

  const login = await json("/api/auth/login", { email: DEMO_EMAIL, password: DEMO_PASSWORD });
  expect(login.status).toBe(200);
  const cookie = String(login.headers["set-cookie"]?.[0]).split(";")[0]!;
  const band = await json("/api/bands", { name: `Links ${Date.now()}` }, { cookie });
  expect(band.status, band.body).toBeLessThan(300);
  const bandId = (JSON.parse(band.body) as { id: number }).id;
  const invited = await json(`/api/bands/${bandId}/members`, { email: `invitee-${Date.now()}@example.com`, role: "band_member" }, { cookie });
  expect(invited.status, invited.body).toBe(201);
  return JSON.parse(invited.body) as { link?: string; url?: string };
}

test.describe("npm start without APP_URL", () => {
  let server: BuiltServer;
  test.beforeAll(async () => {
    server = await startBuiltServer();
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("reset, verification and invitation links use http://localhost:PORT, not the request's Host", async () => {
    const invitation = await mailEveryKindOfLink(server);
    const mailed = links(server);
    expect(mailed.length).toBeGreaterThanOrEqual(4);
    for (const link of mailed) expect(link.startsWith(`http://localhost:${server.port}/`), link).toBe(true);
    expect(JSON.stringify(invitation)).not.toContain("evil.example");
    expect(mailed.join("\n")).not.toContain("evil.example");
  });
});

test.describe("with APP_URL", () => {
  let server: BuiltServer;
  test.beforeAll(async () => {
    server = await startBuiltServer({ env: { APP_URL: "https://bandroom.example.com/", TRUST_PROXY: "true" } });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("every mailed link starts with APP_URL, even behind a trusted proxy that forwards a Host", async () => {
    await mailEveryKindOfLink(server);
    const mailed = links(server);
    expect(mailed.length).toBeGreaterThanOrEqual(4);
    for (const link of mailed) expect(link.startsWith("https://bandroom.example.com/"), link).toBe(true);
  });
});

test("a production start behind TRUST_PROXY without APP_URL refuses to start and says why", async () => {
  const { status, output } = await startBuiltServerExpectingFailure({ NODE_ENV: "production", TRUST_PROXY: "true" });
  expect(status).not.toBe(0);
  expect(output).toContain("APP_URL is not set");
  expect(output).not.toMatch(/\[remix-serve\] http/);
});
