import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    exclude: ["test/e2e/**", "test/fuzz/**", "node_modules/**"],
    testTimeout: 20_000,
    // Vitest's default on a 2-core machine is one worker (cores - 1), so the suite ran one file at a
    // time. Most files spend their time waiting on the hookit processes and shells they start, so
    // three workers keep both cores busy.
    maxWorkers: 3,
  },
});
