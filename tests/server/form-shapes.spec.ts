/**
 * Every form of the signed-in pages, posted with each of its fields (and each part of a
 * nested one: `lineup`, `lineup[0]`, `sets[0].items`) in a shape the form never sends —
 * a plain value where it sends a list, a list or an object where it sends a value, the
 * field twice — gets its refusal, never a 500. The forms come from the pages themselves,
 * as a browser would submit them, so a new form is covered the day it appears.
 */
import { expect, test } from "@playwright/test";
import { demoSessionCookie, send, startBuiltServer, type BuiltServer } from "./built-server";

test.setTimeout(240_000);

let server: BuiltServer;
test.beforeAll(async () => {
  server = await startBuiltServer();
});
test.afterAll(async () => {
  await server?.stop();
});

/** The demo leader's pages with forms (the demo band is on Pro, so Finances' forms are there too). */
const PAGES = [
  "/events/new", "/events/1", "/events/1/edit", "/calendar", "/calendar/blackouts", "/calendar/availability",
  "/songs", "/songs/new", "/songs/1/edit", "/songs/import", "/setlists", "/setlists/1",
  "/finances", "/finances/payments/new", "/finances/expenses/new", "/finances/payouts/new", "/finances/settle", "/finances/ledger",
  "/members", "/settings", "/profile", "/profile/calendar", "/subscription", "/bands/new", "/getting-started", "/dashboard", "/admin/users",
];
/** Pages reached from those by their first link of each kind: a member's manage panel, an entry's split and reverse forms. */
const LINKED = [/[?&]manage=\d+/, /\/finances\/entries\/\d+\/split$/, /\/finances\/entries\/\d+\/reverse$/];
/** Forms that end the session or change the current band would take the rest of the run with them. */
const SKIP_ACTION = /\/(logout|sign-out)|\/bands\/switch|\/sessions/;

type Field = [name: string, value: string];
type FoundForm = { page: string; action: string; fields: Field[] };

/** `sets[0].items[1].songId` → `sets`, `sets[0]`, `sets[0].items`, `sets[0].items[1]`, `sets[0].items[1].songId`. */
function prefixes(name: string) {
  const found: string[] = [];
  for (let i = 1; i <= name.length; i++) if (i === name.length || name[i] === "[" || name[i] === ".") found.push(name.slice(0, i));
  return found;
}

function variants(form: FoundForm) {
  const bodies: string[] = [];
  const seen = new Set<string>();
  for (const [name] of form.fields) {
    for (const prefix of prefixes(name)) {
      if (seen.has(prefix)) continue;
      seen.add(prefix);
      const others = form.fields.filter(([other]) => other !== prefix && !other.startsWith(`${prefix}[`) && !other.startsWith(`${prefix}.`));
      for (const shape of [[[prefix, "abc"]], [[`${prefix}[0]`, "x"]], [[`${prefix}.a`, "x"]], [[prefix, "1"], [prefix, "2"]]] as Field[][]) {
        bodies.push(new URLSearchParams([...others, ...shape]).toString());
      }
    }
  }
  return bodies;
}

test("every signed-in form answers fields sent in the wrong shape with a 4xx, never a 500", async ({ browser }) => {
  const session = await demoSessionCookie(server);
  // The demo band stays current whatever a form does (a band created by `name=abc` on
  // /bands/new becomes the preferred one): every request carries the band's cookie.
  const switched = await send({
    port: server.port,
    path: "/bands/switch",
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: server.origin, cookie: session },
    body: "bandId=1",
  });
  const band = (switched.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]!).find((c) => c.startsWith("bandroom_band="));
  expect(band).toBeTruthy();
  const cookie = `${session}; ${band}`;
  // A gig payment not yet split, so the ledger links to a split form (the demo's are split).
  const payment = await send({
    port: server.port,
    path: "/api/bands/1/payments",
    method: "POST",
    headers: { "content-type": "application/json", origin: server.origin, cookie },
    body: JSON.stringify({ category: "gig", eventId: 1, amount: "300.00", date: "2026-10-18", method: "cash" }),
  });
  expect(payment.status, payment.body).toBe(201);

  // What each page's forms submit, read by a browser without JavaScript (the forms as served).
  const context = await browser.newContext({ javaScriptEnabled: false });
  await context.addCookies(cookie.split("; ").map((pair) => ({ name: pair.split("=")[0]!, value: pair.slice(pair.indexOf("=") + 1), url: server.origin })));
  const page = await context.newPage();
  const forms: FoundForm[] = [];
  const pages = [...PAGES];
  for (const path of pages) {
    const response = await page.goto(`${server.origin}${path}`);
    expect(response?.status(), path).toBe(200);
    const found = await page.$$eval("form", (elements) =>
      elements
        // Attributes, not properties: a field named "method" or "action" shadows those.
        .filter((form) => form.getAttribute("method")?.toLowerCase() === "post")
        .map((form) => {
          const data = new FormData(form);
          // The first named submit button, as pressing it would send.
          const button = form.querySelector<HTMLButtonElement>("button[name]:not([type=button]), input[type=submit][name]");
          if (button) data.append(button.name, button.value);
          const fields = [...data.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string");
          const action = new URL(form.getAttribute("action") ?? "", document.baseURI);
          return { action: action.pathname + action.search, fields };
        }),
    );
    for (const form of found) if (!SKIP_ACTION.test(form.action)) forms.push({ page: path, ...form });
    const links = await page.$$eval("a[href]", (anchors) => anchors.map((a) => new URL(a.getAttribute("href")!, document.baseURI)).map((url) => url.pathname + url.search));
    for (const pattern of LINKED) {
      const link = links.find((href) => pattern.test(href));
      if (link && !pages.includes(link) && !pages.some((seen) => pattern.test(seen))) pages.push(link);
    }
  }
  await context.close();
  // Each linked kind of page was found and read.
  for (const pattern of LINKED) expect(pages.some((path) => pattern.test(path)), String(pattern)).toBe(true);
  expect(forms.length).toBeGreaterThan(40);

  // The band's deletion goes first, on its own: it asks for the band's name, and a rename
  // to "abc" (a variant of the settings form) would let a later "abc" delete the demo band.
  const deletesBand = (form: FoundForm) => form.fields.some(([name, value]) => name === "intent" && value === "delete-band");
  const toRequests = (list: FoundForm[]) => list.flatMap((form) => variants(form).map((body) => ({ form, body })));
  const first = toRequests(forms.filter(deletesBand));
  const requests = toRequests(forms.filter((form) => !deletesBand(form)));
  expect(first.length).toBeGreaterThan(0);
  expect(requests.length).toBeGreaterThan(500);
  const failures: string[] = [];
  let index = 0;
  const worker = async (queue: typeof requests) => {
    while (index < queue.length) {
      const { form, body } = queue[index++]!;
      const localAddress = `127.0.${Math.floor(index / 200) % 250}.${(index % 200) + 1}`;
      const response = await send({
        port: server.port,
        path: form.action,
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: server.origin, cookie },
        body,
        localAddress,
      });
      if (response.status >= 500) failures.push(`${response.status} POST ${form.action} (form of ${form.page}) ${body.slice(0, 300)}`);
    }
  };
  await worker(first);
  index = 0;
  await Promise.all(Array.from({ length: 6 }, () => worker(requests)));
  expect(failures, failures.slice(0, 20).join("\n")).toEqual([]);
  // Still signed in to the demo band: the run posted to the forms, not to a sign-in page.
  const after = await send({ port: server.port, path: "/dashboard", headers: { cookie } });
  expect(after.status).toBe(200);
  // (By its id: the settings form's variant with name=abc renames it, a rename it may make.)
  expect(after.body).toMatch(/name="bandId" value="1" aria-current="true"/);
  expect(server.log()).not.toMatch(/TypeError|ReferenceError/);
});
