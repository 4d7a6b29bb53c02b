// `npm run test:fuzz`: the long reliability runs (test/fuzz). One file at a time:
// several of them start dozens of processes and measure how long locks wait.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/fuzz/**/*.test.ts"],
    testTimeout: 600_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
