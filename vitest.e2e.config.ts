import { defineConfig } from "vitest/config";

// End-to-end conformance against the real agent CLIs (docs/e2e.md). Each scenario spawns a real
// CLI, so files run one at a time (the reference machine has 2 cores and some CLIs are heavy),
// and timeouts cover a CLI's own 120 s limit plus setup.
export default defineConfig({
  test: {
    include: ["test/e2e/**/*.e2e.test.ts"],
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 180_000,
    hookTimeout: 60_000,
    reporters: ["default"],
  },
});
