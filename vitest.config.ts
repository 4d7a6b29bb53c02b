import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    exclude: ["test/e2e/**", "test/fuzz/**", "node_modules/**"],
    // A hang guard, not a speed limit: on a machine other jobs load, the files that start hundreds of
    // hookit processes need more than 20 s for a test that takes 5 s on a quiet one.
    testTimeout: 60_000,
    // Vitest's default is cores - 1 workers: one on a 2-core machine, so the suite ran one file at a
    // time while most files wait on the hookit processes and shells they start. Two keep both cores
    // busy; three pushed the slow process tests past their timeouts on a loaded machine.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
