// Array-for-string and missing-field tricks: a file or shell tool whose input hookit cannot map
// must not reach the policy under its native name (where every `read`/`write`/`bash` guard
// misses it). Each call either becomes a vocabulary call whose guarded field is a string, or is
// refused before it runs (a PayloadError blocks it).
import { describe, expect, test } from "vitest";
import { PayloadError } from "../../src/contract/types.ts";
import { PRE_TOOL } from "./tool-samples.ts";

type Case = [agent: string, tool: string, input: Record<string, unknown>];

const CASES: Case[] = [
  ["gemini", "read_file", { file_path: [".env"] }],
  ["gemini", "write_file", { file_path: ".env" }],
  ["gemini", "replace", { file_path: ".env", new_string: "x" }],
  ["gemini", "run_shell_command", { command: ["cat", ".env"] }],
  ["copilot", "view", { path: [".env"] }],
  ["copilot", "create", { path: ".env" }],
  ["copilot", "str_replace_editor", { command: "create", path: ".env" }],
  ["copilot", "bash", { command: ["cat", ".env"] }],
  ["cursor", "Read", { file_path: [".env"] }],
  ["cursor", "Write", { file_path: ".env" }],
  ["cursor", "StrReplace", { file_path: ".env", new_string: "x" }],
  ["cursor", "Shell", { command: ["cat", ".env"] }],
  ["codex", "view_image", { path: [".env"] }],
];

const KEY: Record<string, string> = { bash: "command", read: "path", write: "path", edit: "path" };

describe("a file or shell tool hookit cannot map is refused, never passed under its native name", () => {
  test.each(CASES)("%s %s %j", (agent, tool, input) => {
    let calls: { toolName: string; input: Record<string, unknown> }[];
    try {
      calls = PRE_TOOL[agent]!(tool, input);
    } catch (error) {
      expect(error).toBeInstanceOf(PayloadError);
      return;
    }
    for (const call of calls) {
      expect(Object.keys(KEY), JSON.stringify(call)).toContain(call.toolName);
      expect(typeof call.input[KEY[call.toolName]!], JSON.stringify(call)).toBe("string");
    }
  });
});
