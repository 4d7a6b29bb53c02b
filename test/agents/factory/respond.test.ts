// Factory droid adapter, answering: every decision encodes to the bytes droid 0.225.2
// acted on in real runs (model-view.md §5, docs/agents/factory.md), and the adapter's
// data (kinds, registrations, capability rows) is consistent.
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import factory from "../../../src/agents/factory/adapter.ts";
import type { Decision, Invocation } from "../../../src/contract/types.ts";
import { CAPABILITIES } from "../../../src/agents/capabilities.ts";
import { E2E_FEATURES } from "../../../src/agents/shared/evidence.ts";
import { anyUnpatchedDecision } from "../_decisions.ts";

const fixture = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(`../../fixtures/factory/${name}`, import.meta.url), "utf8"));

const pre = factory.parse("PreToolUse", fixture("PreToolUse-Execute.json"));
const post = factory.parse("PostToolUse", fixture("PostToolUse-Execute.json"));
const stop = factory.parse("Stop", fixture("Stop.json"));
const session = factory.parse("SessionStart", fixture("SessionStart.json"));
const d = (fields: Partial<Decision>): Decision => ({ notices: [], ...fields });
const out = (inv: Invocation, decision: Decision) => factory.respond(inv, decision);
const json = (value: unknown, rest: { stderr?: string; exitCode?: number } = {}) => ({
  stdout: `${JSON.stringify(value)}\n`,
  stderr: rest.stderr ?? "",
  exitCode: rest.exitCode ?? 0,
});
const deny = (reason: string) => ({ hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: reason });
const R = "HOOKIT-DENY: blocked this by policy";
const quiet = { stdout: "", stderr: "", exitCode: 0 };

describe("factory respond", () => {
  it("prints nothing and exits 0 for a plain allow on every kind", () => {
    for (const inv of [pre, post, stop, session]) expect(out(inv, d({}))).toEqual(quiet);
  });

  it('denies with the JSON the model reads as "Error: <reason>", backed by exit 2 and the reason on stderr', () => {
    // Exit 2 keeps the deny when another PreToolUse hook listed earlier answers allow.
    expect(out(pre, d({ block: R }))).toEqual({
      stdout: `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"${R}"}}\n`,
      stderr: R,
      exitCode: 2,
    });
    expect(out(pre, d({ block: " " }))).toEqual(
      json({ hookSpecificOutput: deny("Blocked by hookit policy.") }, { stderr: "Blocked by hookit policy.", exitCode: 2 }),
    );
  });

  it("combines a block with a stop request and notices in one object", () => {
    const notices = [
      { message: "one", severity: "error" as const },
      { message: "two", severity: "info" as const },
    ];
    expect(out(pre, d({ block: R, stopAgent: "S", notices }))).toEqual(
      json({ hookSpecificOutput: deny(R), continue: false, stopReason: "S", systemMessage: "one\ntwo" }, { stderr: R, exitCode: 2 }),
    );
  });

  it("adds the patch text after the result as additionalContext (droid cannot replace a result)", () => {
    expect(out(post, d({ patch: { reason: "r", text: "[BLOCKED by HooKit] r" } }))).toEqual(
      json({ hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "[BLOCKED by HooKit] r" } }),
    );
  });

  it("continues a stop with decision:block, unless the agent must stop", () => {
    expect(out(stop, d({ continueWith: "fix it" }))).toEqual(json({ decision: "block", reason: "fix it" }));
    expect(out(stop, d({ continueWith: "fix it", stopAgent: "halt" }))).toEqual(json({ continue: false, stopReason: "halt" }));
    expect(out(post, d({ stopAgent: "halt" }))).toEqual(json({ continue: false, stopReason: "halt" }));
  });

  it("shows notices through systemMessage on tool and stop events", () => {
    expect(out(stop, d({ notices: [{ message: "untrusted", severity: "warning" }] }))).toEqual(json({ systemMessage: "untrusted" }));
  });

  it("prints nothing on stdout for lifecycle events: droid gives SessionStart's stdout to the model", () => {
    expect(out(session, d({ notices: [{ message: "untrusted", severity: "warning" }], block: R, continueWith: "x" }))).toEqual({
      stdout: "",
      stderr: "untrusted",
      exitCode: 0,
    });
  });

  it("ignores decision fields that do not belong to the invocation's kind", () => {
    expect(out(stop, d({ block: R, patch: { reason: "r", text: "t" } }))).toEqual(quiet);
    expect(out(post, d({ block: R, continueWith: "x" }))).toEqual(quiet);
  });

  it("exits 2 exactly when it denies a tool call, and prints nothing or one JSON object", () => {
    fc.assert(
      fc.property(anyUnpatchedDecision, fc.constantFrom(pre, post, stop, session), (decision, inv) => {
        const reply = out(inv, decision);
        const denies = inv.kind === "tool_call" && decision.block !== undefined;
        expect(reply.exitCode).toBe(denies ? 2 : 0);
        if (inv.kind === "lifecycle") expect(reply.stdout).toBe("");
        if (reply.stdout === "") return;
        const parsed = JSON.parse(reply.stdout);
        if (denies) {
          expect(parsed.hookSpecificOutput.permissionDecision).toBe("deny");
          expect(reply.stderr).toBe(parsed.hookSpecificOutput.permissionDecisionReason);
          expect(reply.stderr.trim()).not.toBe("");
        } else expect(reply.stderr).toBe("");
      }),
    );
  });
});

describe("factory adapter data", () => {
  it("knows droid's events and registers the three that carry hookit events", () => {
    expect(factory.registrations.map((r) => r.native)).toEqual(["PreToolUse", "PostToolUse", "Stop"]);
    for (const event of ["SessionStart", "SessionEnd", "UserPromptSubmit", "Notification", "SubagentStop", "PreCompact"]) {
      expect(factory.kindOf(event)).toBe("lifecycle");
    }
    expect(factory.kindOf("PostToolBatch")).toBeUndefined();
  });

  it("rests what the real-CLI suite does not run on the captured fixtures", () => {
    for (const row of CAPABILITIES.factory) if (!E2E_FEATURES.has(row.feature)) expect(row.verified).toBe("fixtures");
    expect(factory).toMatchObject({ id: "factory", title: "Factory droid", verifiedWith: "0.225.2", timeoutUnit: "s", specVersion: 1 });
  });
});
