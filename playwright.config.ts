import fs from "node:fs";
import { defineConfig, type LaunchOptions } from "@playwright/test";
import { E2E_BASE_URL } from "./tests/e2e/e2e-env.ts";

const SYSTEM_CHROMIUM = "/usr/bin/chromium";

/**
 * These machines cannot download Playwright's own browser, so Debian's Chromium is used
 * when present; the flags stop it from reaching for a network that is not there.
 * PLAYWRIGHT_CHROMIUM_PATH picks any other binary; a laptop with neither gets
 * Playwright's bundled Chromium (`npx playwright install chromium`).
 */
function chromiumLaunchOptions(): LaunchOptions {
  const executablePath = process.env.PLAYWRIGHT_CHROMIUM_PATH || (fs.existsSync(SYSTEM_CHROMIUM) ? SYSTEM_CHROMIUM : undefined);
  if (!executablePath) return {};
  return {
    executablePath,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-quic",
      "--no-first-run",
    ],
  };
}

/**
 * The server sees every request from the same loopback address, and the auth forms
 * are rate limited per IP (10 a minute per flow). Journeys that are not about signing
 * in use the `login` fixture, which writes a session straight into the database, so
 * the suite stays well under the real limits instead of weakening them.
 */
export default defineConfig({
  testDir: "./tests/e2e",
  outputDir: "./test-results",
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  // One retry in CI only: a machine twice as slow as usual once failed the suite's first
  // journey on a cold server, and no run here could reproduce it. A test that fails twice
  // still fails CI, and the list reporter names every test that needed the retry ("flaky").
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  reporter: [["list"]],
  timeout: 30_000,
  // Sign-up and sign-in hash with argon2id; on a busy 2-core machine a redirect after it can take over 5 s.
  expect: { timeout: 10_000 },
  use: {
    baseURL: E2E_BASE_URL,
    launchOptions: chromiumLaunchOptions(),
    // Recording a trace costs every test about a fifth of its time, whether it fails or
    // not: CI records one only for a test's retry (the run that tells what went wrong);
    // locally every test records and keeps the trace of a failure.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "chromium-js", use: { browserName: "chromium", javaScriptEnabled: true, viewport: { width: 1280, height: 800 } } },
    { name: "chromium-nojs", use: { browserName: "chromium", javaScriptEnabled: false, viewport: { width: 1280, height: 800 } } },
    {
      name: "mobile",
      use: { browserName: "chromium", javaScriptEnabled: true, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 },
    },
    // No browser: each spec starts its own built server (tests/server/built-server.ts) with the environment it tests.
    // A spec's beforeAll migrates a fresh database and starts the server: room for a busy machine.
    { name: "built-server", testDir: "./tests/server", timeout: 90_000 },
  ],
  webServer: {
    // Resets data/e2e/, migrates, seeds, then serves build/ (rebuilt when missing or stale).
    command: "node_modules/.bin/tsx scripts/e2e-server.ts",
    url: `${E2E_BASE_URL}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
