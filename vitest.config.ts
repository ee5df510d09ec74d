import os from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    environment: "node",
    include: [
      "app/**/*.test.{ts,tsx}",
      "server/**/*.test.ts",
      "scripts/**/*.test.ts",
      "tests/**/*.test.ts",
    ],
    exclude: ["tests/e2e/**", "node_modules/**", "build/**"],
    globalSetup: ["tests/global-setup.ts"],
    setupFiles: ["tests/setup.ts"],
    env: { SESSION_SECRET: "vitest-session-secret-0123456789abcdef" },
    // Vitest's default is one worker fewer than the cores: a single worker on CI's two cores.
    // Two workers there took the whole suite from 12.7 to 9.1 min (docs/budgets.md "CI time").
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
