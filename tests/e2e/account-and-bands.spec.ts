import { expect, test, uniqueEmail } from "./fixtures";

// Spec section 5: every registration rule's message, letter for letter.
const REGISTER_MESSAGES = [
  "Invalid email address",
  "Password must be at least 8 characters",
  "Password must contain an uppercase letter",
  "Password must contain a lowercase letter",
  "Password must contain a number",
  "First name is required",
  "You must agree to the Terms of Service and Privacy Policy",
];

const PASSWORD = "Night-Owls-2024";

test.describe("a newcomer's first visit", () => {
  test.skip(({ isMobile }) => isMobile, "the desktop journey; the mobile shell has its own test");

  test("registers, verifies from the mail, signs in, creates and switches bands, keeps the band on reload, signs out", async ({ page, javaScriptEnabled, outbox }) => {
    const email = uniqueEmail("newcomer");

    // Register: one submit that breaks every rule shows each rule's message exactly once.
    await page.goto("/");
    await page.getByRole("link", { name: "Start Free" }).first().click();
    await expect(page).toHaveURL(/\/login\?mode=register/);
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Password").fill("!!!");
    await page.getByRole("button", { name: "Create account" }).click();
    for (const message of REGISTER_MESSAGES) {
      await expect(page.getByText(message, { exact: true })).toHaveCount(1);
    }

    await page.getByLabel("First name").fill("Robin");
    await page.getByLabel("Last name (optional)").fill("Marsh");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByLabel(/I agree to the/).check();
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/verification-pending\?email=/);
    await expect(page.getByText(email)).toBeVisible();

    // Signing in before verifying is refused with a way to resend.
    const mail = await outbox.waitForMail(email, /Confirm your email/);
    expect(mail.link).toBeTruthy();

    await page.goto(mail.link!);
    await expect(page).toHaveURL(/\/login\?verified=true/);
    await expect(page.getByText("Email Verified!")).toBeVisible();
    await expect(page.getByText("Your email has been verified successfully. You can now log in.")).toBeVisible();

    // Opened again (a second click, or a mail scanner got there first): it verifies nothing
    // more, and says the address is verified rather than "Invalid or expired".
    await page.goto(mail.link!);
    await expect(page).toHaveURL(/\/login\?verified=true/);
    await expect(page.getByText("Email Verified!")).toBeVisible();

    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    // A brand-new account has no band: the onboarding redirect lands on Getting Started.
    await expect(page).toHaveURL(/\/getting-started/);
    await expect(page.getByText("Welcome back!").first()).toBeVisible();

    // Create a band: the too-long name is refused with the spec's message.
    await page.getByLabel("Band name").fill("x".repeat(51));
    await page.getByRole("button", { name: /Create band/i }).click();
    await expect(page.getByText("Band name is too long", { exact: true })).toHaveCount(1);
    await page.getByLabel("Band name").fill("The Night Owls");
    await page.getByRole("button", { name: /Create band/i }).click();
    await expect(page).toHaveURL(/\/getting-started/);
    await expect(page.getByText("The Night Owls has been created successfully").first()).toBeVisible();
    const switcher = page.locator("aside details").first();
    await expect(switcher.locator("summary")).toContainText("The Night Owls");
    await expect(switcher.locator("summary")).toContainText("Band Leader");

    // A second band becomes current.
    await page.goto("/bands/new");
    await page.getByLabel("Band name").fill("Acoustic Duo");
    await page.getByRole("button", { name: /Create band/i }).click();
    await expect(page).toHaveURL(/\/getting-started/);
    await expect(switcher.locator("summary")).toContainText("Acoustic Duo");

    // Switch back through the band switcher (a <details> menu: works without JavaScript).
    await switcher.locator("summary").click();
    await switcher.getByRole("button", { name: /The Night Owls/ }).click();
    await expect(switcher.locator("summary")).toContainText("The Night Owls");
    // With JavaScript the pressed button (in the menu that closed) hands the keyboard to the
    // page's main area, not to the top of the document.
    if (javaScriptEnabled) await expect(page.locator("main")).toBeFocused();

    // The choice is remembered: a reload renders the same band from the server.
    await page.reload();
    await expect(switcher.locator("summary")).toContainText("The Night Owls");

    // Sign out ends the session: the signed-in pages send the browser to sign in.
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard/);
  });

  test("the login form answers a wrong password without saying whether the account exists", async ({ page, createUser }) => {
    const user = await createUser();
    for (const email of [user.email, uniqueEmail("nobody")]) {
      await page.goto("/login");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill("Wrong-password-1");
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByText("Login failed").first()).toBeVisible();
      await expect(page.getByText("Invalid email or password").first()).toBeVisible();
    }
  });

  test("a refused submit reloads nothing: one request, the submit's own", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "without JavaScript the page is the POST's answer");
    await page.goto("/login");
    const reloads: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "GET" && /\.data(\?|$)/.test(request.url())) reloads.push(request.url());
    });
    // Refused by the form's rules (a 400 that counts no sign-in attempt against the suite's address).
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Password").fill("Whatever-1");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Invalid email address").first()).toBeVisible();
    await page.waitForTimeout(500);
    expect(reloads).toEqual([]);
  });

  test("a submit the server cannot answer (a 500, no connection) stays on the form with the spec's toast, not the error page", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "without JavaScript the browser shows whatever the server answered");
    const cases = [
      { mode: "", button: "Sign in", fill: { Email: "someone@example.com", Password: "Whatever-1" }, title: "Login failed" },
      { mode: "?mode=register", button: "Create account", fill: { Email: "someone@example.com", Password: "Whatever-123", "First name": "Sam" }, title: "Registration failed" },
      { mode: "?mode=forgot", button: "Send reset link", fill: { Email: "someone@example.com" }, title: "Request failed" },
    ];
    for (const [index, one] of cases.entries()) {
      // Half the cases a bare 500 (a proxy's), half the connection gone.
      await page.route(/\/login\.data/, (route) => (index % 2 ? route.abort("internetdisconnected") : route.fulfill({ status: 500, body: "Internal Server Error" })));
      await page.goto(`/login${one.mode}`);
      for (const [label, value] of Object.entries(one.fill)) await page.getByLabel(label, { exact: true }).fill(value);
      if (one.mode === "?mode=register") await page.getByLabel(/I agree/).check();
      await page.getByRole("button", { name: one.button }).click();
      const toast = page.getByRole("status").filter({ hasText: one.title });
      await expect(toast).toBeVisible();
      await expect(toast).toContainText("An error occurred");
      await expect(page.getByRole("button", { name: one.button })).toBeVisible();
      await expect(page.getByLabel("Email", { exact: true })).toHaveValue("someone@example.com");
      await page.unroute(/\/login\.data/);
    }
  });
});

test("changes the sign-in address through a link mailed to the new one, then signs in with it", async ({ page, context, login, createBand, outbox, isMobile }) => {
  test.skip(isMobile, "the same forms on a phone; phone-fit.spec.ts checks /profile fits one");
  const user = await login();
  await createBand(user);
  const to = `moved-${Date.now().toString(36)}@example.com`;
  await page.goto("/profile");
  const section = page.getByRole("region", { name: "Email" });
  await expect(section.getByText(user.email)).toBeVisible();
  await section.getByLabel("New email").fill(to);
  await section.getByLabel("Your password").fill(user.password);
  await section.getByRole("button", { name: "Send confirmation link" }).click();
  await expect(section.getByRole("status")).toContainText(`We sent a link to ${to}`);

  const mail = await outbox.waitForMail(to, "Confirm your new email for Bandroom");
  await page.goto(mail.link!);
  await expect(page.getByRole("heading", { name: "Confirm your new email" })).toBeVisible();
  await page.getByRole("button", { name: "Use this email" }).click();
  await expect(page).toHaveURL(/\/profile#email$/);
  await expect(page.getByText(`You sign in with ${to} from now on.`).first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Email" }).getByText(to, { exact: true })).toBeVisible();
  await outbox.waitForMail(user.email, "Your Bandroom email was changed");

  // The link again: used up.
  await page.goto(mail.link!);
  await expect(page.getByRole("heading", { name: "Email not changed" })).toBeVisible();

  await context.clearCookies();
  await page.goto("/login");
  await page.getByLabel("Email").fill(to);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/(dashboard|getting-started)/);
});

test.describe("the signed-in shell on a phone", () => {
  test.skip(({ isMobile }) => !isMobile, "phone layout only");

  test("shows the bottom tab bar (seven columns for a Pro band) and a slide-out menu", async ({ page, login, createBand }) => {
    const user = await login();
    await createBand(user, { name: "Pro Band", subscriptionTier: "pro" });
    await page.goto("/dashboard");

    const tabs = page.getByRole("navigation", { name: "Sections" });
    await expect(tabs).toBeVisible();
    for (const label of ["Getting Started", "Dashboard", "Calendar", "Setlists", "Songs", "Members", "Finances"]) {
      await expect(tabs.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(tabs).toHaveClass(/grid-cols-7/);
    // The desktop side panel is not shown on a phone.
    await expect(page.locator("aside")).toBeHidden();

    await page.getByText("Menu", { exact: true }).locator("..").click();
    const menu = page.getByRole("navigation", { name: "Main" });
    await expect(menu.getByRole("link", { name: "Calendar" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign Out" })).toBeVisible();
    await menu.getByRole("link", { name: "Calendar" }).click();
    await expect(page).toHaveURL(/\/calendar/);
    // The menu closed with the link in it: the keyboard goes on from the page, not from the top of the document.
    await expect(page.locator("main")).toBeFocused();
  });

  test("a free band's tab bar has six columns", async ({ page, login, createBand }) => {
    const user = await login();
    await createBand(user, { name: "Free Band" });
    await page.goto("/dashboard");
    const tabs = page.getByRole("navigation", { name: "Sections" });
    await expect(tabs).toHaveClass(/grid-cols-6/);
    await expect(tabs.getByText("Finances", { exact: true })).toHaveCount(0);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the open menu keeps the keyboard: Tab past Sign Out never lands on the page hidden under it", async ({ page, login, createBand }) => {
      await createBand(await login(), { name: "Keyboard Band" });
      await page.goto("/dashboard");
      await page.getByText("Menu", { exact: true }).locator("..").click();
      await page.getByRole("link", { name: "Sign Out" }).focus();
      for (let i = 0; i < 4; i++) {
        await page.keyboard.press("Tab");
        expect(await page.evaluate(() => Boolean(document.activeElement?.closest("#main, nav[aria-label='Sections']")))).toBe(false);
      }
    });
  });
});
