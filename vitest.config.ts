import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "~": path.resolve(import.meta.dirname, "app"),
      "#tests": path.resolve(import.meta.dirname, "tests"),
    },
  },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "tests/integration/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
    globalSetup: ["tests/global-setup.ts"],
    setupFiles: ["tests/setup-test-env.ts"],
    environment: "node",
    restoreMocks: true,
    testTimeout: 20_000,
    pool: "forks",
    // Vitest's default is one worker fewer than the cores: on a 2-core machine (CI's) that
    // is one file at a time, and a core mostly idle. Two at once took the suite from 232 s
    // to 185 s there.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
  },
});
