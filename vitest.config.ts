import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    exclude: ["test/e2e/**", "test/fuzz/**", "node_modules/**"],
    testTimeout: 20_000,
  },
});
