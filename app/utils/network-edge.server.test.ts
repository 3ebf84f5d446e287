import { expect, test } from "vitest";
import { clientAddressFrom, pageOfFormData } from "./network-edge.server";

test("without a trusted proxy the socket address is the client, whatever X-Forwarded-For says", () => {
  expect(clientAddressFrom("::ffff:127.0.0.2", "203.0.113.1", 0)).toBe("127.0.0.2");
  expect(clientAddressFrom(undefined, undefined, 0)).toBe("unknown");
});

test("behind trusted proxies the hops-th entry from the right is the client, never the left-most", () => {
  expect(clientAddressFrom("10.0.0.1", "6.6.6.6, 198.51.100.7", 1)).toBe("198.51.100.7");
  expect(clientAddressFrom("10.0.0.1", ["6.6.6.6", "198.51.100.7, 10.0.0.2"], 2)).toBe("198.51.100.7");
  // Fewer entries than hops: every entry came from a trusted proxy; the left-most is the furthest.
  expect(clientAddressFrom("10.0.0.1", "198.51.100.7", 2)).toBe("198.51.100.7");
  // No header, or garbage where an address should be: the socket.
  expect(clientAddressFrom("10.0.0.1", undefined, 1)).toBe("10.0.0.1");
  expect(clientAddressFrom("10.0.0.1", "1.2.3.4, not-an-ip", 1)).toBe("10.0.0.1");
});

test("the legacy ?_data parameter is dropped, the rest of the query kept", async () => {
  const { withoutLegacyDataParam } = await import("./network-edge.server");
  expect(withoutLegacyDataParam("/login?_data=routes%2Flogin")).toBe("/login");
  expect(withoutLegacyDataParam("/a?x=1&_data=&y=%2F")).toBe("/a?x=1&y=%2F");
  expect(withoutLegacyDataParam("/a?my_data=1")).toBe("/a?my_data=1");
});

test("Stripe's webhook is let through without a browser's same-site signals, but not with a huge body", async () => {
  const { refusalFor } = await import("./network-edge.server");
  const post = (url: string, headers: Record<string, string>) => refusalFor({ method: "POST", url, headers: { host: "localhost:3000", ...headers } });
  const crossSite = { origin: "https://evil.example", "sec-fetch-site": "cross-site", "content-type": "application/json", "content-length": "2000" };
  expect(post("/api/stripe/webhook", crossSite)).toBeNull();
  expect(post("/api/stripe/webhook", { ...crossSite, "content-length": String(600 * 1024) })?.status).toBe(413);
  // Any other /api write from another site is still refused.
  expect(post("/api/bands", crossSite)?.status).toBe(403);
});

test("one-click unsubscribe is let through from a mail provider's servers, urlencoded or multipart, but not with a huge body", async () => {
  const { refusalFor } = await import("./network-edge.server");
  const post = (url: string, headers: Record<string, string>) => refusalFor({ method: "POST", url, headers: { host: "localhost:3000", ...headers } });
  const fromMail = { origin: "https://mail.google.com", "sec-fetch-site": "cross-site", "content-length": "40" };
  expect(post("/reminders/unsubscribe?token=abc", { ...fromMail, "content-type": "application/x-www-form-urlencoded" })).toBeNull();
  expect(post("/reminders/unsubscribe?token=abc", { ...fromMail, "content-type": "multipart/form-data; boundary=x" })).toBeNull();
  expect(post("/reminders/unsubscribe?token=abc", { ...fromMail, "content-length": String(200 * 1024) })?.status).toBe(413);
  // Every other page still takes forms from our own pages only.
  expect(post("/profile", { ...fromMail, "content-type": "application/x-www-form-urlencoded" })?.status).toBe(403);
});

test("a form's JavaScript submission (.data) names the page it came from, without Remix's own parameters", () => {
  expect(pageOfFormData("POST", "/songs/new.data")).toBe("/songs/new");
  expect(pageOfFormData("POST", "/_root.data")).toBe("/");
  expect(pageOfFormData("POST", "/setlists/4.data?index&_routes=x&manage=2")).toBe("/setlists/4?manage=2");
  expect(pageOfFormData("POST", "/a/..//elsewhere.example.data")).toBe("/");
  expect(pageOfFormData("GET", "/songs/new.data")).toBeNull();
  expect(pageOfFormData("POST", "/songs/new")).toBeNull();
});
