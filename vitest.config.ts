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
    // Worker threads rather than child processes: each file still gets a fresh thread with
    // its own modules and its own copy of process.env (tests/setup-test-env.ts points it at
    // the file's database), and starting a thread costs less than starting a process: the
    // suite took 182 s against 207 s with "forks" on the 2-core machine, back to back.
    pool: "threads",
    // Vitest's default is one worker fewer than the cores: on a 2-core machine (CI's) that
    // is one file at a time, and a core mostly idle. Two at once took the suite from 232 s
    // to 185 s there.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
  },
});
