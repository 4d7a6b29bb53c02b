// Smoke: every pinned CLI talks to its fake model offline and round-trips one shell tool call,
// with a hand-written hook (no hookit involved) proving that the test-only trust switches work.
import { afterAll, describe, expect, it } from "vitest";
import type { CliId } from "./agents.ts";
import { disposeScratch, runScenario } from "./harness.ts";
import { afterLastToolCall } from "./views.ts";

afterAll(disposeScratch);

const CLIS: CliId[] = ["claude", "codex", "gemini", "copilot", "pi", "factory", "kimi"];

describe("smoke: CLI ↔ fake model round trip", () => {
  it.each(CLIS)("%s runs one shell call and answers", async (agent) => {
    const r = await runScenario({
      agent,
      name: "smoke",
      captureHook: agent !== "pi",
      turns: [{ shell: "printf 'e2e-%s\\n' smoke-ok > smoke.txt && cat smoke.txt" }, { say: "Smoke done." }],
    });
    expect(r.modelRequests.length, r.summary()).toBe(2);
    expect(r.exists("smoke.txt"), r.summary()).toBe(true);
    expect(afterLastToolCall(r.views[1] ?? []), r.summary()).toContain("e2e-smoke-ok");
    if (agent !== "pi") expect(r.captures.length, r.summary()).toBeGreaterThanOrEqual(1);
  });
});
