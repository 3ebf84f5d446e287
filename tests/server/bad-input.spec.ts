/**
 * A client's mistake gets a 4xx and a plain answer from the built server, never a 500,
 * and nothing about it lands in the log as a stack trace.
 */
import http from "node:http";
import net from "node:net";
import { expect, test } from "@playwright/test";
import { send, startBuiltServer, type BuiltServer } from "./built-server";

let server: BuiltServer;
test.beforeAll(async () => {
  server = await startBuiltServer({ seed: false });
});
test.afterAll(async () => {
  await server?.stop();
});

const FORM = { "content-type": "application/x-www-form-urlencoded" };
const JSON_TYPE = { "content-type": "application/json" };

/** A raw request line and headers, for what node:http refuses to send (absolute-form, "*", broken Host). */
function raw(head: string) {
  return new Promise<number>((resolve, reject) => {
    const socket = net.connect(server.port, "127.0.0.1", () => socket.write(`${head}\r\nConnection: close\r\n\r\n`));
    let data = "";
    socket.on("data", (chunk) => (data += chunk));
    socket.on("end", () => resolve(Number(data.match(/^HTTP\/1\.[01] (\d{3})/)?.[1] ?? 0)));
    socket.on("error", reject);
  });
}

test("JSON bodies with prototype-ish keys are a 400 with field errors", async () => {
  for (const body of ['{"toString":"x"}', '{"constructor":{"a":1}}', '{"__proto__":{"admin":true}}', '{"hasOwnProperty":1,"valueOf":2}']) {
    for (const path of ["/api/auth/login", "/api/auth/register", "/api/auth/forgot-password"]) {
      const response = await send({ port: server.port, path, method: "POST", headers: JSON_TYPE, body });
      expect(response.status, `${path} ${body}`).toBe(400);
      expect(JSON.parse(response.body).message).toBe("Invalid request");
    }
  }
});

test("OPTIONS on /api says which methods the address takes, with no body: it never runs a loader", async () => {
  for (const path of ["/api/bands/1", "/api/auth/user", "/api/events/1/rsvp"]) {
    const response = await send({ port: server.port, path, method: "OPTIONS" });
    expect(response.status, path).toBe(204);
    expect(response.headers.allow, path).toBe("GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
    expect(response.body, path).toBe("");
  }
  expect((await send({ port: server.port, path: "/dashboard", method: "OPTIONS" })).status).toBe(405);
});

test("page actions refuse the wrong method, content type or origin with a plain 4xx page", async () => {
  const cases: [string, Parameters<typeof send>[0], number][] = [
    ["text/plain", { port: 0, path: "/login", method: "POST", headers: { "content-type": "text/plain" }, body: "intent=login" }, 415],
    ["JSON", { port: 0, path: "/login", method: "POST", headers: JSON_TYPE, body: '{"intent":"login"}' }, 415],
    ["broken multipart", { port: 0, path: "/login", method: "POST", headers: { "content-type": "multipart/form-data; boundary=x" }, body: "garbage" }, 415],
    ["no content type", { port: 0, path: "/login", method: "POST", body: "intent=login" }, 415],
    ["PUT", { port: 0, path: "/login", method: "PUT", headers: FORM, body: "a=b" }, 405],
    ["DELETE", { port: 0, path: "/profile", method: "DELETE" }, 405],
    ["TRACE", { port: 0, path: "/", method: "TRACE" }, 405],
    ["TRACE /api", { port: 0, path: "/api/bands", method: "TRACE" }, 405],
    ["cross-site Origin", { port: 0, path: "/login", method: "POST", headers: { ...FORM, origin: "https://evil.example" }, body: "intent=login" }, 403],
    ["cross-site fetch metadata", { port: 0, path: "/blog", method: "POST", headers: { ...FORM, "sec-fetch-site": "cross-site" }, body: "a=1" }, 403],
    ["opaque Origin", { port: 0, path: "/login", method: "POST", headers: { ...FORM, origin: "null" }, body: "intent=login" }, 403],
    ["undecodable path", { port: 0, path: "/%E0%A4%A" }, 400],
  ];
  for (const [name, request, status] of cases) {
    const response = await send({ ...request, port: server.port });
    expect(response.status, name).toBe(status);
    expect(response.headers["content-type"], name).toMatch(request.path.startsWith("/api/") ? /^application\/json/ : /^text\/html/);
    expect(response.body, name).not.toMatch(/ at .*\.js:\d+/);
  }
  const put = await send({ port: server.port, path: "/login", method: "PUT", headers: FORM, body: "a=b" });
  expect(put.headers.allow).toBe("GET, HEAD, POST");
  const crossSite = await send({ port: server.port, path: "/login", method: "POST", headers: { ...FORM, origin: "https://evil.example" }, body: "intent=login" });
  expect(crossSite.body).toContain("Forms can only be sent from Bandroom&#39;s own pages.");
});

test("one-click unsubscribe takes a mail provider's POST from its own origin, urlencoded or multipart: the token decides (here a bad one: 404), never a 403, 415 or Remix's CSRF 500", async () => {
  const fromMail = { origin: "https://mail.google.com", "sec-fetch-site": "cross-site" };
  const multipart = "--x\r\nContent-Disposition: form-data; name=\"List-Unsubscribe\"\r\n\r\nOne-Click\r\n--x--\r\n";
  for (const [name, headers, body] of [
    ["urlencoded", { ...fromMail, ...FORM }, "List-Unsubscribe=One-Click"],
    ["multipart", { ...fromMail, "content-type": "multipart/form-data; boundary=x" }, multipart],
  ] as const) {
    const response = await send({ port: server.port, path: "/reminders/unsubscribe?token=not-a-token", method: "POST", headers, body });
    expect(response.status, name).toBe(404);
    expect(response.body, name).toContain("not valid");
  }
});

test("a download or feed answers a POST with 405 and the methods it takes", async () => {
  for (const path of ["/robots.txt", "/sitemap.xml", "/blog/rss.xml", "/feeds/not-a-token.ics"]) {
    const response = await send({ port: server.port, path, method: "POST", headers: FORM, body: "a=1" });
    expect(response.status, path).toBe(405);
    expect(response.headers.allow, path).toBe("GET, HEAD");
  }
});

test("a malformed Host, an absolute-form or asterisk target is a 400", async () => {
  expect(await raw("GET /login HTTP/1.1\r\nHost: a b")).toBe(400);
  expect(await raw("GET /login HTTP/1.1\r\nHost: [::")).toBe(400);
  // A port past 65535 (the URL Remix builds from it threw: a 500 for any page).
  for (const host of ["localhost:65536", "localhost:99999", "evil.example:99999"]) expect(await raw(`GET / HTTP/1.1\r\nHost: ${host}`), host).toBe(400);
  expect(await raw("GET /login HTTP/1.1\r\nHost: localhost\r\nX-Forwarded-Host: localhost:70000")).not.toBe(500);
  expect(await raw("GET /login HTTP/1.1\r\nHost: localhost\r\nX-Forwarded-Host: [::")).not.toBe(500);
  expect(await raw("GET http://evil.example/login HTTP/1.1\r\nHost: evil.example")).toBe(400);
  expect(await raw("OPTIONS * HTTP/1.1\r\nHost: localhost")).toBe(400);
  expect(await raw("GET /login HTTP/1.0")).toBe(400);
  expect(await raw("GET /login HTTP/1.1\r\nHost: localhost")).toBe(200);
});

/**
 * Requests over one kept-alive connection (`sockets` shows whether it was reused). A body
 * given as a string goes with its Content-Length; as a list, chunk by chunk (chunked).
 */
function oneConnection() {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const sockets: net.Socket[] = [];
  const request = (options: http.RequestOptions, body?: string | string[]) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request({ host: "127.0.0.1", port: server.port, agent, ...options }, (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode!, body: text }));
      });
      req.on("socket", (socket) => sockets.push(socket));
      req.on("error", reject);
      if (Array.isArray(body)) for (const chunk of body) req.write(chunk);
      req.end(Array.isArray(body) ? undefined : body);
    });
  return { request, sockets, agent };
}

test("a form over 100 KB gets 413 with a clear page, and the connection stays usable", async () => {
  const { request, sockets, agent } = oneConnection();
  const big = `intent=login&email=${"a".repeat(200 * 1024)}`;
  const refused = await request({ path: "/login", method: "POST", headers: FORM }, big);
  expect(refused.status).toBe(413);
  expect(refused.body).toContain("This form is too large to send (the limit is 100 KB).");
  const next = await request({ path: "/login" });
  expect(next.status).toBe(200);
  expect(sockets[1]).toBe(sockets[0]);
  agent.destroy();

  // Without a Content-Length the size is unknown up front: 411, not an unbounded read.
  const chunked = await send({ port: server.port, path: "/login", method: "POST", headers: { ...FORM, "transfer-encoding": "chunked" }, body: "intent=login" });
  expect(chunked.status).toBe(411);
});

test("a form over 100 KB sent with JavaScript (a .data post) is answered as Remix's client reads it: back to the page it was on, with the refusal as a toast", async () => {
  const big = `title=x&notes=${"a".repeat(150 * 1024)}`;
  const origin = `http://localhost:${server.port}`;
  const refused = await send({ port: server.port, path: "/songs/new.data?index", method: "POST", headers: { ...FORM, origin, referer: `${origin}/songs/new?from=list` }, body: big });
  // 202 and turbo-stream: a single-fetch redirect (a plain 413 page showed the 500 screen).
  expect(refused.status).toBe(202);
  expect(refused.headers["content-type"]).toBe("text/x-script; charset=utf-8");
  expect(JSON.parse(refused.body)).toEqual([expect.any(Object), "redirect", "/songs/new?from=list", "status", 303, "revalidate", true, "reload", false, "replace"]);
  expect(String(refused.headers["set-cookie"])).toMatch(/^bandroom_toast=/);
  // Another site's Referer is not followed: the form's own page.
  const foreign = await send({ port: server.port, path: "/songs/new.data", method: "POST", headers: { ...FORM, origin, referer: "http://elsewhere.example/x" }, body: big });
  expect(JSON.parse(foreign.body)[2]).toBe("/songs/new");
});

test("a JSON body over 100 KB gets its 413, with its Content-Length or without, and the connection stays usable", async () => {
  // Chunked, the way a client streams a body it has not measured: the server only finds
  // out it is too large part-way, while the client is still sending. With its length, it
  // is answered before a byte is read; unread, the body reset the next request.
  const chunks = Array.from({ length: 50 }, (_, i) => (i === 0 ? `{"email":"${"a".repeat(4096)}` : "a".repeat(4096)));
  const whole = `{"title":"${"a".repeat(150 * 1024)}"}`;
  for (const [headers, body] of [
    [{ "transfer-encoding": "chunked" }, chunks],
    [{ "content-length": String(Buffer.byteLength(whole)) }, whole],
  ] as const) {
    const { request, sockets, agent } = oneConnection();
    const refused = await request({ path: "/api/auth/login", method: "POST", headers: { ...JSON_TYPE, ...headers } }, body as string | string[]);
    expect(refused.status).toBe(413);
    expect(JSON.parse(refused.body).message).toBe("Request body is too large");
    const next = await request({ path: "/login" });
    expect(next.status).toBe(200);
    expect(sockets[1]).toBe(sockets[0]);
    agent.destroy();
  }
});

test("an /api answer given before the body is read (404, 405, 401) reads the body to its end: the next request on the connection is answered", async () => {
  const body = JSON.stringify({ title: "a".repeat(150 * 1024) });
  for (const [method, path] of [
    ["POST", "/api/bands/999/events"],
    ["PUT", "/api/bands/1/events"],
    ["POST", "/api/no-such-endpoint"],
  ] as const) {
    const { request, sockets, agent } = oneConnection();
    const early = await request({ path, method, headers: { ...JSON_TYPE, "content-length": String(Buffer.byteLength(body)) } }, body);
    expect(early.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
    expect(early.status, `${method} ${path}`).toBeLessThan(500);
    const next = await request({ path: "/api/auth/user" });
    expect(next.status, `after ${method} ${path}`).toBe(401);
    expect(sockets[1]).toBe(sockets[0]);
    agent.destroy();
  }
});

test("none of the above left a stack trace in the server log", async () => {
  await new Promise((resolve) => setTimeout(resolve, 500)); // let the server's output arrive
  expect(server.log()).not.toMatch(/^\s+at /m);
  expect(server.log()).not.toMatch(/Error:/);
});
