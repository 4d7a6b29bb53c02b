// Shared fixtures for the installer tests: the real adapters' registrations,
// user config files full of things hookit must not touch, and a temporary
// HOME + git repository + fake hookit package per test.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach } from "vitest";
import { isInProcessAgent, loadAdapter } from "../../src/agents/registry.ts";
import type { AgentId, HookAgentId } from "../../src/agents/registry.ts";
import type { HookRegistration } from "../../src/contract/types.ts";
import type { ApplyOptions } from "../../src/install/types.ts";

export const PREFIX = '"/usr/bin/node" "/opt/hookit/dist/bin.cjs"';
export const EXTENSION = "/opt/hookit/dist/pi.mjs";

export async function registrations(agent: AgentId): Promise<HookRegistration[]> {
  return isInProcessAgent(agent) ? [] : (await loadAdapter(agent as HookAgentId)).registrations;
}

export async function applyOptions(agent: AgentId, overrides: Partial<ApplyOptions> = {}): Promise<ApplyOptions> {
  return { commandPrefix: PREFIX, registrations: await registrations(agent), extensionPath: EXTENSION, ...overrides };
}

/**
 * A config file per agent as a user might have it: comments, trailing commas,
 * unrelated settings and the user's own hooks on an event hookit also uses.
 */
export const USER_FILES: Record<AgentId, string> = {
  // Claude Code reads strict JSON (a comment or trailing comma makes it ignore the file), so no JSONC here.
  claude: `{
  "model": "opus",
  "permissions": { "allow": ["Bash(git status)"] },
  "hooks": {
    "PreToolUse": [
      { "matcher": "Bash", "hooks": [ { "type": "command", "command": "./guard.sh", "timeout": 5 } ] }
    ],
    "SessionStart": [{ "hooks": [{ "type": "command", "command": "echo hi" }] }]
  }
}
`,
  codex: `{
  "hooks": {
    "PreToolUse": [
      {
        "matcher": "Bash",
        "hooks": [{ "type": "command", "command": "gitvow hook --agent codex PreToolUse", "timeout": 30 }]
      }
    ]
  }
}
`,
  gemini: `{
\t// Gemini settings, tab-indented
\t"security": { "auth": { "selectedType": "gemini-api-key" } },
\t"hooks": {
\t\t"BeforeTool": [
\t\t\t{ "matcher": "write_file", "hooks": [{ "name": "lint", "type": "command", "command": "npm run lint", "timeout": 10000 }] }
\t\t]
\t},
\t"ui": { "theme": "dark" }
}
`,
  cursor: `{\r\n  "version": 1,\r\n  "hooks": {\r\n    "afterFileEdit": [{ "command": "./format.sh" }],\r\n    "stop": [{ "command": "./notify.sh", "loop_limit": 2 }] // ping me\r\n  }\r\n}\r\n`,
  copilot: `{
  "version": 1,
  "hooks": {
    "sessionStart": [{ "type": "command", "bash": "echo start", "timeoutSec": 5 }]
  }
}
`,
  kimi: `# Kimi Code settings
default_model = "kimi-code/k3"
telemetry = false

[models."kimi-code/k3"]
provider = "managed:kimi-code"
model = "k3"
max_context_size = 1048576
capabilities = [ "thinking", "tool_use" ]

[[hooks]]
event = "PreToolUse"
matcher = "Bash"
command = "node ~/.kimi-code/hooks/check-bash.mjs"
timeout = 5
`,
  antigravity: `{
  // team hooks
  "my-linter-hook": {
    "PostToolUse": [{ "matcher": "run_command", "hooks": [{ "type": "command", "command": "./scripts/lint.sh", "timeout": 10 }] }]
  },
  "safety-gate": { "enabled": false, "PreToolUse": [{ "matcher": "run_command", "hooks": [{ "command": "./scripts/safety-check.sh" }] }] },
}
`,
  // droid's hooks.json: the event map at the top level, next to its two flags.
  factory: `{
  "showHookOutput": true,
  "PreToolUse": [
    { "matcher": "Execute", "hooks": [{ "type": "command", "command": "rtk hook droid", "timeout": 10 }] }, // token saver
  ],
  "SessionStart": [{ "hooks": [{ "type": "command", "command": "echo hi" }] }]
}
`,
  opencode: `{
  // OpenCode project config
  "$schema": "./schema.json",
  "model": "fake/fake-model",
  "permission": { "bash": "ask" },
}
`,
  pi: `{
  // Pi settings
  "defaultProvider": "fake",
  "extensions": ["/home/me/ext/audit.ts"],
  "packages": ["npm:pi-foo"],
}
`,
};

export interface Sandbox {
  home: string;
  repo: string;
  /** A fake hookit package root with built dist files. */
  root: string;
  env: Record<string, string>;
}

const cleanups: string[] = [];
afterEach(() => {
  for (const dir of cleanups.splice(0)) rmSync(dir, { recursive: true, force: true });
});

export function sandbox(): Sandbox {
  const base = mkdtempSync(join(tmpdir(), "hookit-install-"));
  cleanups.push(base);
  const home = join(base, "home");
  const repo = join(base, "repo");
  const root = join(base, "pkg", "hookit");
  mkdirSync(home, { recursive: true });
  mkdirSync(join(repo, ".git"), { recursive: true });
  mkdirSync(join(root, "dist"), { recursive: true });
  writeFileSync(join(root, "package.json"), '{ "name": "hookit" }\n');
  writeFileSync(join(root, "dist", "bin.cjs"), "");
  writeFileSync(join(root, "dist", "pi.mjs"), "");
  writeFileSync(join(root, "dist", "opencode.mjs"), "");
  return { home, repo, root, env: { HOME: home, PATH: join(base, "bin"), XDG_STATE_HOME: join(base, "state") } };
}

export function write(path: string, text: string): void {
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, text);
}
