// `npm run demo`: drives real captured hook payloads of every agent through
// the built `hookit hook` (as the agents run it: a process, stdin → stdout)
// with the starter policy, and prints what hookit decided and what the model
// gets. Payloads come from test/fixtures/ (captured from the real CLIs; Cursor,
// Kimi Code and Antigravity from their documentation's examples, since those
// CLIs cannot run here); the "dangerous" rows are the same payloads with the
// command or output swapped. Pi and OpenCode run hookit in-process: no hook command.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { starterPolicyText } from "../dist/index.mjs";

const root = new URL("..", import.meta.url).pathname;
const bin = join(root, "dist", "bin.cjs");
const work = mkdtempSync(join(tmpdir(), "hookit-demo-"));
const project = join(work, "project");
mkdirSync(project, { recursive: true });
const policy = join(work, "hookit.json");
writeFileSync(policy, starterPolicyText());
const env = { ...process.env, HOOKIT_CONFIG: policy, XDG_STATE_HOME: join(work, "state"), HOME: work, NO_COLOR: "1" };

const fixture = (path) => JSON.parse(readFileSync(join(root, "test", "fixtures", path), "utf8"));
const SECRET = "config: AKIAIOSFODNN7EXAMPLE\n";
const DANGER = "rm -rf ~/";

/** [agent, native event, fixture, label, change to the payload] */
const cases = [
  ["claude", "PreToolUse", "claude/PreToolUse-Bash.json", "as captured"],
  ["claude", "PreToolUse", "claude/PreToolUse-Bash.json", "rm -rf ~/", (p) => (p.tool_input.command = DANGER)],
  ["claude", "PreToolUse", "claude/PreToolUse-Write.json", "write .env", (p) => (p.tool_input.file_path = `${project}/.env`)],
  ["claude", "PostToolUse", "claude/PostToolUse-Bash.json", "secret in output", (p) => (p.tool_response.stdout = SECRET)],
  ["claude", "Stop", "claude/Stop.json", "as captured"],
  ["codex", "PreToolUse", "codex/PreToolUse-Bash.json", "as captured"],
  ["codex", "PreToolUse", "codex/PreToolUse-Bash.json", "git push --force", (p) => (p.tool_input.command = "git push --force origin main")],
  ["codex", "PostToolUse", "codex/PostToolUse-Bash.json", "secret in output", (p) => (p.tool_response = SECRET)],
  ["codex", "Stop", "codex/Stop.json", "as captured"],
  ["gemini", "BeforeTool", "gemini/BeforeTool-run_shell_command.json", "as captured"],
  ["gemini", "BeforeTool", "gemini/BeforeTool-run_shell_command.json", "cat .env", (p) => (p.tool_input.command = "cat .env")],
  ["gemini", "AfterTool", "gemini/AfterTool-run_shell_command.json", "secret in output", (p) => (p.tool_response.llmContent = SECRET)],
  ["gemini", "AfterAgent", "gemini/AfterAgent.json", "as captured"],
  ["cursor", "preToolUse", "cursor/preToolUse-Shell-docs-example.json", "docs example"],
  ["cursor", "preToolUse", "cursor/preToolUse-Shell-docs-example.json", "rm -rf ~/", (p) => (p.tool_input.command = DANGER)],
  ["cursor", "stop", "cursor/stop-docs-example.json", "docs example"],
  ["copilot", "preToolUse", "copilot/preToolUse-camelCase.json", "as captured"],
  ["copilot", "preToolUse", "copilot/preToolUse-camelCase.json", "rm -rf ~/", (p) => (p.toolArgs.command = DANGER)],
  ["copilot", "postToolUse", "copilot/postToolUse-camelCase.json", "secret in output", (p) => (p.toolResult.textResultForLlm = SECRET)],
  ["copilot", "agentStop", "copilot/agentStop-camelCase.json", "as captured"],
  ["factory", "PreToolUse", "factory/PreToolUse-Execute.json", "as captured"],
  ["factory", "PreToolUse", "factory/PreToolUse-Execute.json", "rm -rf ~/", (p) => (p.tool_input.command = DANGER)],
  ["factory", "Stop", "factory/Stop.json", "as captured"],
  ["kimi", "PreToolUse", "kimi/PreToolUse-Bash.json", "docs example"],
  ["kimi", "PreToolUse", "kimi/PreToolUse-Bash.json", "git push -f", (p) => (p.tool_input.command = "git push -f")],
  ["antigravity", "PreToolUse", "antigravity/PreToolUse-run_command-docs-example.json", "docs example"],
  [
    "antigravity",
    "PreToolUse",
    "antigravity/PreToolUse-run_command-docs-example.json",
    "cat .env",
    (p) => (p.toolCall.args.CommandLine = "cat .env"),
  ],
];

const rows = [];
for (const [agent, event, file, label, change] of cases) {
  const payload = fixture(file);
  if ("cwd" in payload) payload.cwd = project; // the captured machine's path does not exist here
  if ("workspacePaths" in payload) payload.workspacePaths = [project];
  change?.(payload);
  const run = spawnSync(process.execPath, [bin, "hook", "--agent", agent, event], {
    input: JSON.stringify(payload),
    env,
    encoding: "utf8",
  });
  if (process.env.DEMO_DEBUG) console.error(agent, event, run.status, run.stdout, run.stderr);
  const log = readFileSync(join(work, "state", "hookit", "decisions.jsonl"), "utf8")
    .trim()
    .split("\n");
  const record = JSON.parse(log.at(-1));
  // A patch replaces the tool output with HooKit's text; a block or continuation is the reason itself.
  const reads = record.outcome === "patch" ? `[BLOCKED by HooKit] ${record.reason}` : (record.reason ?? "");
  rows.push({ cells: [agent, event, label, record.tool ?? "-", record.outcome, `exit ${run.status}`], reads });
}

// The table, then under each call what the model reads, whole (a reason is often longer than a line).
const head = ["agent", "event", "payload", "tool", "decision", "exit"];
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r.cells[i]).length)));
const line = (cells) =>
  cells
    .map((c, i) => String(c).padEnd(widths[i]))
    .join("  ")
    .trimEnd();
console.log(line(head));
console.log(widths.map((w) => "-".repeat(w)).join("  "));
for (const row of rows) {
  console.log(line(row.cells));
  if (row.reads !== "") console.log(row.reads.replace(/^/gm, "    │ "));
}
console.log(`\n${rows.length} hook calls through dist/bin.cjs, with the starter policy \`hookit init\` writes.`);
console.log(
  "Pi and OpenCode are not in the table: they run hookit in-process (Pi's extension, OpenCode's plugin), with\n" +
    "no hook command to pipe a payload into. The same policy decides there; `npm run test:e2e` drives both real\n" +
    "CLIs against a fake model and checks what the model received (docs/agents/pi.md, docs/agents/opencode.md).",
);
rmSync(work, { recursive: true, force: true });
