// defineAdapter derives kindOf from the registrations, the event table and the lifecycle list;
// withEvidence fills each capability row's `verified` cell from a real CLI version or from what
// else backs the agent.
import { describe, expect, test } from "vitest";
import { SPEC_VERSION, type Invocation } from "../../src/contract/types.ts";
import { defineAdapter } from "../../src/agents/shared/define.ts";
import { withEvidence } from "../../src/agents/shared/evidence.ts";

const base = {
  id: "dummy",
  title: "Dummy",
  timeoutUnit: "s" as const,
  registrations: [],
  kinds: { PreToolUse: "tool_call", Stop: "stop" } as const,
  payload: { name: "Dummy", fields: {} },
  read: ({ invocation }: { invocation: Invocation }) => invocation,
  respond: () => ({ stdout: "", stderr: "", exitCode: 0 }),
};
const rows = [
  { feature: "tool_call", native: "PreToolUse", support: "native" as const, notes: "" },
  { feature: "turn_end", native: "", support: "impossible" as const, notes: "" },
];

describe("defineAdapter", () => {
  test("kindOf: the table, the lifecycle list, and a misspelt pre-tool event is a tool_call", () => {
    const adapter = defineAdapter({ ...base, verifiedWith: "1.0.0", lifecycle: ["SessionStart"] });
    expect(adapter.specVersion).toBe(SPEC_VERSION);
    expect(adapter.kindOf("PreToolUse")).toBe("tool_call");
    expect(adapter.kindOf("Stop")).toBe("stop");
    expect(adapter.kindOf("SessionStart")).toBe("lifecycle");
    expect(adapter.kindOf("pre_tool_use")).toBe("tool_call");
    expect(adapter.kindOf("Elsewhere")).toBeUndefined();
  });

  test("kindOf: each registered event is known with its registration's kind, without a table entry", () => {
    const registrations = [{ native: "AfterTool", kind: "tool_result" as const, matcher: "*" }];
    const adapter = defineAdapter({ ...base, verifiedWith: "1.0.0", registrations });
    expect(adapter.kindOf("AfterTool")).toBe("tool_result");
    expect(adapter.kindOf("PreToolUse")).toBe("tool_call");
  });

  test("the adapter object carries no event table and no capability table (doctor and the docs read capabilities.ts)", () => {
    const adapter = defineAdapter({ ...base, verifiedWith: "1.0.0" });
    expect(Object.keys(adapter)).not.toContain("kinds");
    expect(Object.keys(adapter)).not.toContain("capabilities");
  });
});

describe("withEvidence", () => {
  test("verified: the real CLI version on the rows the e2e suite proves, fixtures elsewhere", () => {
    expect(withEvidence(rows, "1.0.0").map((row) => row.verified)).toEqual(["real CLI 1.0.0 (npm run test:e2e)", "fixtures"]);
  });

  test("verified: an agent no real CLI backs says what does, on every row", () => {
    expect(withEvidence(rows, undefined, "documented only").map((row) => row.verified)).toEqual(["documented only", "documented only"]);
  });
});
