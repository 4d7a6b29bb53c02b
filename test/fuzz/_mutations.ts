// Hostile payloads for every adapter, grown from the captured fixtures: wrong
// types, missing and extra fields, prototype-pollution keys, NUL bytes and lone
// surrogates, huge strings, deep nesting, and byte-level damage to the JSON text
// (truncation, invalid UTF-8, BOMs, trailing junk). A case is a seed plus a few
// mutations; `_apply.ts` turns it into the bytes a harness would have written.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { loadAdapter } from "../../src/agents/registry.ts";
import type { Adapter, InvocationKind } from "../../src/contract/types.ts";
import { HOOK_AGENTS, type HookAgent } from "../reliability/_protocol.ts";
import { agentPayloads } from "../reliability/_payloads.ts";
import { FIXTURES } from "../_sandbox.ts";

export type Json = unknown;
export type Path = (string | number)[];

export interface Seed {
  agent: HookAgent;
  event: string;
  kind: InvocationKind;
  payload: Record<string, unknown>;
  /** Where the tool's identity lives: while these values stay, a bash guard must still fire. */
  identity: Path[];
  /** The seed itself is a bash call (so a bash-only policy blocks it). */
  bash: boolean;
}

/** A string of `n` characters, made only when the case is serialized (shrinking stays cheap). */
export class Huge {
  constructor(readonly n: number) {}
}
/** Arrays nested `n` deep. JSON.stringify cannot write those, so they are spliced into the text. */
export class Deep {
  constructor(readonly n: number) {}
}

export type StructuralMutation =
  | { op: "set"; pick: number; value: Json }
  | { op: "delete"; pick: number }
  | { op: "add"; pick: number; key: string; value: Json };

export type TextMutation =
  | { op: "truncate"; at: number }
  | { op: "bytes"; at: number; bytes: Uint8Array }
  | { op: "wrap"; before: string; after: string };

export interface Case {
  seed: Seed;
  mutations: StructuralMutation[];
  text?: TextMutation;
}

export const adapters = new Map<HookAgent, Adapter>();

/** Every fixture of every hook agent, plus Cursor's documented beforeShellExecution. */
export async function loadSeeds(cwd: string): Promise<Seed[]> {
  for (const agent of HOOK_AGENTS) adapters.set(agent, await loadAdapter(agent));
  const seeds: Seed[] = [];
  for (const agent of HOOK_AGENTS) {
    const found: [string, Record<string, unknown>][] = readdirSync(join(FIXTURES, agent))
      .filter((file) => file.endsWith(".json"))
      .map((file) => [file.replace(/\.json$/, "").split("-")[0]!, JSON.parse(readFileSync(join(FIXTURES, agent, file), "utf8"))]);
    if (agent === "cursor") found.push(agentPayloads("cursor", cwd).preTool);
    for (const [event, payload] of found) {
      const adapter = adapters.get(agent)!;
      const kind = adapter.kindOf(event) ?? "lifecycle";
      const parsed = adapter.parse(event, payload);
      const first = parsed.events[0];
      const bash = first?.event === "tool_call" && first.toolName === "bash";
      seeds.push({ agent, event, kind, payload, identity: identityPaths(agent, event), bash });
    }
  }
  return seeds;
}

function identityPaths(agent: HookAgent, event: string): Path[] {
  if (agent === "cursor" && event === "beforeShellExecution") return [["command"]];
  if (agent === "antigravity")
    return [
      ["toolCall", "name"],
      ["toolCall", "args", "CommandLine"],
    ];
  if (agent === "copilot" && /^[a-z]/.test(event)) return [["toolName"], ["toolArgs", "command"]];
  return [["tool_name"], ["tool_input", "command"]];
}

// --- arbitraries -------------------------------------------------------------

const HOSTILE_KEYS = [
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "valueOf",
  "__defineGetter__",
  "",
  "\u0000",
  "tool_name",
  "tool_input",
  "command",
  "cwd",
  "session_id",
  "sessionId",
  "toolName",
  "toolArgs",
  "tool_response",
  "toolResult",
  "stop_hook_active",
  "hook_event_name",
  "workspace_roots",
  "conversation_id",
  "edits",
  "file_path",
];

const HOSTILE_STRINGS = [
  "",
  "\u0000",
  "a\u0000b",
  "\uD800",
  "\uDFFF",
  "\u202E",
  "\uFEFF",
  "\r\n",
  "💥",
  "$(touch pwned)",
  "`touch pwned`",
  "; touch pwned",
  "../../../etc/passwd",
  "/",
  "/dev/null",
  "/proc/self",
  ".",
  "-",
  "--agent",
  "Bash",
  "bash",
  "run_shell_command",
  "Shell",
  "apply_patch",
  "*** Begin Patch\n*** End Patch",
  "null",
  "{}",
  "[]",
];

export interface Sizes {
  /** Largest Huge string. */
  huge: number;
  /** Deepest nesting. */
  deep: number;
}

export function valueArb(sizes: Sizes): fc.Arbitrary<Json> {
  const strings = fc.oneof(
    fc.constantFrom(...HOSTILE_STRINGS),
    fc.string({ unit: "binary", maxLength: 40 }),
    fc.string({ unit: fc.constantFrom("\u0000", "\\", '"', "\n", "a", "\uD800", "\uDC00", "$", "`"), maxLength: 20 }),
  );
  return fc.oneof(
    { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    { weight: 4, arbitrary: strings },
    { weight: 2, arbitrary: fc.constantFrom<Json>(null, true, false, 0, -1, 1e308, -0, [], {}, [null], { "": null }) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: sizes.huge }).map((n) => new Huge(n)) },
    { weight: 1, arbitrary: fc.integer({ min: 2, max: sizes.deep }).map((n) => new Deep(n)) },
  );
}

export function structuralArb(sizes: Sizes): fc.Arbitrary<StructuralMutation> {
  const pick = fc.nat();
  return fc.oneof(
    fc.record({ op: fc.constant("set" as const), pick, value: valueArb(sizes) }),
    fc.record({ op: fc.constant("delete" as const), pick }),
    fc.record({
      op: fc.constant("add" as const),
      pick,
      key: fc.oneof(fc.constantFrom(...HOSTILE_KEYS), fc.string({ maxLength: 12 })),
      value: valueArb(sizes),
    }),
  );
}

export const textArb: fc.Arbitrary<TextMutation> = fc.oneof(
  fc.record({ op: fc.constant("truncate" as const), at: fc.nat() }),
  fc.record({ op: fc.constant("bytes" as const), at: fc.nat(), bytes: fc.uint8Array({ minLength: 1, maxLength: 8 }) }),
  fc.record({
    op: fc.constant("wrap" as const),
    before: fc.constantFrom("", " \n\t", "\uFEFF", "[", "{}", "null "),
    after: fc.constantFrom("", "\n", " \n ", "}", "{}", "\u0000", "garbage"),
  }),
);

export function caseArb(seeds: readonly Seed[], sizes: Sizes, filter: (seed: Seed) => boolean = () => true): fc.Arbitrary<Case> {
  const pool = seeds.filter(filter);
  return fc.record({
    seed: fc.constantFrom(...pool),
    mutations: fc.array(structuralArb(sizes), { minLength: 0, maxLength: 4 }),
    text: fc.option(textArb, { freq: 4, nil: undefined }),
  });
}
