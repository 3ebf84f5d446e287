import { expect, test } from "./fixtures";

// Forms validate on the server (no zod in the browser). conform, asked to revalidate on
// input without a client validator, posts the whole form to the action on every keystroke:
// on a phone that is a request per letter, and on /login each one counts against the
// sign-in rate limit. After a refused submit, typing must not post anything.
test.describe("server-validated forms", () => {
  test.skip(({ javaScriptEnabled, isMobile }) => !javaScriptEnabled || isMobile, "conform's client behaviour; one project is enough");

  test("after a refused sign-up, correcting a field posts nothing until the next submit", async ({ page }) => {
    await page.goto("/login?mode=register");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Password").fill("!!!");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText("Invalid email address")).toBeVisible();

    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() !== "GET") posts.push(request.url());
    });
    await page.getByLabel("Email").pressSequentially("robin@example.com", { delay: 20 });
    await page.getByLabel("First name").pressSequentially("Robin", { delay: 20 });
    // Give any keystroke-triggered submission time to leave the page.
    await page.waitForTimeout(750);
    expect(posts).toEqual([]);
  });

  test("a refused submit puts focus on the first field in error", async ({ page }) => {
    await page.goto("/login?mode=register");
    await page.waitForFunction(() => "__remixRouter" in window);
    await page.getByLabel("First name").fill("Robin");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText("Invalid email address")).toBeVisible();
    await expect(page.getByLabel("Email")).toBeFocused();
    await expect(page.getByLabel("First name")).toHaveValue("Robin");
  });

  test("the song form's refused save focuses the field in error, not a button before it (Look up) nor its hidden Enter-saves control", async ({ page, login, createBand }) => {
    await createBand(await login(), { name: `Focus Band ${Date.now().toString(36)}` });
    await page.goto("/songs/new");
    await page.waitForFunction(() => "__remixRouter" in window);
    await page.getByLabel("Title").fill("Drone");
    await page.getByLabel("Tempo (BPM)").fill("999");
    await page.getByRole("button", { name: "Add song" }).click();
    await expect(page.getByText("Tempo must be a whole number of beats per minute from 20 to 400")).toBeVisible();
    await expect(page.getByLabel("Tempo (BPM)")).toBeFocused();
  });
});

test.describe("a form too large to send", () => {
  test.skip(({ isMobile }) => isMobile, "the server's answer is the same on every screen");

  test("says so and keeps what was typed (with JavaScript the page stays; without, the refusal page)", async ({ page, login, createBand, javaScriptEnabled }) => {
    await createBand(await login(), { name: `Big Form Band ${Date.now().toString(36)}` });
    await page.goto("/songs/new");
    if (javaScriptEnabled) await page.waitForFunction(() => "__remixRouter" in window);
    await page.getByLabel("Title").fill("The Long One");
    // 150,000 characters: the whole form is over the 100 KB every page form may be.
    await page.getByLabel("Notes").fill("la ".repeat(50_000));
    await page.getByRole("button", { name: "Add song" }).click();
    if (javaScriptEnabled) {
      // Not the 500 screen Remix showed when it could not read the plain 413 page as the action's answer.
      // Exact: Radix's announcement for screen readers holds the same words for a moment, after its title.
      await expect(page.getByText("This form is too large to send (the limit is 100 KB). Shorten it and try again.", { exact: true })).toBeVisible();
      await expect(page.getByText("Something went wrong")).toHaveCount(0);
      await expect(page).toHaveURL(/\/songs\/new$/);
      await expect(page.getByLabel("Title")).toHaveValue("The Long One");
      expect((await page.getByLabel("Notes").inputValue()).length).toBe(150_000);
    } else {
      await expect(page.getByRole("heading", { name: "Form too large" })).toBeVisible();
      await expect(page.getByText("This form is too large to send (the limit is 100 KB). Shorten it and try again.")).toBeVisible();
    }
  });
});

test("a lineup instrument the server refuses is said beside that person's instrument, and the form keeps what was typed", async ({ page, login, createUser, createBand, isMobile }) => {
  test.skip(isMobile, "the same form on every screen");
  const tom = await createUser({ firstName: "Tom", lastName: "Okafor" });
  await createBand(await login(), { name: `Lineup Band ${Date.now().toString(36)}`, members: [{ userId: tom.id, role: "band_member" }] });
  await page.goto("/events/new?date=2031-02-11");
  await page.getByLabel("Title").fill("Valentine's gig");
  await page.getByLabel("Start time").fill("20:00");
  await page.getByRole("checkbox", { name: "Tom Okafor" }).check();
  // U+FFFD: what bytes that were not UTF-8 become, refused as a character nobody types.
  await page.getByLabel("Tom Okafor’s instrument").fill("Bass \uFFFD");
  await page.getByRole("button", { name: "Create event" }).click();
  const instrument = page.getByLabel("Tom Okafor’s instrument");
  await expect(page.getByText("Instrument can only hold characters you can type")).toBeVisible();
  await expect(instrument).toHaveAttribute("aria-invalid", "true");
  await expect(instrument).toHaveAccessibleDescription("Instrument can only hold characters you can type");
  await expect(page.getByLabel("Title")).toHaveValue("Valentine's gig");
});

test("a verification link that no longer works says so in the spec's words, and what to do next", async ({ page }) => {
  await page.goto("/login?error=invalid-token");
  await expect(page.getByText("Verification Error")).toBeVisible();
  await expect(page.getByText("Invalid or expired verification link")).toBeVisible();
  await expect(page.getByText("Sign in below: if your address still needs verifying, you can have a new link sent from there.", { exact: false })).toBeVisible();
  // Good news carries no such hint.
  await page.goto("/login?verified=true");
  await expect(page.getByText("Email Verified!")).toBeVisible();
  await expect(page.getByText("Sign in below: if your address")).toHaveCount(0);
});

test("the address typed on /login goes along to 'Forgot your password?', 'Sign up' and back (with JavaScript); without it the links still open each mode", async ({ page, javaScriptEnabled }) => {
  await page.goto("/login");
  const email = page.getByLabel("Email");
  await email.fill("drummer@example.com");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page).toHaveURL(/mode=forgot/);
  await expect(page.getByLabel("Email")).toHaveValue(javaScriptEnabled ? "drummer@example.com" : "");
  await page.getByLabel("Email").fill("singer@example.com");
  await page.getByRole("link", { name: "Back to login" }).click();
  await expect(page.getByLabel("Email")).toHaveValue(javaScriptEnabled ? "singer@example.com" : "");
  await page.getByRole("link", { name: "Sign up" }).click();
  await expect(page).toHaveURL(/mode=register/);
  await expect(page.getByLabel("Email")).toHaveValue(javaScriptEnabled ? "singer@example.com" : "");
  // A link someone sends with an address in it opens the form with that address; anything else is ignored.
  await page.goto("/login?email=bassist%40example.com");
  await expect(page.getByLabel("Email")).toHaveValue("bassist@example.com");
  await page.goto("/login?email=not%0Aan-address");
  await expect(page.getByLabel("Email")).toHaveValue("");
  // Half an address typed goes along as typed.
  await page.goto("/login?mode=forgot&email=dana");
  await expect(page.getByLabel("Email")).toHaveValue("dana");
});
