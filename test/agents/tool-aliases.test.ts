// Extra fields as a trick: where an adapter reads a field under several names (one per release or
// platform), a call that gives a harmless value under one name and the real target under another
// must not let the guard see only the harmless one. Which name the agent uses depends on its
// release, so hookit either sees every value or refuses the call (a PayloadError blocks it).
import { describe, expect, test } from "vitest";
import { PayloadError } from "../../src/contract/types.ts";
import { PRE_TOOL } from "./tool-samples.ts";

const EVIL = "/etc/shadow-x";

type Case = [agent: string, tool: string, input: Record<string, unknown>];

const CASES: Case[] = [
  // Codex runs exec_command's `cmd`; a `command` beside it is ignored by Codex.
  ["codex", "exec_command", { cmd: `cat ${EVIL}`, command: "echo hi" }],
  ["codex", "shell_command", { command: `cat ${EVIL}`, cmd: "echo hi" }],
  ["gemini", "read_file", { file_path: "notes.txt", absolute_path: EVIL }],
  ["gemini", "read_file", { absolute_path: "notes.txt", file_path: EVIL }],
  ["gemini", "write_file", { absolute_path: EVIL, file_path: "notes.txt", content: "x" }],
  ["gemini", "list_directory", { dir_path: "src", path: EVIL }],
  ["gemini", "grep_search", { pattern: "k", dir_path: "src", path: EVIL }],
  ["gemini", "grep_search", { pattern: "k", include_pattern: "*.ts", include: EVIL }],
  ["gemini", "run_shell_command", { command: "ls", dir_path: EVIL, path: "src" }],
  ["copilot", "view", { path: "notes.txt", file_path: EVIL }],
  ["copilot", "create", { path: "notes.txt", file_path: EVIL, file_text: "x" }],
  ["cursor", "Read", { file_path: "notes.txt", path: EVIL }],
  ["cursor", "Write", { path: "notes.txt", target_file: EVIL, content: "x" }],
  ["cursor", "LS", { path: "src", target_directory: EVIL }],
  ["cursor", "Shell", { command: "ls", working_directory: "src", cwd: EVIL }],
  ["cursor", "Grep", { pattern: "k", glob: "*.ts", include: EVIL }],
];

describe("a second spelling of a field cannot hide the value the agent uses", () => {
  test.each(CASES)("%s %s %j", (agent, tool, input) => {
    let seen: string;
    try {
      seen = JSON.stringify(PRE_TOOL[agent]!(tool, input));
    } catch (error) {
      expect(error).toBeInstanceOf(PayloadError);
      return;
    }
    expect(seen).toContain(EVIL);
  });

  test("the same value under two names is read as one", () => {
    expect(PRE_TOOL.gemini!("read_file", { file_path: "a.txt", absolute_path: "a.txt" })).toEqual([
      { toolName: "read", input: { path: "a.txt" } },
    ]);
  });
});
