// Self-protection in any letter case. macOS's and Windows's usual file systems do not tell
// `.CLAUDE/settings.local.json` from `.claude/settings.local.json`: a write to the first spelling
// changes the file Claude Code reads. Every protected place is compared in any case.
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import type { NormalizedEvent } from "../../src/engine/types.ts";
import { selfProtectionBlock, type ProtectContext } from "../../src/protect/index.ts";
import { AGENT_DIRS, AGENT_FILES } from "../../src/protect/locations.ts";

let ctx: ProtectContext;
let home: string;
let project: string;

beforeAll(() => {
  const root = mkdtempSync(join(tmpdir(), "hookit-letter-case-"));
  home = join(root, "Home");
  project = join(root, "Project");
  for (const dir of [home, project]) mkdirSync(dir, { recursive: true });
  ctx = { cwd: project, projectDir: project, env: { HOME: home, PATH: "/usr/bin:/bin" } };
});

const write = (file_path: string): NormalizedEvent => ({
  event: "tool_call",
  toolName: "write",
  toolCallId: "c",
  input: { path: file_path, content: "{}" },
});
const bash = (command: string): NormalizedEvent => ({ event: "tool_call", toolName: "bash", toolCallId: "c", input: { command } });

describe("a protected place spelled in another letter case", () => {
  test.each([
    ".CLAUDE/settings.local.json",
    ".Claude/Settings.json",
    ".HOOKIT/hookit.json",
    ".hookit/HOOKIT.JSON",
    ".Gemini/settings.json",
    ".GitHub/Copilot/settings.local.json",
    ".Cursor/hooks.json",
    "OpenCode.json",
    ".MCP.json",
    ".Pi/Extensions/x.ts",
  ])("a write of %s is refused", (path) => {
    expect(selfProtectionBlock([write(join(project, path))], ctx)).toBeDefined();
  });

  test.each([
    "echo '{}' > .CLAUDE/settings.local.json",
    "cp /tmp/x .Hookit/hookit.json",
    "rm -rf ~/.CONFIG/hookit",
    "sed -i d ~/.Claude/settings.json",
    "mv /tmp/x .MCP.JSON",
  ])("%s is refused", (command) => {
    expect(selfProtectionBlock([bash(command)], ctx)).toBeDefined();
  });

  test("hookit's own folders under a home spelled in another case", () => {
    expect(selfProtectionBlock([write(join(home.toLowerCase(), ".config", "hookit", "hookit.json"))], ctx)).toBeDefined();
  });

  test("ordinary files in any case still pass", () => {
    for (const path of ["src/Claude.ts", "docs/HOOKS.md", "Settings.json", ".claude-notes/settings.md"])
      expect(selfProtectionBlock([write(join(project, path))], ctx), path).toBeUndefined();
  });

  test("the suffixes are written in lower case, as classify compares them", () => {
    for (const [suffix] of [...AGENT_FILES, ...AGENT_DIRS]) expect(suffix).toBe(suffix.toLowerCase());
  });
});
