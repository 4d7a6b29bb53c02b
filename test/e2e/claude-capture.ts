// The capture runs behind test/fixtures/claude/ and model-view.md §1: the real Claude Code with a
// hand-written test hook (no hookit) that records its stdin and answers in one fixed way per
// scenario (real-cli-recipes §0.2). claude-capture.e2e.test.ts runs them; this file holds the
// scenarios, the hook and the scrubbing, so the committed texts can be re-made on every pin bump.
import { writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import type { ModelTurn } from "./servers/types.ts";

export const REASON = (mode: string): string => `HOOKIT-DENY: ${mode} blocked this by policy (marker 7f3a)`;

/** The test hook: saves stdin as capture/<seq>-<event>.json, then answers as its mode says. */
const HOOK = String.raw`
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
const mode = process.argv[2];
const text = readFileSync(0, "utf8");
const payload = JSON.parse(text);
const dir = join(import.meta.dirname, "capture");
mkdirSync(dir, { recursive: true });
const seq = String(readdirSync(dir).length + 1).padStart(3, "0");
writeFileSync(join(dir, seq + "-" + payload.hook_event_name + ".json"), text);
const R = "HOOKIT-DENY: " + mode + " blocked this by policy (marker 7f3a)";
const out = (value) => process.stdout.write(JSON.stringify(value));
const deny = (decision) => ({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: decision, permissionDecisionReason: R } });
const event = payload.hook_event_name;
if (mode === "pre-json-deny" && event === "PreToolUse") out(deny("deny"));
if (mode === "pre-json-deny-extra" && event === "PreToolUse") out({ hookitExtra: true, ...deny("deny") });
if (mode === "pre-json-ask" && event === "PreToolUse") out(deny("ask"));
if (mode === "pre-json-decision-block" && event === "PreToolUse") out({ decision: "block", reason: R });
if (mode === "post-block" && event === "PostToolUse") out({ decision: "block", reason: R });
if (mode === "stop-block" && event === "Stop" && !payload.stop_hook_active) out({ decision: "block", reason: R });
const exit2 = ["pre-exit2", "post-exit2"].includes(mode) || (mode === "stop-exit2" && event === "Stop" && !payload.stop_hook_active);
if (exit2 || mode === "pre-exit1") process.stderr.write(R + "\n");
if (exit2 || mode === "pre-exit2-nostderr") process.exit(2);
if (mode === "pre-exit1") process.exit(1);
`;

type Hooks = Record<string, { matcher?: string; mode: string }>;

export interface CaptureScenario {
  name: string;
  /** What the scenario shows, for model-view.md. */
  hookLine: string;
  answer: string;
  outcome: string;
  hooks: Hooks;
  turns: ModelTurn[] | ((project: string) => ModelTurn[]);
  /** Claude Code's --allowedTools for this run, or none. */
  allowedTools?: string;
  /** Fixture file name → the event (and tool) whose first payload it is. */
  fixtures?: Record<string, { event: string; tool?: string; nth?: number }>;
}

const ECHO: ModelTurn = { tool: "Bash", input: { command: "echo hello", description: "Run test command" } };
const TOUCH: ModelTurn = { tool: "Bash", input: { command: "touch hookit-e2e-marker", description: "Run test command" } };
const WRITE = (project: string): ModelTurn => ({ tool: "Write", input: { file_path: join(project, "hello.txt"), content: "hello\n" } });
const READ = (project: string): ModelTurn => ({ tool: "Read", input: { file_path: join(project, "hello.txt") } });
const DONE: ModelTurn = { say: "Done: the tool call finished." };
const AFTER_STOP: ModelTurn = { say: "Final answer after stop-hook feedback." };

const pre = (mode: string, answer: string, outcome: string): CaptureScenario => ({
  name: mode,
  hookLine: "PreToolUse (matcher `Bash`).",
  answer,
  outcome,
  hooks: { PreToolUse: { matcher: "Bash", mode } },
  turns: [ECHO, DONE],
  allowedTools: "Bash",
});
const ALL_EVENTS = ["SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "PostToolBatch", "Stop", "SessionEnd"];

export function captureScenarios(): CaptureScenario[] {
  return [
    pre(
      "pre-json-deny",
      'stdout `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":R}}`, exit 0.',
      "denied.",
    ),
    pre(
      "pre-json-deny-extra",
      'stdout `{"hookitExtra":true,"hookSpecificOutput":{…same deny…}}` (unknown extra top-level key), exit 0.',
      "still denied.",
    ),
    pre("pre-json-decision-block", 'stdout `{"decision":"block","reason":R}` (legacy form), exit 0.', "denied."),
    pre(
      "pre-json-ask",
      'stdout `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":R}}`, exit 0.',
      "in `-p` nobody can answer: denied.",
    ),
    pre("pre-exit2", "stderr `R\\n`, exit 2.", "denied; the hook command line leaks into the text."),
    pre("pre-exit2-nostderr", "no output, exit 2.", "fail-closed: denied."),
    pre("pre-exit1", "stderr `R\\n`, exit 1.", "non-blocking: the tool ran."),
    {
      name: "write-pre-exit2",
      hookLine: "PreToolUse (matcher `*`), Write tool.",
      answer: "stderr `R\\n`, exit 2.",
      outcome: "denied; the prefix names the tool.",
      hooks: { PreToolUse: { matcher: "*", mode: "pre-exit2" } },
      turns: (project) => [WRITE(project), DONE],
      allowedTools: "Write",
    },
    {
      name: "post-block",
      hookLine: "PreToolUse log + PostToolUse (matcher `Bash`), `--allowedTools Bash`.",
      answer: 'PostToolUse stdout `{"decision":"block","reason":R}`, exit 0.',
      outcome: "the tool result is kept; the reason is added.",
      hooks: { PreToolUse: { matcher: "Bash", mode: "log" }, PostToolUse: { matcher: "Bash", mode: "post-block" } },
      turns: [ECHO, DONE],
      allowedTools: "Bash",
    },
    {
      name: "post-exit2",
      hookLine: "PostToolUse (matcher `Bash`), `--allowedTools Bash`.",
      answer: "stderr `R\\n`, exit 2.",
      outcome: "result kept; the stderr is added.",
      hooks: { PostToolUse: { matcher: "Bash", mode: "post-exit2" } },
      turns: [ECHO, DONE],
      allowedTools: "Bash",
    },
    {
      name: "stop-block",
      hookLine: "PreToolUse log + Stop, `--allowedTools Bash`.",
      answer: 'Stop stdout `{"decision":"block","reason":R}` while `stop_hook_active` is false; nothing afterwards.',
      outcome: "continues with the reason as feedback.",
      hooks: { PreToolUse: { matcher: "Bash", mode: "log" }, Stop: { mode: "stop-block" } },
      turns: [ECHO, DONE, AFTER_STOP],
      allowedTools: "Bash",
      fixtures: { "Stop.json": { event: "Stop" }, "Stop-stop_hook_active.json": { event: "Stop", nth: 2 } },
    },
    {
      name: "stop-exit2",
      hookLine: "Stop, `--allowedTools Bash`.",
      answer: "Stop stderr `R\\n`, exit 2 while `stop_hook_active` is false.",
      outcome: "continues with the stderr as feedback.",
      hooks: { Stop: { mode: "stop-exit2" } },
      turns: [ECHO, DONE, AFTER_STOP],
      allowedTools: "Bash",
    },
    {
      name: "all-events",
      hookLine: "every event, hooks print nothing.",
      answer: "baseline (allow).",
      outcome: "plain tool result.",
      hooks: Object.fromEntries(
        ALL_EVENTS.map((event) => [event, { mode: "log", ...(event.includes("Tool") && event !== "PostToolBatch" && { matcher: "*" }) }]),
      ),
      turns: [ECHO, DONE],
      allowedTools: "Bash",
      fixtures: {
        "SessionStart.json": { event: "SessionStart" },
        "UserPromptSubmit.json": { event: "UserPromptSubmit" },
        "PreToolUse-Bash.json": { event: "PreToolUse", tool: "Bash" },
        "PostToolUse-Bash.json": { event: "PostToolUse", tool: "Bash" },
        "SessionEnd.json": { event: "SessionEnd" },
      },
    },
    {
      name: "write-log",
      hookLine: "PreToolUse + PostToolUse (matcher `*`), Write tool, `--allowedTools Write`.",
      answer: "baseline (allow).",
      outcome: "Write success text.",
      hooks: { PreToolUse: { matcher: "*", mode: "log" }, PostToolUse: { matcher: "*", mode: "log" } },
      turns: (project) => [WRITE(project), DONE],
      allowedTools: "Write",
      fixtures: {
        "PreToolUse-Write.json": { event: "PreToolUse", tool: "Write" },
        "PostToolUse-Write.json": { event: "PostToolUse", tool: "Write" },
      },
    },
    {
      name: "read-log",
      hookLine: "PreToolUse + PostToolUse (matcher `*`), Write then Read, `--allowedTools Write,Read`.",
      answer: "baseline (allow).",
      outcome: "the file's text as the Read result.",
      hooks: { PreToolUse: { matcher: "*", mode: "log" }, PostToolUse: { matcher: "*", mode: "log" } },
      turns: (project) => [WRITE(project), READ(project), DONE],
      allowedTools: "Write,Read",
      fixtures: {
        "PreToolUse-Read.json": { event: "PreToolUse", tool: "Read" },
        "PostToolUse-Read.json": { event: "PostToolUse", tool: "Read" },
      },
    },
    {
      name: "perm-needed",
      hookLine: "PreToolUse log, Bash `touch hookit-e2e-marker`, no `--allowedTools`.",
      answer: "hook allows (prints nothing).",
      outcome: "Claude Code itself refuses the write in `-p`.",
      hooks: { PreToolUse: { matcher: "Bash", mode: "log" } },
      turns: [TOUCH, DONE],
      fixtures: { "PreToolUse-Bash-touch.json": { event: "PreToolUse", tool: "Bash" } },
    },
    {
      name: "readonly-no-permission",
      hookLine: "no hooks, no `--allowedTools`.",
      answer: "—.",
      outcome: "`echo hello` auto-allowed as read-only.",
      hooks: {},
      turns: [ECHO, DONE],
    },
  ];
}

/** Writes the hook script and `.claude/settings.json` for one scenario. */
export function installCaptureHook(dir: string, project: string, hooks: Hooks): void {
  writeFileSync(join(dir, "hook.mjs"), HOOK);
  const settings = Object.fromEntries(
    Object.entries(hooks).map(([event, { matcher, mode }]) => [
      event,
      [{ ...(matcher !== undefined && { matcher }), hooks: [{ type: "command", command: `node ${join(dir, "hook.mjs")} ${mode}` }] }],
    ]),
  );
  mkdirSync(join(project, ".claude"), { recursive: true });
  writeFileSync(join(project, ".claude/settings.json"), JSON.stringify({ hooks: settings }, null, 2) + "\n");
}

/** Machine paths → the fixtures' placeholders (test/fixtures/README.md, "Layout and conventions"). */
export function scrub(text: string, dir: string): string {
  const project = join(dir, "project");
  const slug = (path: string) => path.replace(/[^A-Za-z0-9]/g, "-");
  return text
    .replaceAll(slug(project), "-home-user-project")
    .replaceAll(project, "/home/user/project")
    .replaceAll(join(dir, "home"), "/home/user")
    .replaceAll(join(dir, "hook.mjs"), "<scratch>/hook.mjs")
    .replaceAll(dir, "<scratch>");
}

/** The argv with --allowedTools set to `tools`, or dropped. */
export function withAllowedTools(argv: string[], tools: string | undefined): string[] {
  const at = argv.indexOf("--allowedTools");
  const rest = at < 0 ? argv : [...argv.slice(0, at), ...argv.slice(at + 2)];
  return tools === undefined ? rest : [...rest, "--allowedTools", tools];
}
