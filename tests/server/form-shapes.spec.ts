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
  "/members", "/settings", "/profile", "/profile/calendar", "/subscription", "/bands/new", "/getting-started",
];
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
  const cookie = await demoSessionCookie(server);
  const [cookieName, cookieValue] = cookie.split("=") as [string, string];

  // What each page's forms submit, read by a browser without JavaScript (the forms as served).
  const context = await browser.newContext({ javaScriptEnabled: false });
  await context.addCookies([{ name: cookieName, value: cookieValue, url: server.origin }]);
  const page = await context.newPage();
  const forms: FoundForm[] = [];
  for (const path of PAGES) {
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
  }
  await context.close();
  expect(forms.length).toBeGreaterThan(40);

  const requests = forms.flatMap((form) => variants(form).map((body) => ({ form, body })));
  expect(requests.length).toBeGreaterThan(500);
  const failures: string[] = [];
  let index = 0;
  const worker = async () => {
    while (index < requests.length) {
      const { form, body } = requests[index++]!;
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
  await Promise.all(Array.from({ length: 6 }, worker));
  expect(failures, failures.slice(0, 20).join("\n")).toEqual([]);
  expect(server.log()).not.toMatch(/TypeError|ReferenceError/);
});
