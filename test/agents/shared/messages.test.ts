// How each adapter encodes a message Action's context and hookit's ask, from captured payloads.
// The encodings are the ones the real CLIs were seen to honour (test/e2e/messages.e2e.test.ts):
// an ask is "ask" only where the CLI's headless run refuses it, everywhere else the deny itself.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import antigravity from "../../../src/agents/antigravity/adapter.ts";
import claude from "../../../src/agents/claude/adapter.ts";
import codex from "../../../src/agents/codex/adapter.ts";
import copilot from "../../../src/agents/copilot/adapter.ts";
import cursor from "../../../src/agents/cursor/adapter.ts";
import factory from "../../../src/agents/factory/adapter.ts";
import gemini from "../../../src/agents/gemini/adapter.ts";
import kimi from "../../../src/agents/kimi/adapter.ts";
import type { Adapter, Decision, Invocation } from "../../../src/contract/types.ts";

const load = (agent: string, name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../fixtures/${agent}/${name}`, import.meta.url), "utf8"));
const parse = (adapter: Adapter, event: string, file: string): Invocation => adapter.parse(event, load(adapter.id, file));
const out = (adapter: Adapter, invocation: Invocation, fields: Partial<Decision>) => {
  const reply = adapter.respond(invocation, { notices: [], ...fields });
  return { ...reply, json: reply.stdout ? (JSON.parse(reply.stdout) as Record<string, unknown>) : undefined };
};

const ASK = { block: "R\n\nM\n\nnote", ask: "M" };
const CONTEXT = { context: "Run the tests." };

describe("ask", () => {
  it("Claude Code: permissionDecision ask with the asking message", () => {
    expect(out(claude, parse(claude, "PreToolUse", "PreToolUse-Bash.json"), ASK).json).toEqual({
      hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "ask", permissionDecisionReason: "M" },
    });
  });

  it("Copilot: permissionDecision ask (camelCase config) with the asking message", () => {
    expect(out(copilot, parse(copilot, "preToolUse", "preToolUse-camelCase.json"), ASK).json).toEqual({
      permissionDecision: "ask",
      permissionDecisionReason: "M",
    });
  });

  const denies: [Adapter, string, string, unknown][] = [
    [
      codex,
      "PreToolUse",
      "PreToolUse-Bash.json",
      { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: ASK.block } },
    ],
    [gemini, "BeforeTool", "BeforeTool-run_shell_command.json", { decision: "deny", reason: ASK.block }],
    [
      factory,
      "PreToolUse",
      "PreToolUse-Execute.json",
      { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: ASK.block } },
    ],
    [
      kimi,
      "PreToolUse",
      "PreToolUse-Bash.json",
      { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: ASK.block } },
    ],
    [antigravity, "PreToolUse", "PreToolUse-run_command-docs-example.json", { decision: "deny", reason: ASK.block }],
  ];
  it.each(denies)(
    "%s: an ask is exactly the deny with the block text (its ask runs the tool, hangs or is unverified)",
    (adapter, event, file, want) => {
      const asked = out(adapter, parse(adapter, event, file), ASK);
      expect(asked.json).toEqual(want);
      expect(asked.stdout).toBe(out(adapter, parse(adapter, event, file), { block: ASK.block }).stdout);
    },
  );

  it("Cursor: an ask is the deny (preToolUse does not enforce ask)", () => {
    expect(out(cursor, parse(cursor, "preToolUse", "preToolUse-Shell-docs-example.json"), ASK).json).toMatchObject({
      permission: "deny",
      agent_message: ASK.block,
    });
  });
});

describe("message context on an answer that refuses nothing", () => {
  it("Claude Code: additionalContext on PreToolUse and PostToolUse; nothing else in the answer", () => {
    for (const [event, file] of [
      ["PreToolUse", "PreToolUse-Bash.json"],
      ["PostToolUse", "PostToolUse-Bash.json"],
    ] as const) {
      expect(out(claude, parse(claude, event, file), CONTEXT).json).toEqual({
        hookSpecificOutput: { hookEventName: event, additionalContext: CONTEXT.context },
      });
    }
  });

  it("Codex: exactly hookEventName + additionalContext (any other field fails open)", () => {
    expect(out(codex, parse(codex, "PreToolUse", "PreToolUse-Bash.json"), CONTEXT).json).toEqual({
      hookSpecificOutput: { hookEventName: "PreToolUse", additionalContext: CONTEXT.context },
    });
    expect(out(codex, parse(codex, "PostToolUse", "PostToolUse-Bash.json"), CONTEXT).json).toEqual({
      hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: CONTEXT.context },
    });
  });

  it("Copilot: top-level additionalContext on preToolUse and postToolUse", () => {
    expect(out(copilot, parse(copilot, "preToolUse", "preToolUse-camelCase.json"), CONTEXT).json).toEqual({
      additionalContext: CONTEXT.context,
    });
    expect(out(copilot, parse(copilot, "postToolUse", "postToolUse-camelCase.json"), CONTEXT).json).toEqual({
      additionalContext: CONTEXT.context,
    });
  });

  it("Gemini and droid: after the tool only; before it the user is told the message could not reach the model", () => {
    expect(out(gemini, parse(gemini, "AfterTool", "AfterTool-run_shell_command.json"), CONTEXT).json).toEqual({
      hookSpecificOutput: { hookEventName: "AfterTool", additionalContext: CONTEXT.context },
    });
    expect(out(gemini, parse(gemini, "BeforeTool", "BeforeTool-run_shell_command.json"), CONTEXT).json).toEqual({
      systemMessage: "hookit: a message for the model cannot be delivered on gemini BeforeTool: Run the tests.",
    });
    expect(out(factory, parse(factory, "PostToolUse", "PostToolUse-Execute.json"), CONTEXT).json).toEqual({
      hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: CONTEXT.context },
    });
    expect(out(factory, parse(factory, "PreToolUse", "PreToolUse-Execute.json"), CONTEXT).json).toEqual({
      systemMessage: "hookit: a message for the model cannot be delivered on factory PreToolUse: Run the tests.",
    });
  });

  it("Cursor: postToolUse additional_context; a built-in tool's patch note keeps the messages", () => {
    const post = parse(cursor, "postToolUse", "postToolUse-Shell-docs-example.json");
    expect(out(cursor, post, CONTEXT).json).toEqual({ additional_context: CONTEXT.context });
    const patched = out(cursor, post, { patch: { reason: "R", text: "T", messages: "M" } }).json;
    expect(String(patched?.additional_context)).toMatch(/^\[BLOCKED by HooKit\] R\n\n[\s\S]*\n\nM$/);
  });

  it("Kimi and Antigravity have no context channel: the user is told on stderr", () => {
    const k = out(kimi, parse(kimi, "PreToolUse", "PreToolUse-Bash.json"), CONTEXT);
    expect(k.stderr).toBe("hookit: a message for the model cannot be delivered on kimi PreToolUse: Run the tests.\n");
    const a = out(antigravity, parse(antigravity, "PreToolUse", "PreToolUse-run_command-docs-example.json"), CONTEXT);
    expect(a.stderr).toBe("hookit: a message for the model cannot be delivered on antigravity PreToolUse: Run the tests.\n");
    expect(a.json).toEqual({ decision: "allow" });
  });
});
