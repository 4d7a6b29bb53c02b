// Every tool a real CLI offered the model (test/fixtures/tool-lists/<agent>-<version>.json, captured by
// test/e2e/tools.e2e.test.ts) is classified by its adapter's table, every input field of a
// normalized tool is either mapped or declared as naming no file, pattern or command, and the
// table says what parse() really does: each mapped field's value reaches the normalized input.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { classOf, type MappedTool } from "../../../src/agents/shared/tool-classes.ts";
import { PRE_TOOL } from "../tool-samples.ts";
import { TOOL_TABLES } from "../tool-tables.ts";

const FIXTURES = join(import.meta.dirname, "../../fixtures/tool-lists");

interface Captured {
  agent: string;
  version: string;
  tools: { name: string; kind: string; schema?: unknown }[];
}

const captures: Captured[] = readdirSync(FIXTURES)
  .filter((f) => f.endsWith(".json"))
  .map((f) => JSON.parse(readFileSync(join(FIXTURES, f), "utf8")) as Captured);

/** Inputs the schema cannot give (a patch text, nested edits): one or more samples per tool. */
const SAMPLES: Record<string, Record<string, Record<string, unknown>[]>> = {
  claude: { MultiEdit: [{ file_path: "x-file_path", edits: [{ old_string: "x-edits-old", new_string: "x-edits" }] }] },
  copilot: {
    apply_patch: [{ input: "*** Begin Patch\n*** Add File: x-input\n+x\n*** End Patch" }],
    str_replace_editor: [
      { command: "view", path: "x-path" },
      { command: "create", path: "x-path", file_text: "x-file_text" },
      { command: "str_replace", path: "x-path", old_str: "x-old_str", new_str: "x-new_str" },
      { command: "str_replace", path: "x-path", old_str: "x-old_str" },
      { command: "insert", path: "x-path", insert_line: 1, new_str: "x-new_str" },
      { command: "undo_edit", path: "x-path" },
    ],
    grep: [
      { pattern: "x-pattern", paths: ["x-paths", "x-paths-2"], glob: "x-glob" },
      { pattern: "x-pattern", path: "x-path" },
    ],
  },
  codex: {
    apply_patch: [{ command: "*** Begin Patch\n*** Add File: x-command\n+x\n*** End Patch" }],
    shell: [{ command: ["x-command", "x-command-2"], workdir: "x-workdir" }],
    shell_command: [{ command: "x-command", workdir: "x-workdir" }],
  },
  cursor: {
    Shell: [
      { command: "x-command", working_directory: "x-working_directory" },
      { command: "x-command", cwd: "x-cwd" },
    ],
  },
  factory: {
    ApplyPatch: [{ input: "*** Begin Patch\n*** Update File: x-input\n@@\n-a\n+b\n*** End Patch" }],
    MultiEdit: [{ file_path: "x-file_path", changes: [{ old_str: "x-changes-old", new_str: "x-changes" }] }],
  },
  antigravity: {
    run_command: [{ CommandLine: "x-CommandLine", Cwd: "x-Cwd" }],
    multi_replace_file_content: [
      { TargetFile: "x-TargetFile", ReplacementChunks: [{ TargetContent: "a", ReplacementContent: "x-ReplacementChunks" }] },
    ],
    grep_search: [
      { Query: "x-Query", SearchPath: "x-SearchPath", Includes: ["x-Includes", "x-Includes-2"] },
      { Query: "x-Query", Includes: "x-Includes" },
    ],
  },
  kimi: {
    StrReplaceFile: [
      { path: "x-path", edit: { old: "x-old", new: "x-edit" } },
      { path: "x-path", edit: [{ old: "a", new: "x-edit" }] },
    ],
    PatchFile: [{ path: "x-path", diff: "--- a\n+++ b\n@@ -1 +1 @@\n-old\n+x-diff" }],
  },
  opencode: { apply_patch: [{ patchText: "*** Begin Patch\n*** Delete File: x-patchText\n*** End Patch" }] },
};

const NUMERIC = new Set(["timeout", "offset", "limit", "context"]);
const FLAGS = new Set(["ignoreCase"]);

function properties(schema: unknown): Record<string, Record<string, unknown>> {
  const props = (schema as { properties?: unknown } | undefined)?.properties;
  return typeof props === "object" && props !== null ? (props as Record<string, Record<string, unknown>>) : {};
}

/** A sample value that can be traced: `x-<field>` for strings (and string arrays). */
function sampleValue(field: string, schema: Record<string, unknown> | undefined): unknown {
  // A union (Kimi's Read.line_offset: a positive or a negative integer): a value of its first branch.
  if (Array.isArray(schema?.anyOf) && schema.type === undefined) return sampleValue(field, schema.anyOf[0] as Record<string, unknown>);
  const type = schema?.type;
  if (Array.isArray(schema?.enum)) return schema.enum[0];
  if (type === "number" || type === "integer") return 7;
  if (type === "boolean") return false;
  if (type === "array") return [`x-${field}`];
  if (type === "object") return {};
  return `x-${field}`;
}

function samplesFor(agent: string, entry: MappedTool, schema: unknown): Record<string, unknown>[] {
  const given = SAMPLES[agent]?.[entry.native];
  if (given) return given;
  const props = properties(schema);
  if (Object.keys(props).length > 0)
    return [Object.fromEntries(Object.entries(props).map(([name, prop]) => [name, sampleValue(name, prop)]))];
  // No captured schema (a tool of another platform or release): strings, numbers and flags where Pi
  // wants them, and one sample per spelling where several native fields are read as the same one.
  const groups = new Map<string, string[]>();
  for (const [name, to] of Object.entries(entry.fields)) groups.set(to, [...(groups.get(to) ?? []), name]);
  const rounds = Math.max(...[...groups.values()].map((names) => names.length));
  return Array.from({ length: rounds }, (_, k) =>
    Object.fromEntries(
      [...groups].map(([to, names]) => {
        const name = names[Math.min(k, names.length - 1)] as string;
        return [name, NUMERIC.has(to) ? 7 : FLAGS.has(to) ? true : `x-${name}`];
      }),
    ),
  );
}

function schemaOf(agent: string, name: string): unknown {
  for (const capture of captures) {
    if (capture.agent !== agent) continue;
    const tool = capture.tools.find((t) => t.name === name);
    if (tool?.schema !== undefined) return tool.schema;
  }
  return undefined;
}

describe("captured tool lists", () => {
  it("exist for every CLI the e2e suite runs", () => {
    expect(new Set(captures.map((c) => c.agent))).toEqual(
      new Set(["claude", "codex", "gemini", "copilot", "pi", "factory", "opencode", "kimi"]),
    );
  });

  for (const capture of captures) {
    it(`${capture.agent} ${capture.version}: every tool is classified`, () => {
      const table = TOOL_TABLES[capture.agent] ?? [];
      expect(capture.tools.map((t) => t.name).filter((name) => classOf(table, name) === undefined)).toEqual([]);
    });

    it(`${capture.agent} ${capture.version}: every input field of a normalized tool is mapped or declared`, () => {
      const table = TOOL_TABLES[capture.agent] ?? [];
      const missing: string[] = [];
      for (const tool of capture.tools) {
        const entry = classOf(table, tool.name);
        if (!entry || !("as" in entry)) continue;
        for (const field of Object.keys(properties(tool.schema))) {
          if (!Object.hasOwn(entry.fields, field) && !(entry.rest ?? []).includes(field)) missing.push(`${tool.name}.${field}`);
        }
      }
      expect(missing).toEqual([]);
    });
  }
});

describe("each table says what parse() does", () => {
  for (const [agent, table] of Object.entries(TOOL_TABLES)) {
    const seen = PRE_TOOL[agent];
    it(`${agent}: names are unique`, () => {
      expect(new Set(table.map((e) => e.native)).size).toBe(table.length);
    });
    for (const entry of table) {
      if ("as" in entry) {
        it(`${agent} ${entry.native} → ${String(entry.as)}`, () => {
          const names: string[] = Array.isArray(entry.as) ? entry.as : [entry.as];
          for (const sample of samplesFor(agent, entry, schemaOf(agent, entry.native))) {
            const calls = seen!(entry.native, sample);
            expect(calls.length).toBeGreaterThan(0);
            for (const call of calls) expect(names).toContain(call.toolName);
            const text = JSON.stringify(calls.map((c) => c.input));
            for (const field of Object.keys(entry.fields)) {
              const value = sample[field];
              const traced = typeof value === "string" ? [value] : Array.isArray(value) ? value.filter((v) => typeof v === "string") : [];
              for (const v of traced) if (v.startsWith("x-")) expect(text, `${entry.native}.${field}`).toContain(v);
            }
          }
        });
      } else if (!("unhooked" in entry)) {
        it(`${agent} ${entry.native} keeps its native name`, () => {
          const calls = seen!(entry.native, { x: "x-any" });
          expect(calls.map((c) => c.toolName)).toEqual([entry.native]);
        });
      }
    }
  }
});
