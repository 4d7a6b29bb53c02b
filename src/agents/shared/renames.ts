// A TOOL_CLASSES row whose native fields each become one of Pi's input fields needs no code of
// its own: `plainNormalizers(rows)` builds its normalizer from the row, so what the docs table
// says a tool becomes and what a policy receives cannot drift apart. Rows that need more (a
// timeout in other units, a list of edits, a field that changes meaning) keep a hand-written
// normalizer in their agent's tools.ts; a row that has neither is refused at run time
// (normalizeWith), never let through under its native name.
import type { MappedTool, NormalizedTool } from "./tool-classes.ts";
import type { FieldReader } from "./fields.ts";
import type { Payload } from "./payload.ts";
import { soleString } from "./fields.ts";
import { PayloadError } from "../../contract/types.ts";

/** The normalized input, or undefined when this call keeps its native name. */
export type Normalizer = (input: Payload, field: FieldReader) => Record<string, unknown> | undefined;

type Kind = "string" | "number" | "boolean";

/**
 * Pi's tool inputs (its tool schemas; `type` is Claude's ripgrep file type, kept for policies
 * that read it), and which fields a call must have. `edits[].x` is a field of the one edit.
 */
const PI_INPUT: Record<string, Record<string, [Kind, required?: true]>> = {
  bash: { command: ["string", true] },
  read: { path: ["string", true], offset: ["number"], limit: ["number"] },
  write: { path: ["string", true], content: ["string", true] },
  edit: { path: ["string", true], "edits[].oldText": ["string", true], "edits[].newText": ["string", true] },
  grep: {
    pattern: ["string", true],
    path: ["string"],
    glob: ["string"],
    type: ["string"],
    ignoreCase: ["boolean"],
    context: ["number"],
    limit: ["number"],
  },
  find: { pattern: ["string", true], path: ["string"], limit: ["number"] },
  ls: { path: ["string"], limit: ["number"] },
};

const EDIT = "edits[].";

/** The normalizer a row is, when every field it names is one of Pi's for its tool; otherwise undefined. */
export function renamer(row: MappedTool): Normalizer | undefined {
  if (typeof row.as !== "string" || row.perFile) return undefined;
  const shape = PI_INPUT[row.as];
  if (shape === undefined) return undefined;
  const sources = Object.entries(row.fields);
  if (sources.some(([, to]) => !Object.hasOwn(shape, to))) return undefined;
  // Each Pi field with the native spellings that fill it (several: one per release or platform).
  const plan = Object.entries(shape).map(([to, [kind, required]]) => ({
    to,
    kind,
    required: required === true,
    natives: sources.filter(([, target]) => target === to).map(([native]) => native),
  }));
  if (plan.some((step) => step.required && step.natives.length === 0)) return undefined;
  const used = plan.filter((step) => step.natives.length > 0);
  return (input, field) => {
    const out: Record<string, unknown> = {};
    const edit: Record<string, unknown> = {};
    for (const { to, kind, required, natives } of used) {
      const value = valueOf(input, natives, kind, row.native);
      if (value === undefined) {
        if (required) throw field.fail(natives[0] as string, `a ${kind}`, input[natives[0] as string]);
        continue;
      }
      if (to.startsWith(EDIT)) edit[to.slice(EDIT.length)] = value;
      else out[to] = value;
    }
    if (Object.keys(edit).length > 0) out.edits = [edit];
    return out;
  };
}

/**
 * A string field spelt two ways with two values is refused (which one the agent acts on depends
 * on its release: a guard must not see only the harmless one). For a number or a flag the last
 * spelling that holds one wins (Claude's Grep `-C` over `context`), since neither names a file.
 */
function valueOf(input: Payload, natives: string[], kind: Kind, tool: string): unknown {
  if (kind === "string") return soleString(input, natives, tool);
  let found: unknown;
  for (const native of natives) {
    const value = input[native];
    if (kind === "number" ? typeof value === "number" && Number.isFinite(value) : typeof value === "boolean") found = value;
  }
  return found;
}

/** What a tool table yields for one native tool name: the Pi tool it becomes and its normalizer. */
export type Normalizers = (native: string) => [as: string, normalize: Normalizer | undefined] | undefined;

/**
 * The normalizer of each mapped row: the agent's own where it has one, else the row's renamer,
 * made on the first call of that tool. A hook call reads one tool: making every row's renamer
 * when the adapter loaded cost each Claude Code call about 0.9 M instructions (Node 22.23.5).
 */
export function plainNormalizers(rows: readonly MappedTool[], own: Record<string, Normalizer>): Normalizers {
  const made = new Map<string, [string, Normalizer | undefined]>();
  return (native) => {
    const known = made.get(native);
    if (known !== undefined) return known;
    const row = rows.find((candidate) => candidate.native === native);
    if (row === undefined) return undefined;
    const entry: [string, Normalizer | undefined] = [
      Array.isArray(row.as) ? (row.as[0] as string) : row.as,
      Object.hasOwn(own, native) ? own[native] : renamer(row),
    ];
    made.set(native, entry);
    return entry;
  };
}

/**
 * A call through `table`: unknown tools keep their native name and input; a mapped row with no
 * normalizer (a table edit that forgot one) is refused rather than passed under its native name.
 */
export function normalizeWith(table: Normalizers, name: string, input: Payload, field: FieldReader): NormalizedTool {
  const entry = table(name);
  if (entry === undefined) return { toolName: name, input };
  const [toolName, normalize] = entry;
  if (normalize === undefined)
    throw new PayloadError(`hookit cannot read a ${name} call: its tool table row names fields hookit does not map`);
  const normalized = normalize(input, field);
  return normalized === undefined ? { toolName: name, input } : { toolName, input: normalized };
}
