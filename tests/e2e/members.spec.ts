import { expect, signInAs, test, uniqueEmail } from "./fixtures";

const PASSWORD = "Fresh-Member-42";

test.describe("members and invitations", () => {
  test.skip(({ isMobile }) => isMobile, "a desktop journey; the phone shell has its own test");
  // Two people in two browsers, and the first database fixture of a worker loads the app's modules.
  test.setTimeout(90_000);

  test("resending an invitation answers under it and opens no member's panel (an invitation's id is no member's)", async ({ page, login, createUser, createBand }) => {
    const leader = await login(await createUser({ firstName: "Lou", lastName: "Leader" }));
    await createBand(leader, { name: `The Resends ${Date.now().toString(36)}` });
    await page.goto("/members");
    const invite = page.getByRole("region", { name: "Invite someone" });
    const email = uniqueEmail("resent");
    await invite.getByLabel("Email").fill(email);
    await invite.getByRole("button", { name: "Send invitation" }).click();
    await expect(invite.getByRole("status")).toContainText(`Invitation sent to ${email}`);
    const pending = page.getByRole("region", { name: "Pending invitations" });
    // Right after the invitation, the resend is refused (its mail's link stays the one that works).
    await pending.getByRole("button", { name: `Resend the invitation to ${email}` }).click();
    await expect(pending).toContainText(`A link was mailed to ${email} a moment ago`);
    await expect(page.getByRole("button", { name: "Save changes" })).toHaveCount(0);
  });

  test("a leader invites someone who signs up from the mail, changes their role, and they leave", async ({
    page,
    browser,
    baseURL,
    javaScriptEnabled,
    login,
    createUser,
    createBand,
    outbox,
  }) => {
    const leader = await login(await createUser({ firstName: "Lou", lastName: "Leader" }));
    const bandName = `The Invitations ${Date.now().toString(36)}`;
    await createBand(leader, { name: bandName });
    const email = uniqueEmail("invitee");

    // The leader invites a new address as a Band Member.
    await page.goto("/members");
    const invite = page.getByRole("region", { name: "Invite someone" });
    await invite.getByLabel("Email").fill(email);
    await invite.getByLabel("Role").selectOption("band_member");
    await invite.getByRole("button", { name: "Send invitation" }).click();
    await expect(invite.getByRole("status")).toContainText(`Invitation sent to ${email}`);

    const mail = await outbox.waitForMail(email, `Lou Leader invited you to join ${bandName}`);
    expect(mail.link).toMatch(/\/invitations\/[\w-]+$/);
    // The same link is shown once, to copy.
    await expect(invite.getByLabel("Invitation link")).toHaveValue(mail.link!);
    await expect(page.getByRole("region", { name: "Pending invitations" })).toContainText(email);

    // The invitee opens the mail's link in their own, signed-out browser and signs up.
    const theirs = await browser.newContext({ baseURL, javaScriptEnabled });
    const newcomer = await theirs.newPage();
    await newcomer.goto(mail.link!);
    await expect(newcomer.getByRole("heading", { name: `Join ${bandName}` })).toBeVisible();
    await expect(newcomer.getByText(`Lou Leader invited you to join ${bandName} as Band Member.`)).toBeVisible();
    await newcomer.getByRole("link", { name: "Create an account" }).click();
    await expect(newcomer).toHaveURL(/\/login\?mode=register/);
    await expect(newcomer.getByText(`You’re invited to ${bandName}`)).toBeVisible();
    await expect(newcomer.getByLabel("Email")).toHaveValue(email);
    await newcomer.getByLabel("First name").fill("Nora");
    await newcomer.getByLabel("Last name (optional)").fill("Newman");
    await newcomer.getByLabel("Password").fill(PASSWORD);
    await newcomer.getByLabel(/I agree to the/).check();
    await newcomer.getByRole("button", { name: "Create account" }).click();
    await expect(newcomer).toHaveURL(/\/getting-started/);
    await expect(newcomer.getByText(`Welcome to ${bandName}`).first()).toBeVisible();

    // They are in the leader's list, and the invitation is no longer pending.
    await page.goto("/members");
    const row = page.getByRole("listitem").filter({ hasText: email });
    // The row's own line (name, badge, email), not the closed edit form below it.
    const summary = row.locator(":scope > div").first();
    await expect(summary).toContainText("Nora Newman");
    await expect(summary.getByText("Band Member", { exact: true })).toBeVisible();
    await expect(page.getByRole("region", { name: "Pending invitations" })).not.toContainText(email);

    // The leader makes them a Band Admin: only the row they chose opens its panel.
    await expect(page.getByLabel("Role", { exact: true })).toHaveCount(1); // the invite form's
    await row.getByRole("link", { name: "Manage Nora Newman" }).click();
    await expect(page).toHaveURL(/[?&]manage=\d+#member-\d+$/);
    await expect(row.getByRole("region", { name: "Manage Nora Newman" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Save changes" })).toHaveCount(1);
    await row.getByLabel("Role").selectOption("band_admin");
    await row.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Changes saved").first()).toBeVisible();
    await expect(summary.getByText("Band Admin", { exact: true })).toBeVisible();
    // Back at the saved row (the panel closed), and with JavaScript the keyboard is on its
    // Manage link, not at the top of the page.
    await expect(page).toHaveURL(/\/members#member-\d+$/);
    if (javaScriptEnabled) await expect(row.getByRole("link", { name: "Manage Nora Newman" })).toBeFocused();

    // The new member leaves, after confirming, and is gone from the list.
    await newcomer.goto("/members");
    await newcomer.locator("summary", { hasText: "Leave band" }).click();
    await newcomer.getByRole("button", { name: `Yes, leave ${bandName}` }).click();
    await expect(newcomer).toHaveURL(/\/getting-started/);
    await expect(newcomer.getByText(`You left ${bandName}`).first()).toBeVisible();

    await page.goto("/members");
    await expect(page.getByRole("heading", { name: "Members", level: 1 })).toBeVisible();
    await expect(page.getByText(email)).toHaveCount(0);
    await theirs.close();
  });
});

test.describe("members: one panel at a time", () => {
  test.skip(({ isMobile }) => isMobile, "a desktop journey");
  test.setTimeout(60_000);

  test("a field error keeps the member's panel open; a pending invitation is revoked after its own confirmation", async ({ page, login, createUser, createBand }) => {
    const leader = await login(await createUser({ firstName: "Lou", lastName: "Leader" }));
    await createBand(leader, { name: `One Panel ${Date.now().toString(36)}` });
    const email = uniqueEmail("pending");

    await page.goto("/members");
    const invite = page.getByRole("region", { name: "Invite someone" });
    await invite.getByLabel("Email").fill(email);
    await invite.getByRole("button", { name: "Send invitation" }).click();
    await expect(invite.getByRole("status")).toContainText(`Invitation sent to ${email}`);

    // The leader's own row: a too-long display name is refused and the panel stays open with it.
    await page.goto("/members");
    await page.getByRole("link", { name: "Edit your details Lou Leader" }).click();
    const panel = page.getByRole("region", { name: "Edit your details Lou Leader" });
    await panel.getByLabel("Display name").fill("x".repeat(51));
    await panel.getByRole("button", { name: "Save changes" }).click();
    await expect(panel.getByText("Display name must be 50 characters or fewer")).toBeVisible();
    // The row's one link toggles the panel: it now says Close (and keeps the keyboard focus).
    await page.getByRole("link", { name: "Close your details" }).click();
    await expect(page.getByRole("region", { name: "Edit your details Lou Leader" })).toHaveCount(0);

    // Revoke opens that invitation's confirmation only; confirming withdraws it.
    const pending = page.getByRole("region", { name: "Pending invitations" });
    await expect(pending.getByRole("button", { name: "Revoke invitation" })).toHaveCount(0);
    await pending.getByRole("link", { name: `Revoke the invitation to ${email}` }).click();
    await expect(pending.getByText(`Withdraw the invitation to ${email}?`)).toBeVisible();
    await pending.getByRole("button", { name: "Revoke invitation" }).click();
    await expect(page.getByText("Invitation withdrawn").first()).toBeVisible();
    await expect(pending).not.toContainText(email);
  });

  test("an invitation used by someone else while it was open says so once when accepted", async ({ page, browser, baseURL, javaScriptEnabled, login, createUser, createBand, outbox }) => {
    const leader = await login(await createUser({ firstName: "Lou", lastName: "Leader" }));
    const bandName = `Used Link ${Date.now().toString(36)}`;
    await createBand(leader, { name: bandName });
    const email = uniqueEmail("used");
    await page.goto("/members");
    const invite = page.getByRole("region", { name: "Invite someone" });
    await invite.getByLabel("Email").fill(email);
    await invite.getByRole("button", { name: "Send invitation" }).click();
    const mail = await outbox.waitForMail(email, `Lou Leader invited you to join ${bandName}`);
    // Two people open the link; the first accepts.
    const [first, second] = await Promise.all([createUser(), createUser()]);
    const pages = [];
    for (const person of [first, second]) {
      const context = await browser.newContext({ baseURL, javaScriptEnabled });
      await signInAs(context, person.id);
      const opened = await context.newPage();
      await opened.goto(mail.link!);
      pages.push(opened);
    }
    await pages[0]!.getByRole("button", { name: "Accept invitation" }).click();
    await expect(pages[0]!).toHaveURL(/\/(dashboard|getting-started)/);
    // The second presses Accept on the page they still have open.
    await pages[1]!.getByRole("button", { name: "Accept invitation" }).click();
    await expect(pages[1]!.getByText("This invitation has already been used.")).toHaveCount(1);
    for (const opened of pages) await opened.context().close();
  });

  test("accepting a second invitation to a band you joined meanwhile says you're a member once", async ({ page, browser, baseURL, javaScriptEnabled, login, createUser, createBand, outbox }) => {
    const leader = await login(await createUser({ firstName: "Lou", lastName: "Leader" }));
    const bandName = `Twice Asked ${Date.now().toString(36)}`;
    await createBand(leader, { name: bandName });
    const emails = [uniqueEmail("work"), uniqueEmail("home")];
    const links = [];
    for (const email of emails) {
      await page.goto("/members");
      const invite = page.getByRole("region", { name: "Invite someone" });
      await invite.getByLabel("Email").fill(email);
      await invite.getByRole("button", { name: "Send invitation" }).click();
      links.push((await outbox.waitForMail(email, `Lou Leader invited you to join ${bandName}`)).link!);
    }
    // One person, invited at two addresses, opens both links, then accepts both.
    const context = await browser.newContext({ baseURL, javaScriptEnabled });
    await signInAs(context, (await createUser()).id);
    const opened = [];
    for (const link of links) {
      const tab = await context.newPage();
      await tab.goto(link);
      opened.push(tab);
    }
    await opened[0]!.getByRole("button", { name: "Accept invitation" }).click();
    await expect(opened[0]!).toHaveURL(/\/(dashboard|getting-started)/);
    await opened[1]!.getByRole("button", { name: "Accept invitation" }).click();
    await expect(opened[1]!.getByText(`You’re already a member of ${bandName}`)).toHaveCount(1);
    await expect(opened[1]!.getByRole("button", { name: `Open ${bandName}` })).toBeVisible();
    await context.close();
  });

  test("a form sent from a tab opened for one band, after another tab switched to another, answers in its own band: its message, its typed value, its invitation link", async ({ page, context, login, createUser, createBand }) => {
    const leader = await login(await createUser({ firstName: "Lou", lastName: "Leader" }));
    const suffix = Date.now().toString(36);
    const first = await createBand(leader, { name: `First Tab ${suffix}` });
    const second = await createBand(leader, { name: `Second Tab ${suffix}` });
    const other = await context.newPage();
    const switchTo = async (bandId: number) => {
      await other.goto("/dashboard");
      const response = await other.request.post("/bands/switch", { form: { bandId: String(bandId), redirectTo: "/dashboard" }, headers: { Origin: new URL(other.url()).origin }, maxRedirects: 0 });
      expect(response.status()).toBeLessThan(400);
    };
    await switchTo(first.id);
    await page.goto("/members");
    await expect(page.getByText(`First Tab ${suffix}`).first()).toBeVisible();
    await page.getByRole("link", { name: "Edit your details Lou Leader" }).click();
    const panel = page.getByRole("region", { name: "Edit your details Lou Leader" });
    await panel.getByLabel("Display name").fill("x".repeat(51));
    // Another tab switches the browser to the second band.
    await switchTo(second.id);
    await panel.getByRole("button", { name: "Save changes" }).click();
    await expect(panel.getByText("Display name must be 50 characters or fewer")).toBeVisible();
    await expect(panel.getByLabel("Display name")).toHaveValue("x".repeat(51));
    // The page is the first band's again, and the browser stays in it.
    await expect(page.getByText(`Everyone in First Tab ${suffix} and their role`)).toBeVisible();
    await other.goto("/members");
    await expect(other.getByText(`Everyone in First Tab ${suffix} and their role`)).toBeVisible();

    // A save that succeeds (a redirect) makes the form's band current again too.
    await switchTo(second.id);
    await panel.getByLabel("Display name").fill("Lou on keys");
    await panel.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Changes saved").first()).toBeVisible();
    await expect(page.getByText(`Everyone in First Tab ${suffix} and their role`)).toBeVisible();
    await other.goto("/members");
    await expect(other.getByText(`Everyone in First Tab ${suffix} and their role`)).toBeVisible();

    // An invitation sent the same way: sent from the first band, its link shown there.
    await switchTo(second.id);
    const email = uniqueEmail("tabs");
    const invite = page.getByRole("region", { name: "Invite someone" });
    await invite.getByLabel("Email").fill(email);
    await invite.getByRole("button", { name: "Send invitation" }).click();
    await expect(invite.getByRole("status")).toContainText(`Invitation sent to ${email}`);
    const { db } = await import("~/utils/db.server");
    expect(await db.invitation.count({ where: { bandId: first.id, email } })).toBe(1);
    await other.close();
  });

  test("a change to a member someone else removed meanwhile is refused out loud, not lost in silence", async ({ page, login, createUser, createBand }) => {
    const leader = await login(await createUser({ firstName: "Lou", lastName: "Leader" }));
    const drummer = await createUser({ firstName: "Dee", lastName: "Drummer" });
    const band = await createBand(leader, { name: `Gone Meanwhile ${Date.now().toString(36)}`, members: [{ userId: drummer.id, role: "band_member" }] });
    await page.goto("/members");
    await page.getByRole("link", { name: "Manage Dee Drummer" }).click();
    const panel = page.getByRole("region", { name: /Dee Drummer/ });
    await panel.getByLabel("Display name").fill("Dee on drums");
    // Another admin removes Dee while the panel is open.
    const { db } = await import("~/utils/db.server");
    await db.bandMembership.deleteMany({ where: { bandId: band.id, userId: drummer.id } });
    await panel.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByRole("alert")).toHaveText("Nothing changed. That member is no longer in the band.");
  });
});
