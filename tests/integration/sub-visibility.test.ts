import { expect, test } from "vitest";
import { buildRequest, callRoute, createBand, createUser, sessionCookieFor } from "#tests/db-utils";
import { db } from "~/utils/db.server";
import { loader as rootLoader } from "~/root";
import { loader as dashboardLoader } from "~/routes/_app+/dashboard";
import { loader as gettingStartedLoader } from "~/routes/_app+/getting-started";
import { loader as onboardingLoader } from "~/routes/api+/bands.$id.onboarding-status";
import { loader as indexLoader } from "~/routes/_index";

// The permission table: a sub sees only the events they are booked on, so not even
// the band's counts of songs, setlists and events.
async function bandWithContent() {
  const leader = await createUser();
  const sub = await createUser();
  const band = await createBand({ members: [{ userId: leader.id, role: "band_leader" }, { userId: sub.id, role: "sub" }] });
  await db.song.create({ data: { bandId: band.id, title: "Superstition" } });
  await db.setlist.create({ data: { bandId: band.id, name: "Friday" } });
  await db.user.update({ where: { id: sub.id }, data: { preferredBandId: band.id } });
  await db.user.update({ where: { id: leader.id }, data: { preferredBandId: band.id } });
  return { band, leaderCookie: await sessionCookieFor(leader.id), subCookie: await sessionCookieFor(sub.id) };
}

test("a sub's dashboard shows the member count only, with no setup steps", async () => {
  const { subCookie, leaderCookie } = await bandWithContent();
  const asSub = await (await callRoute(dashboardLoader, buildRequest("/dashboard", { cookie: subCookie }))).json();
  expect(asSub.counts).toEqual({ members: 2 });
  expect(asSub.nextSteps).toEqual([]);
  const asLeader = await (await callRoute(dashboardLoader, buildRequest("/dashboard", { cookie: leaderCookie }))).json();
  expect(asLeader.counts).toEqual({ members: 2, songs: 1, setlists: 1, events: 0 });
});

test("the shell gets no onboarding status for a sub, and the API refuses it", async () => {
  const { band, subCookie, leaderCookie } = await bandWithContent();
  const root = await (await callRoute(rootLoader, buildRequest("/dashboard", { cookie: subCookie }))).json();
  expect(root.onboarding).toBeNull();
  const refused = await callRoute(onboardingLoader, buildRequest(`/api/bands/${band.id}/onboarding-status`, { cookie: subCookie }), { id: String(band.id) });
  expect(refused.status).toBe(403);
  const allowed = await callRoute(onboardingLoader, buildRequest(`/api/bands/${band.id}/onboarding-status`, { cookie: leaderCookie }), { id: String(band.id) });
  expect(await allowed.json()).toMatchObject({ songCount: 1, setlistCount: 1 });
});

test("a sub lands on the dashboard, and Getting Started greets them without steps", async () => {
  const { subCookie } = await bandWithContent();
  const home = await callRoute(indexLoader, buildRequest("/", { cookie: subCookie }));
  expect(home.headers.get("location")).toBe("/dashboard");
  const page = await (await callRoute(gettingStartedLoader, buildRequest("/getting-started", { cookie: subCookie }))).json();
  expect(page).toMatchObject({ band: null, subOf: { role: "sub" } });
  expect(page).not.toHaveProperty("steps");
});

test("a sub sees bandmates' names but not their email addresses: members page, API and dashboard (their own stays)", async () => {
  const { loader: membersLoader } = await import("~/routes/_app+/members");
  const { loader: membersApi } = await import("~/routes/api+/bands.$id.members");
  const leader = await createUser({ firstName: "Lena", email: `lena-${Date.now()}@example.com` });
  const sub = await createUser({ firstName: "Sol", email: `sol-${Date.now()}@example.com` });
  const band = await createBand({ members: [{ userId: leader.id, role: "band_leader" }, { userId: sub.id, role: "sub" }] });
  await db.user.update({ where: { id: sub.id }, data: { preferredBandId: band.id } });
  await db.user.update({ where: { id: leader.id }, data: { preferredBandId: band.id } });
  const subCookie = await sessionCookieFor(sub.id);
  const leaderCookie = await sessionCookieFor(leader.id);

  const page = await callRoute(membersLoader, buildRequest("/members", { cookie: subCookie }));
  const pageText = JSON.stringify(await page.json());
  expect(pageText).toContain("Lena");
  expect(pageText).not.toContain(leader.email);
  expect(pageText).toContain(sub.email);

  const api = await callRoute(membersApi, buildRequest(`/api/bands/${band.id}/members`, { cookie: subCookie }), { id: String(band.id) });
  const listed = (await api.json()) as { user: { firstName: string; email?: string } }[];
  expect(listed.map((m) => [m.user.firstName, m.user.email]).sort()).toEqual([
    ["Lena", undefined],
    ["Sol", sub.email],
  ]);

  const dashboard = JSON.stringify(await (await callRoute(dashboardLoader, buildRequest("/dashboard", { cookie: subCookie }))).json());
  expect(dashboard).toContain("Lena");
  expect(dashboard).not.toContain(leader.email);

  // Everyone else in the band still sees them.
  const asLeader = JSON.stringify(await (await callRoute(membersLoader, buildRequest("/members", { cookie: leaderCookie }))).json());
  expect(asLeader).toContain(sub.email);
  const apiAsLeader = JSON.stringify(await (await callRoute(membersApi, buildRequest(`/api/bands/${band.id}/members`, { cookie: leaderCookie }), { id: String(band.id) })).json());
  expect(apiAsLeader).toContain(sub.email);
});
