// The README's table "What a block looks like", rendered from the real pieces: the starter
// policy, the engine and decide() over real shells, each adapter's respond(), and what each
// real CLI shows the model around the reason it was sent (test/e2e/block-views.ts).
// `node scripts/gen-readme-blocks.mjs` writes it; test/docs/readme-blocks.test.ts compares.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadAdapter } from "../../src/agents/registry.ts";
import type { Decision, Invocation } from "../../src/contract/types.ts";
import { enabledHookSet, evaluate, loadCatalog, type ToolCallEvent } from "../../src/engine/index.ts";
import { decide } from "../../src/run/decide.ts";
import { STARTER_POLICY } from "../../src/base/starter-policy.ts";
import { MODEL_READS } from "../e2e/block-views.ts";

export const START = "<!-- block-table:start -->";
export const END = "<!-- block-table:end -->";
export const COMMAND = "git push --force";
const GUARD = "no-force-push";

/** Where each command-hook agent puts the reason in its JSON answer. */
// biome-ignore lint/suspicious/noExplicitAny: each agent's answer, read down its own path
const REASON_OF: Record<string, (answer: Record<string, any>) => string> = {
  claude: (a) => a.hookSpecificOutput.permissionDecisionReason,
  codex: (a) => a.hookSpecificOutput.permissionDecisionReason,
  gemini: (a) => a.reason,
  copilot: (a) => a.permissionDecisionReason,
  factory: (a) => a.hookSpecificOutput.permissionDecisionReason,
};
const ROWS: [keyof typeof MODEL_READS, string][] = [
  ["claude", "Claude Code"],
  ["codex", "Codex"],
  ["gemini", "Gemini CLI"],
  ["copilot", "Copilot CLI"],
  ["pi", "Pi"],
  ["opencode", "OpenCode"],
  ["factory", "Factory droid"],
];

const event: ToolCallEvent = { event: "tool_call", toolName: "bash", toolCallId: "c1", input: { command: COMMAND } };

/** A model-read text as one table cell: each line in code, so newlines survive as `<br>`. */
function cell(text: string): string {
  return text
    .split("\n")
    .map((line) => (line === "" ? "" : `\`\` ${line} \`\``))
    .join("<br>");
}

export async function renderBlockTable(): Promise<string> {
  const catalog = loadCatalog([{ storage: "global", text: JSON.stringify(STARTER_POLICY) }]);
  if (!catalog.ok) throw new Error("the starter policy does not load");
  const hooks = enabledHookSet(catalog.entries);
  const cwd = mkdtempSync(join(tmpdir(), "hookit-readme-"));
  try {
    const lines = [`| agent | what the model reads when \`${GUARD}\` blocks \`${COMMAND}\` |`, "| --- | --- |"];
    for (const [agent, title] of ROWS) lines.push(`| ${title} | ${cell(await modelReads(agent, hooks, cwd))} |`);
    return lines.join("\n");
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
}

async function modelReads(agent: keyof typeof MODEL_READS, hooks: Parameters<typeof decide>[1], cwd: string): Promise<string> {
  if (agent === "pi") {
    // Pi's extension answers with HooKit's reason; an owned message is its own message after it.
    const outcome = await evaluate(event, hooks, { cwd });
    const native = outcome.eventOutcomes[0];
    if (native.outcome !== "block") throw new Error(`the starter policy does not block \`${COMMAND}\``);
    const messages = outcome.effects.flatMap((e) =>
      e.type === "request-action" && e.action.type === "message" ? [String(e.action.message)] : [],
    );
    return [MODEL_READS.pi(native.reason), ...messages].join("\n\n");
  }
  const invocation: Invocation = {
    agent,
    nativeEvent: agent === "copilot" ? "preToolUse" : agent === "gemini" ? "BeforeTool" : "PreToolUse",
    kind: "tool_call",
    events: [{ ...event, agent }],
  };
  const { decision } = await decide(invocation, hooks, { cwd }, undefined);
  if (decision.block === undefined) throw new Error(`the starter policy does not block \`${COMMAND}\``);
  if (agent === "opencode") return MODEL_READS.opencode(decision.block); // the plugin throws Error(block)
  return MODEL_READS[agent](await sentReason(agent, invocation, decision), COMMAND);
}

async function sentReason(agent: string, invocation: Invocation, decision: Decision): Promise<string> {
  const adapter = await loadAdapter(agent as Parameters<typeof loadAdapter>[0]);
  const answer = JSON.parse(adapter.respond(invocation, decision).stdout) as Record<string, unknown>;
  return (REASON_OF[agent] as (a: Record<string, unknown>) => string)(answer);
}

/** `readme` with the table between the markers replaced. */
export function withBlockTable(readme: string, table: string): string {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md has no ${START} … ${END} region`);
  return `${readme.slice(0, start + START.length)}\n${table}\n${readme.slice(end)}`;
}
