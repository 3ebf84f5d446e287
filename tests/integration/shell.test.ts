import { afterEach, describe, expect, test, vi } from "vitest";
import { bandCookie, buildRequest, callRoute, createBand, createUser, sessionCookieFor } from "#tests/db-utils";
import { db } from "~/utils/db.server";
import { initials } from "~/utils/names";
import { loader as rootLoader } from "~/root";
import { loader as layoutLoader } from "~/routes/_app+/_layout";
import { action as switchAction, loader as switchLoader } from "~/routes/bands+/switch";
import { action as newBandAction, loader as newBandLoader } from "~/routes/_app+/bands.new";
import { loader as indexLoader } from "~/routes/_index";
import { loader as dashboardLoader } from "~/routes/_app+/dashboard";
import { loader as gettingStartedLoader } from "~/routes/_app+/getting-started";
import { body, clearsCookie, cookiePair, CROSS_SITE, expectRedirect, toastOf } from "./auth-helpers";

// Lets one test make band creation fail the way a database outage would.
const createFailure = vi.hoisted(() => ({ enabled: false }));
vi.mock("~/features/bands/bands.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/features/bands/bands.server")>();
  return {
    ...actual,
    createBand: (...args: Parameters<typeof actual.createBand>) => {
      if (createFailure.enabled) return Promise.reject(new Error("SQLITE_BUSY: database is locked"));
      return actual.createBand(...args);
    },
  };
});
afterEach(() => {
  createFailure.enabled = false;
});


async function signedIn() {
  const user = await createUser({ firstName: "Dana", lastName: "Reyes" });
  return { user, cookie: await sessionCookieFor(user.id) };
}

const preferredOf = async (userId: string) => (await db.user.findUniqueOrThrow({ where: { id: userId } })).preferredBandId;

describe("signed-in shell", () => {
  test("signed-out visitors go through /api/login and come back where they were", async () => {
    for (const path of ["/dashboard", "/getting-started?tab=1", "/bands/new"]) {
      const response = await callRoute(layoutLoader, buildRequest(path));
      expectRedirect(response, `/api/login?${new URLSearchParams({ redirectTo: path })}`);
    }
  });

  test("a signed-in user passes, with their place in the current band for the avatar colour and whether it is on Pro", async () => {
    const { user, cookie } = await signedIn();
    let response = await callRoute(layoutLoader, buildRequest("/dashboard", { cookie }));
    expect(response.status).toBe(200);
    // The avatar's letters come made: the browser does not load what makes them.
    const own = initials(user);
    expect(await body(response)).toEqual({ avatarPosition: null, avatarInitials: own, isPro: false });

    const leader = await createUser();
    const band = await createBand({ members: [{ userId: leader.id, role: "band_leader" }, { userId: user.id, role: "band_member" }] });
    response = await callRoute(layoutLoader, buildRequest("/dashboard", { cookie }));
    expect(await body(response)).toEqual({ avatarPosition: 1, avatarInitials: own, isPro: false });

    await db.band.update({ where: { id: band.id }, data: { subscriptionTier: "pro" } });
    response = await callRoute(layoutLoader, buildRequest("/dashboard", { cookie }));
    expect(await body(response)).toEqual({ avatarPosition: 1, avatarInitials: own, isPro: true });
    // Letters the band resolved (a clash with another member's moved) are the ones shown.
    await db.bandMembership.updateMany({ where: { bandId: band.id, userId: user.id }, data: { initials: "ZQ", joinRank: 1 } });
    response = await callRoute(layoutLoader, buildRequest("/dashboard", { cookie }));
    expect(await body(response)).toEqual({ avatarPosition: 1, avatarInitials: "ZQ", isPro: true });
  });
});

describe("root loader picks the current band (spec section 4)", () => {
  async function threeBands() {
    const { user, cookie } = await signedIn();
    const charlie = await createBand({ name: "Charlie", members: [{ userId: user.id, role: "band_member" }] });
    const alpha = await createBand({ name: "alpha", subscriptionTier: "pro", members: [{ userId: user.id, role: "band_leader" }] });
    const bravo = await createBand({ name: "Bravo", members: [{ userId: user.id, role: "sub" }] });
    return { user, cookie, alpha, bravo, charlie };
  }
  const currentOf = async (response: Response) => (await body<{ currentBand: { band: { id: number } } | null }>(response)).currentBand?.band.id ?? null;

  test("the band stored in this browser wins", async () => {
    const { user, cookie, bravo, charlie } = await threeBands();
    await db.user.update({ where: { id: user.id }, data: { preferredBandId: charlie.id } });
    const response = await callRoute(rootLoader, buildRequest("/dashboard", { cookie: `${cookie}; ${await bandCookie(bravo.id)}` }));
    expect(await currentOf(response)).toBe(bravo.id);
    expect(cookiePair(response, "bandroom_band")).toBeNull();
  });

  test("with nothing stored, the preferred band, and the browser remembers it", async () => {
    const { user, cookie, charlie } = await threeBands();
    await db.user.update({ where: { id: user.id }, data: { preferredBandId: charlie.id } });
    const response = await callRoute(rootLoader, buildRequest("/dashboard", { cookie }));
    expect(await currentOf(response)).toBe(charlie.id);
    expect(cookiePair(response, "bandroom_band")).toBe(await bandCookie(charlie.id));
  });

  test("a stored band the user has left falls back to the first band by name", async () => {
    const { cookie, alpha } = await threeBands();
    const stranger = await createUser();
    const gone = await createBand({ name: "Aardvark", members: [{ userId: stranger.id, role: "band_leader" }] });
    const response = await callRoute(rootLoader, buildRequest("/dashboard", { cookie: `${cookie}; ${await bandCookie(gone.id)}` }));
    const data = await body<{ currentBand: { band: { id: number; name: string } }; toast: { title: string; description: string } | null }>(response);
    expect(data.currentBand.band.id).toBe(alpha.id);
    expect(cookiePair(response, "bandroom_band")).toBe(await bandCookie(alpha.id));
    // Said once (the browser now remembers the new band), without naming the band that was lost.
    expect(data.toast).toMatchObject({ title: "Band changed", description: `You are no longer in the band you were working in: this is ${data.currentBand.band.name}.` });
    expect(data.toast!.description).not.toContain("Aardvark");
    const next = await callRoute(rootLoader, buildRequest("/dashboard", { cookie: `${cookie}; ${await bandCookie(alpha.id)}` }));
    expect((await body<{ toast: unknown }>(next)).toast).toBeNull();
  });

  test("with no preference either, the first band by name (case-insensitive)", async () => {
    const { cookie, alpha } = await threeBands();
    const response = await callRoute(rootLoader, buildRequest("/dashboard", { cookie }));
    const data = await body<{ currentBand: { band: { id: number } }; onboarding: { isPro: boolean } }>(response);
    expect(data.currentBand.band.id).toBe(alpha.id);
    expect(data.onboarding.isPro).toBe(true);
  });

  test("with zero bands, no band and the stored id is cleared", async () => {
    const { cookie } = await signedIn();
    const response = await callRoute(rootLoader, buildRequest("/getting-started", { cookie: `${cookie}; ${await bandCookie(12345)}` }));
    expect(await currentOf(response)).toBeNull();
    expect(clearsCookie(response, "bandroom_band")).toBe(true);
  });
});

describe("POST /bands/switch", () => {
  async function twoBands() {
    const { user, cookie } = await signedIn();
    const first = await createBand({ name: "First", members: [{ userId: user.id, role: "band_leader" }] });
    const second = await createBand({ name: "Second", members: [{ userId: user.id, role: "band_member" }] });
    const stranger = await createUser();
    const theirs = await createBand({ name: "Theirs", members: [{ userId: stranger.id, role: "band_leader" }] });
    return { user, cookie, first, second, theirs };
  }
  const switchTo = (form: Record<string, string>, cookie?: string, headers?: Record<string, string>) =>
    callRoute(switchAction, buildRequest("/bands/switch", { form, cookie, headers }));

  test("sets this browser's band and saves it as preferred, then goes back", async () => {
    const { user, cookie, second } = await twoBands();
    const response = await switchTo({ bandId: String(second.id), redirectTo: "/setlists" }, cookie);
    expectRedirect(response, "/setlists");
    expect(cookiePair(response, "bandroom_band")).toBe(await bandCookie(second.id));
    expect(await preferredOf(user.id)).toBe(second.id);
    // Said in a toast, which a screen reader announces: the page behind it changed band.
    expect(await toastOf(response)).toMatchObject({ title: "Switched to Second", type: "default" });

    // The next page load renders the new band.
    const root = await callRoute(rootLoader, buildRequest("/setlists", { cookie: `${cookie}; ${cookiePair(response, "bandroom_band")}` }));
    expect((await body<{ currentBand: { band: { id: number } } }>(root)).currentBand.band.id).toBe(second.id);
  });

  test("goes to /dashboard without a redirectTo or with an unsafe one", async () => {
    const { cookie, first } = await twoBands();
    expectRedirect(await switchTo({ bandId: String(first.id) }, cookie), "/dashboard");
    for (const redirectTo of ["https://evil.example", "//evil.example", "/\\evil.example", "/\t/evil.example", "/\r\n/evil.example", "/\u0000"]) {
      expectRedirect(await switchTo({ bandId: String(first.id), redirectTo }, cookie), "/dashboard");
    }
  });

  test("a band the user is not in: back where the form was with \"Band not found\", and nothing changes", async () => {
    const { user, cookie, theirs } = await twoBands();
    const response = await switchTo({ bandId: String(theirs.id), redirectTo: "/setlists" }, cookie);
    expectRedirect(response, "/setlists");
    expect(await toastOf(response)).toMatchObject({ title: "Band not switched", description: "Band not found", type: "destructive" });
    expect(cookiePair(response, "bandroom_band")).toBeNull();
    expect(await preferredOf(user.id)).toBeNull();
  });

  test("without a usable band id: back with \"Choose a band\"", async () => {
    const { user, cookie } = await twoBands();
    for (const form of [{}, { bandId: "" }, { bandId: "abc" }, { bandId: "-2" }] as Record<string, string>[]) {
      const response = await switchTo(form, cookie);
      expectRedirect(response, "/dashboard");
      expect(await toastOf(response)).toMatchObject({ description: "Choose a band" });
    }
    expect(await preferredOf(user.id)).toBeNull();
  });

  test("signed out goes to sign in; cross-site is refused", async () => {
    const { cookie, first, user } = await twoBands();
    const signedOut = await switchTo({ bandId: String(first.id) });
    expect(signedOut.headers.get("location")).toMatch(/^\/api\/login\?redirectTo=/);
    const forged = await switchTo({ bandId: String(first.id) }, cookie, CROSS_SITE);
    expect(forged.status).toBe(403);
    expect(await preferredOf(user.id)).toBeNull();
  });

  test("a GET does nothing but go to the dashboard", async () => {
    expectRedirect(await callRoute(switchLoader, buildRequest("/bands/switch")), "/dashboard");
  });
});

describe("create band page (/bands/new)", () => {
  const create = (name: string | undefined, cookie?: string, headers?: Record<string, string>) =>
    callRoute(newBandAction, buildRequest("/bands/new", { form: name === undefined ? {} : { name }, cookie, headers }));
  type Reply = { status: string; error: Record<string, string[]> };

  test("needs a signed-in user", async () => {
    expectRedirect(await callRoute(newBandLoader, buildRequest("/bands/new")), "/api/login?redirectTo=%2Fbands%2Fnew");
  });

  test.each([
    ["an empty name", "", "Band name is required"],
    ["a blank name", "   ", "Band name is required"],
    ["no name field", undefined, "Band name is required"],
    ["a 51-character name", "x".repeat(51), "Band name is too long"],
  ])("rejects %s with the spec's message, once", async (_, name, message) => {
    const { user, cookie } = await signedIn();
    const response = await create(name, cookie);
    expect(response.status).toBe(400);
    const reply = await body<Reply>(response);
    expect(reply.error).toEqual({ name: [message] });
    expect(await db.bandMembership.count({ where: { userId: user.id } })).toBe(0);
  });

  test("creates the band, makes it current, and goes to Getting Started with a toast", async () => {
    const { user, cookie } = await signedIn();
    const response = await create("The Night Owls", cookie);
    expectRedirect(response, "/getting-started");

    const band = await db.band.findFirstOrThrow({ where: { name: "The Night Owls" }, select: { id: true, memberships: { select: { userId: true, role: true } } } });
    expect(band.memberships).toEqual([{ userId: user.id, role: "band_leader" }]);
    expect(cookiePair(response, "bandroom_band")).toBe(await bandCookie(band.id));
    expect(await preferredOf(user.id)).toBe(band.id);
    expect(await toastOf(response)).toEqual({ title: "Band created", description: "The Night Owls has been created successfully", type: "default" });
  });

  test("a second band becomes current in place of the first", async () => {
    const { cookie } = await signedIn();
    const first = await create("One", cookie);
    const second = await create("Two", `${cookie}; ${cookiePair(first, "bandroom_band")}`);
    const two = await db.band.findFirstOrThrow({ where: { name: "Two" }, select: { id: true } });
    expect(cookiePair(second, "bandroom_band")).toBe(await bandCookie(two.id));
  });

  test("the form sent twice (a double tap without JavaScript) makes one band, and both answers lead to it", async () => {
    const { user, cookie } = await signedIn();
    const [first, second] = await Promise.all([create("Twice Shy", cookie), create("Twice Shy", cookie)]);
    const band = await db.band.findFirstOrThrow({ where: { name: "Twice Shy" }, select: { id: true } });
    for (const response of [first!, second!]) {
      expectRedirect(response, "/getting-started");
      expect(cookiePair(response, "bandroom_band")).toBe(await bandCookie(band.id));
    }
    expect(await db.bandMembership.count({ where: { userId: user.id } })).toBe(1);
  });

  test("a failure that is not validation says so and keeps the name", async () => {
    const { cookie } = await signedIn();
    createFailure.enabled = true;
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await create("Unlucky", cookie);
    expect(response.status).toBe(500);
    const reply = await body<Reply & { initialValue: Record<string, string> }>(response);
    expect(reply.error).toEqual({ "": ["Failed to create band. Please try again."] });
    expect(reply.initialValue).toMatchObject({ name: "Unlucky" });
    expect(logged).toHaveBeenCalled();
  });

  test("cross-site posts are refused", async () => {
    const { user, cookie } = await signedIn();
    expect((await create("Forged", cookie, CROSS_SITE)).status).toBe(403);
    expect(await db.bandMembership.count({ where: { userId: user.id } })).toBe(0);
  });
});

describe("where / sends people", () => {
  test("signed-out visitors get the landing page", async () => {
    const response = await callRoute(indexLoader, buildRequest("/"));
    expect(response.status).toBe(200);
  });

  test("a user with no band, or a brand-new band, goes to Getting Started", async () => {
    const { user, cookie } = await signedIn();
    expectRedirect(await callRoute(indexLoader, buildRequest("/", { cookie })), "/getting-started");
    await createBand({ members: [{ userId: user.id, role: "band_leader" }] });
    expectRedirect(await callRoute(indexLoader, buildRequest("/", { cookie })), "/getting-started");
  });

  test("a band with something in it goes to the Dashboard", async () => {
    const { user, cookie } = await signedIn();
    const band = await createBand({ members: [{ userId: user.id, role: "band_leader" }] });
    await db.song.create({ data: { bandId: band.id, title: "Valerie" } });
    expectRedirect(await callRoute(indexLoader, buildRequest("/", { cookie })), "/dashboard");
  });
});

describe("dashboard and getting started", () => {
  test("the dashboard without a band goes to Getting Started", async () => {
    const { cookie } = await signedIn();
    expectRedirect(await callRoute(dashboardLoader, buildRequest("/dashboard", { cookie })), "/getting-started");
  });

  test("the dashboard shows the current band's overview", async () => {
    const { user, cookie } = await signedIn();
    const other = await createUser({ firstName: "Marcus", lastName: "Hill" });
    const band = await createBand({
      name: "The Late Shift",
      subscriptionTier: "pro",
      members: [
        { userId: user.id, role: "band_leader" },
        { userId: other.id, role: "band_admin", displayName: "Marc" },
      ],
    });
    await db.song.create({ data: { bandId: band.id, title: "Valerie" } });
    const response = await callRoute(dashboardLoader, buildRequest("/dashboard", { cookie: `${cookie}; ${await bandCookie(band.id)}` }));
    expect(response.status).toBe(200);
    const data = await body<{ band: unknown; role: string; counts: unknown; nextSteps: { key: string }[]; members: { membership: { displayName: string | null } }[] }>(response);
    expect(data.band).toEqual({ name: "The Late Shift", isPro: true });
    expect(data.role).toBe("band_leader");
    expect(data.counts).toEqual({ members: 2, songs: 1, setlists: 0, events: 0 });
    expect(data.nextSteps.map((s) => s.key)).toEqual(["setlists", "events", "finances"]);
    expect(data.members.map((m) => m.membership.displayName)).toEqual([null, "Marc"]);
  });

  test("a band member is not prompted to do what their role may not: inviting and recording money are a leader's or admin's steps", async () => {
    const leader = await createUser({ firstName: "Lee", lastName: "Leader" });
    const member = await createUser({ firstName: "Mo", lastName: "Member" });
    const band = await createBand({ name: "Pro Band", subscriptionTier: "pro", members: [{ userId: leader.id, role: "band_leader" }, { userId: member.id, role: "band_member" }] });
    await db.invitation.deleteMany({ where: { bandId: band.id } });
    const cookie = `${await sessionCookieFor(member.id)}; ${await bandCookie(band.id)}`;
    const page = await body<{ steps: { key: string; href: string | null; description: string }[] }>(await callRoute(gettingStartedLoader, buildRequest("/getting-started", { cookie })));
    const byKey = Object.fromEntries(page.steps.map((step) => [step.key, step]));
    expect(byKey.finances).toMatchObject({ href: null, description: "Track gig fees and who is owed what. Your band leader or an admin does this." });
    expect(byKey.songs).toMatchObject({ href: "/songs" });
    const dashboard = await body<{ nextSteps: { key: string }[] }>(await callRoute(dashboardLoader, buildRequest("/dashboard", { cookie })));
    expect(dashboard.nextSteps.map((step) => step.key)).toEqual(["songs", "setlists", "events"]);
  });

  test("Getting Started without a band offers to create one; with a band, the checklist", async () => {
    const { user, cookie } = await signedIn();
    let data = await body<{ band: unknown; steps?: { key: string; done: boolean }[]; isBrandNew?: boolean }>(
      await callRoute(gettingStartedLoader, buildRequest("/getting-started", { cookie })),
    );
    expect(data.band).toBeNull();

    await createBand({ name: "Fresh", members: [{ userId: user.id, role: "band_leader" }] });
    data = await body(await callRoute(gettingStartedLoader, buildRequest("/getting-started", { cookie })));
    expect(data.isBrandNew).toBe(true);
    expect(data.steps?.map((s) => [s.key, s.done])).toEqual([
      ["band", true],
      ["members", false],
      ["songs", false],
      ["setlists", false],
      ["events", false],
    ]);
  });
});

describe("the shell's Getting Started progress", () => {
  test("matches the band's onboarding status at every step, whatever other bands hold", async () => {
    const { getOnboardingStatus } = await import("~/features/bands/onboarding.server");
    const { recordTestMoney } = await import("#tests/helpers/finances");
    const { user, cookie } = await signedIn();
    const band = await createBand({ name: "Setting Up", members: [{ userId: user.id, role: "band_leader" }] });
    // A neighbour band that has done everything changes nothing here.
    const neighbour = await createUser();
    const busy = await createBand({ name: "Zz Busy", subscriptionTier: "pro", members: [{ userId: neighbour.id, role: "band_leader" }, { userId: user.id, role: "band_member" }] });
    await db.song.create({ data: { bandId: busy.id, title: "Theirs" } });
    await db.setlist.create({ data: { bandId: busy.id, name: "Theirs" } });
    await db.event.create({ data: { bandId: busy.id, title: "Theirs", kind: "gig", startsAt: new Date() } });
    await recordTestMoney(busy.id, "expense", 500);
    const shell = async () => (await body<{ onboarding: { overallProgress: number; isBrandNew: boolean } }>(await callRoute(rootLoader, buildRequest("/dashboard", { cookie: `${cookie}; ${await bandCookie(band.id)}` })))).onboarding;
    const expectShell = async (overallProgress: number, isBrandNew = false) => {
      const status = await getOnboardingStatus(band.id);
      expect(status).toMatchObject({ overallProgress, isBrandNew });
      expect(await shell()).toMatchObject({ overallProgress, isBrandNew });
    };
    await expectShell(20, true);
    const expired = await db.invitation.create({ data: { bandId: band.id, email: "late@example.com", role: "band_member", tokenHash: "shell-expired", expiresAt: new Date(Date.now() - 1000) } });
    await expectShell(20, true);
    await db.invitation.update({ where: { id: expired.id }, data: { expiresAt: new Date(Date.now() + 86_400_000) } });
    await expectShell(40, true);
    await db.invitation.update({ where: { id: expired.id }, data: { revokedAt: new Date() } });
    await db.bandMembership.create({ data: { bandId: band.id, userId: neighbour.id, role: "band_member" } });
    await expectShell(40);
    await db.song.create({ data: { bandId: band.id, title: "Ours" } });
    await db.setlist.create({ data: { bandId: band.id, name: "Ours" } });
    await expectShell(80);
    await db.event.create({ data: { bandId: band.id, title: "Ours", kind: "gig", startsAt: new Date() } });
    await expectShell(100);
    await db.band.update({ where: { id: band.id }, data: { subscriptionTier: "pro" } });
    await expectShell(83);
    await recordTestMoney(band.id, "expense", 1200);
    await expectShell(100);
    await db.song.deleteMany({ where: { bandId: band.id } });
    await expectShell(83);
  });
});
