// `hookit explain`'s human output: a table of the Enabled Hook Set, the filter
// misses with value and pattern, then the outcome and each agent's answer.
import type { NativeEventOutcome, NormalizedEvent } from "../engine/types.ts";
import type { AgentAnswer } from "./agent-answers.ts";
import type { HookTrace, ShellStep } from "./trace.ts";

export interface Explanation {
  policy: string[];
  untrusted?: string;
  /** A trusted project policy edited (or deleted) since: its last trusted text is what runs. */
  pending?: { path: string; deleted: boolean };
  events: NormalizedEvent[];
  /** What the filters were matched against, for the first event. */
  candidate?: Record<string, unknown>;
  /** Facts hookit derived for the filters (a command's programs, paths, …), when a hook asked for them. */
  facts?: Record<string, unknown>;
  hooks: HookTrace[];
  /** HooKit's frozen Native Event Outcome of each evaluated event. */
  frozen: NativeEventOutcome[];
  /** hookit's decision for the agent (pass, block, patch, ask, continue, report). */
  decision: string;
  reason?: string;
  messages: string[];
  /** The exact answer of the agent whose native payload was read. */
  reply?: { agent: string; native: string; stdout: string; stderr: string; exitCode: number };
  answers: AgentAnswer[];
}

const show = (value: unknown) => (value === undefined ? "(missing)" : JSON.stringify(value));
const shell = (s: ShellStep | undefined) =>
  s
    ? `${s.command.length > 28 ? `${s.command.slice(0, 27)}…` : s.command} → ${s.code === null ? "no exit code" : `exit ${s.code}`} (${s.durationMs} ms)`
    : "-";

export function formatExplanation(x: Explanation): string {
  const out: string[] = [];
  out.push(`Policy: ${x.policy.join(" + ") || "none (every event passes)"}`);
  if (x.untrusted) out.push(`        ${x.untrusted} is not trusted, so not in force (hookit trust; or --policy to explain it)`);
  if (x.pending) {
    const what = x.pending.deleted ? "was deleted" : "changed";
    out.push(
      `        ${x.pending.path} ${what} since it was trusted: its last trusted version is in force (hookit trust; or --policy to explain the file)`,
    );
  }
  for (const event of x.events) out.push(`Event:  ${describeEvent(event)}`);
  out.push("Shells ran in a throwaway sandbox (a copy of the project, a temporary HOME).", "");
  const rows = x.hooks.map((h) => [
    h.ref,
    h.otherEvent
      ? `(${h.event} hook)`
      : h.filter?.matched
        ? "✓ matched"
        : `✗ ${h.filter?.keys
            .filter((k) => !k.matched)
            .map((k) => k.key)
            .join(", ")}`,
    h.otherEvent || !h.filter?.matched ? "" : h.when ? shell(h.when) : "-",
    h.otherEvent || !h.filter?.matched ? "" : shell(h.shell),
    h.action ?? "",
  ]);
  out.push(...table(["hook", "filter", "when", "shell", "action"], rows), "");
  const misses = x.hooks.filter((h) => h.filter && !h.filter.matched);
  if (misses.length > 0) {
    out.push("Filter keys that did not match:");
    for (const h of misses) {
      for (const k of h.filter?.keys.filter((key) => !key.matched) ?? []) {
        out.push(
          `  ${h.ref}: ${k.key}`,
          `      value:   ${show(k.value)}`,
          `      pattern: ${typeof k.pattern === "string" ? k.pattern : JSON.stringify(k.pattern)}`,
        );
      }
    }
    out.push("");
  }
  const derived = derivedKeys(x);
  if (derived.length > 0) out.push(`Derived filter keys: ${derived.join(", ")}`, "");
  const facts = Object.entries(x.facts ?? {});
  if (facts.length > 0) out.push("Facts hookit derived:", ...facts.map(([key, value]) => `  ${key} = ${show(value)}`), "");
  for (const frozen of x.frozen) {
    out.push(`Frozen outcome: ${frozen.event} ${frozen.outcome}`);
    if ("reason" in frozen) out.push(...frozen.reason.split("\n").map((l) => `  ${l}`));
  }
  out.push(`hookit decides: ${x.decision}`);
  for (const m of x.messages) out.push(`  message: ${m}`);
  if (x.reply)
    out.push(
      "",
      `${x.reply.agent} (${x.reply.native}) gets: exit ${x.reply.exitCode}${x.reply.stdout ? `, stdout ${x.reply.stdout.trim()}` : ""}${x.reply.stderr ? `, stderr ${JSON.stringify(x.reply.stderr.trim())}` : ""}`,
    );
  out.push("", "What each agent would answer:");
  out.push(
    ...table(
      ["agent", "event", "exit", "answer"],
      x.answers.map((a) => [
        a.agent,
        a.native ?? "-",
        a.reply ? String(a.reply.exitCode) : "-",
        a.reply
          ? (a.reply.stdout.trim() || (a.reply.stderr.trim() ? `stderr: ${a.reply.stderr.trim()}` : "(nothing: allow)")).replace(
              /\n/g,
              "\\n",
            )
          : (a.note ?? ""),
      ]),
    ),
  );
  return out.join("\n") + "\n";
}

function describeEvent(event: NormalizedEvent): string {
  if ("toolName" in event) return `${event.event} ${event.toolName} ${JSON.stringify(event.input)}`;
  const { event: name, ...rest } = event;
  return `${name}${Object.keys(rest).length ? ` ${JSON.stringify(rest)}` : ""}`;
}

/** Filter keys hookit adds to the candidate (agent, nativeToolName, command facts): not in the tool input. */
function derivedKeys(x: Explanation): string[] {
  const event = x.events[0];
  const candidate = x.candidate;
  if (!event || !candidate || !("input" in event)) return [];
  return Object.keys(candidate)
    .filter((k) => k !== "toolName" && !Object.hasOwn(event.input, k))
    .map((k) => `${k} = ${show(candidate[k])}`);
}

function table(head: string[], rows: string[][]): string[] {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    "  " +
    cells
      .map((c, i) => c.padEnd(widths[i] as number))
      .join("  ")
      .trimEnd();
  return [line(head), ...rows.map(line)];
}
