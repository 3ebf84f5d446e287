import { Secret, TOTP } from "otpauth";
import { expect, test } from "./fixtures";

test.skip(({ isMobile }) => isMobile, "the same forms on every screen size");

const codeFor = (key: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(key.replace(/\s/g, "")) }).generate({ timestamp: Date.now() + offsetSteps * 30_000 });

// With JavaScript on and off (plain form posts): the whole flow is server-rendered.
test("turns on two-step sign-in from the profile, then signing in asks for the code after the password", async ({ page, context, login, createBand, outbox }) => {
  test.setTimeout(60_000);
  const user = await login();
  await createBand(user);

  await page.goto("/profile");
  const section = page.getByRole("region", { name: "Two-step sign-in" });
  await section.getByRole("button", { name: "Set up two-step sign-in" }).click();
  await expect(section.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  await expect(section.locator("svg")).toBeVisible();
  const key = (await section.getByTestId("totp-key").textContent())!;
  expect(key).toMatch(/^[A-Z2-7 ]{16,}$/);

  // Turning it on asks for the password too, and every try counts against the sign-in
  // limit of the one loopback address all journeys share: one refused try, in one project
  // (the wrong password and the other refusals are in tests/integration/mfa.test.ts).
  if (test.info().project.name === "chromium-nojs") {
    await section.getByLabel("Your password").fill(user.password);
    await section.getByLabel("Code from the app").fill("000000");
    await section.getByRole("button", { name: "Turn on two-step sign-in" }).click();
    await expect(section.getByText("That code didn’t match")).toBeVisible();
  }

  await section.getByLabel("Your password").fill(user.password);
  await section.getByLabel("Code from the app").fill(codeFor(key));
  await section.getByRole("button", { name: "Turn on two-step sign-in" }).click();
  await expect(section.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
  await outbox.waitForMail(user.email, "Two-step sign-in is on");

  // Sign in again from scratch: the password alone is not enough.
  await context.clearCookies();
  await page.goto("/login");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/two-step$/);
  await expect(page.getByRole("heading", { name: "Two-step sign-in" })).toBeVisible();

  await page.getByLabel("Code").fill("111111");
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  // Said aloud (an alert), under the field, and the keyboard is back in the field.
  await expect(page.getByRole("alert").filter({ hasText: "That code didn’t work" })).toHaveCount(1);
  await expect(page.getByLabel("Code")).toHaveAccessibleDescription(/That code didn’t work/);
  await expect(page.getByLabel("Code")).toBeFocused();

  await page.getByLabel("Code").fill(codeFor(key, 1));
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(page).toHaveURL(/\/(dashboard|getting-started)/, { timeout: 15_000 });
  await expect(page.getByText("Welcome back!").first()).toBeVisible();
});

test("a platform admin sent to turn it on goes back to the admin page they asked for", async ({ page, login, createUser }) => {
  const admin = await createUser({ firstName: "Ada", lastName: "Admin", isPlatformAdmin: true });
  await login(admin);
  await page.goto("/admin/users?q=ann");
  await expect(page).toHaveURL(/\/profile\?mfa=required&next=/);
  const section = page.getByRole("region", { name: "Two-step sign-in" });
  await expect(section.getByRole("alert")).toBeVisible();
  await section.getByRole("button", { name: "Set up two-step sign-in" }).click();
  // The setup step keeps where they are going.
  await expect(page).toHaveURL(/\/profile\?mfa=required&next=%2Fadmin%2Fusers%3Fq%3Dann#two-step$/);
  // The step replacing the pressed button starts the reader at the section's heading.
  if (test.info().project.name === "chromium-js") await expect(section.getByRole("heading", { name: "Two-step sign-in" })).toBeFocused();
  const key = (await section.getByTestId("totp-key").textContent())!;
  if (test.info().project.name === "chromium-js") {
    // A wrong code puts the keyboard on the code field, with JavaScript as without.
    await section.getByLabel("Your password").fill(admin.password);
    await section.getByLabel("Code from the app").fill("000000");
    await section.getByRole("button", { name: "Turn on two-step sign-in" }).click();
    await expect(section.getByLabel("Code from the app")).toBeFocused();
  }
  await section.getByLabel("Your password").fill(admin.password);
  await section.getByLabel("Code from the app").fill(codeFor(key));
  await section.getByRole("button", { name: "Turn on two-step sign-in" }).click();
  await expect(section.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
  await section.getByRole("link", { name: "Continue to the admin area" }).click();
  await expect(page).toHaveURL(/\/admin\/users\?q=ann$/);
  await expect(page.getByRole("heading", { name: "Users", level: 1 })).toBeVisible();
});
