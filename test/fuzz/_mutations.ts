// Hostile payloads for every adapter, grown from the captured fixtures: wrong
// types, missing and extra fields, prototype-pollution keys, NUL bytes and lone
// surrogates, huge strings, deep nesting, and byte-level damage to the JSON text
// (truncation, invalid UTF-8, BOMs, trailing junk). A case is a seed plus a few
// mutations; `stdinOf` turns it into the bytes a harness would have written.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { loadAdapter } from "../../src/adapters/registry.ts";
import type { Adapter, InvocationKind } from "../../src/adapters/types.ts";
import { HOOK_AGENTS, type HookAgent } from "../reliability/_protocol.ts";
import { agentPayloads } from "../reliability/_payloads.ts";
import { FIXTURES } from "../reliability/_sandbox.ts";

type Json = unknown;
type Path = (string | number)[];

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
  if (agent === "copilot" && /^[a-z]/.test(event)) return [["toolName"], ["toolArgs", "command"]];
  return [["tool_name"], ["tool_input", "command"]];
}

// --- arbitraries -------------------------------------------------------------

const HOSTILE_KEYS = [
  "__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "valueOf", "__defineGetter__", "", "\u0000",
  "tool_name", "tool_input", "command", "cwd", "session_id", "sessionId", "toolName", "toolArgs", "tool_response",
  "toolResult", "stop_hook_active", "hook_event_name", "workspace_roots", "conversation_id", "edits", "file_path",
];

const HOSTILE_STRINGS = [
  "", "\u0000", "a\u0000b", "\uD800", "\uDFFF", "\u202E", "\uFEFF", "\r\n", "💥", "$(touch pwned)", "`touch pwned`",
  "; touch pwned", "../../../etc/passwd", "/", "/dev/null", "/proc/self", ".", "-", "--agent", "Bash", "bash",
  "run_shell_command", "Shell", "apply_patch", "*** Begin Patch\n*** End Patch", "null", "{}", "[]",
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

// --- applying a case -------------------------------------------------------------

/** The mutated payload value (before any text damage). `undefined` = nothing on stdin. */
export function payloadOf(c: Case): Json {
  let root: Json = structuredClone(c.seed.payload);
  for (const mutation of c.mutations) root = applyStructural(root, mutation);
  return root;
}

/** The bytes on stdin, decoded the way `hookit hook` decodes them (invalid UTF-8 becomes U+FFFD). */
export function stdinOf(c: Case): string {
  return bytesOf(c).toString("utf8");
}

export function bytesOf(c: Case): Buffer {
  const value = payloadOf(c);
  const text = value === undefined ? "" : serialize(value);
  if (!c.text) return Buffer.from(text);
  const buffer = Buffer.from(text);
  switch (c.text.op) {
    case "truncate":
      return buffer.subarray(0, buffer.length === 0 ? 0 : c.text.at % buffer.length);
    case "bytes": {
      const at = buffer.length === 0 ? 0 : c.text.at % (buffer.length + 1);
      return Buffer.concat([buffer.subarray(0, at), Buffer.from(c.text.bytes), buffer.subarray(at)]);
    }
    case "wrap":
      return Buffer.from(c.text.before + text + c.text.after);
  }
}

/** The value at `path`, read the way an adapter reads it (own keys only), as JSON text. */
export function identityOf(value: Json, paths: readonly Path[]): string | undefined {
  const parts: unknown[] = [];
  for (const path of paths) {
    let at: unknown = value;
    for (const key of path) {
      if (typeof at !== "object" || at === null || !Object.hasOwn(at, key)) return undefined;
      at = (at as Record<string | number, unknown>)[key];
    }
    parts.push(at);
  }
  try {
    return JSON.stringify(parts);
  } catch {
    return "\u0000too deep to compare"; // never a seed's identity: seeds are shallow
  }
}

/** The case nests something deeper than JSON.stringify may be able to follow. */
export function hasDeep(c: Case): boolean {
  const seen = (value: Json): boolean => {
    if (value instanceof Deep) return value.n > 100;
    if (typeof value !== "object" || value === null || value instanceof Huge) return false;
    return Object.values(value).some(seen);
  };
  return seen(payloadOf(c));
}

export function serialize(value: Json): string {
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof Huge) return "x".repeat(v.n);
    if (v instanceof Deep) return `\u0001DEEP${v.n}\u0001`;
    return v;
  }) ?? "";
  return text.replace(/"\\u0001DEEP(\d+)\\u0001"/g, (_m, n: string) => "[".repeat(Number(n)) + "]".repeat(Number(n)));
}

export function describeCase(c: Case): string {
  const text = serialize({ seed: `${c.seed.agent} ${c.seed.event}`, mutations: c.mutations, text: c.text && { ...c.text } });
  return text.length > 600 ? `${text.slice(0, 600)}…` : text;
}

// --- internal ---

function pathsOf(root: Json): Path[] {
  const out: Path[] = [[]];
  const walk = (value: Json, path: Path, depth: number) => {
    if (depth > 6 || typeof value !== "object" || value === null || value instanceof Huge || value instanceof Deep) return;
    for (const key of Object.keys(value)) {
      const child: Path = [...path, Array.isArray(value) ? Number(key) : key];
      out.push(child);
      walk((value as Record<string, Json>)[key], child, depth + 1);
    }
  };
  walk(root, [], 0);
  return out;
}

function containerAt(root: Json, path: Path): Record<string | number, Json> | undefined {
  let at: Json = root;
  for (const key of path) at = (at as Record<string | number, Json>)[key];
  return typeof at === "object" && at !== null && !(at instanceof Huge) && !(at instanceof Deep)
    ? (at as Record<string | number, Json>)
    : undefined;
}

/** defineProperty, not assignment: `obj["__proto__"] = v` would change the prototype, not add a key. */
function put(target: Record<string | number, Json>, key: string | number, value: Json): void {
  if (Array.isArray(target) && typeof key !== "number") target.push(value);
  else Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A deep copy that keeps the Huge/Deep markers (structuredClone would turn them into plain objects). */
function copy(value: Json): Json {
  if (typeof value !== "object" || value === null || value instanceof Huge || value instanceof Deep) return value;
  const out = (Array.isArray(value) ? [] : {}) as Record<string | number, Json>;
  for (const key of Object.keys(value)) put(out, Array.isArray(value) ? Number(key) : key, copy((value as Record<string, Json>)[key]));
  return out;
}

/** Mutations never change the case itself: the same case is turned into a payload more than once. */
function applyStructural(root: Json, original: StructuralMutation): Json {
  const mutation = original.op === "delete" ? original : { ...original, value: copy(original.value) };
  const paths = pathsOf(root);
  const path = paths[mutation.pick % paths.length]!;
  if (mutation.op === "add") {
    const target = containerAt(root, path);
    if (target) put(target, Array.isArray(target) ? target.length : mutation.key, mutation.value);
    return root;
  }
  if (path.length === 0) return mutation.op === "set" ? mutation.value : undefined;
  const parent = containerAt(root, path.slice(0, -1))!;
  const key = path[path.length - 1]!;
  if (mutation.op === "set") put(parent, key, mutation.value);
  else if (Array.isArray(parent)) parent.splice(Number(key), 1);
  else delete parent[key];
  return root;
}
