// §2.5–2.6: every catalog diagnostic text byte-exact, which problems are
// reported (first per file; every eligibility problem), and normalisation.
import { expect, test } from "vitest";
import { loadCatalog, type StorageFile } from "../../src/engine/index.ts";
import { globalFile, h, loadOk, projectFile, regexError } from "./_helpers.ts";

const messages = (files: StorageFile[]) => {
  const result = loadCatalog(files);
  return result.ok ? [] : result.diagnostics.map((d) => d.message);
};
const one = (data: unknown) => messages([globalFile(data)]);

test('§2.6 "$schema" must be a string', () => {
  expect(one({ $schema: 1 })).toEqual(['"$schema" must be a string']);
  expect(one({ $schema: "anything" })).toEqual([]);
});

test("§2.6 repos must be a unique array of owner/repo strings", () => {
  const text = '"repos" must be a unique array of owner/repo strings';
  for (const repos of ["o/r", ["o/r", "o/r"], ["o"], ["o/r/x"], [1]]) expect(one({ repos }), JSON.stringify(repos)).toEqual([text]);
  expect(one({ repos: ["o/r", "p/q"] })).toEqual([]);
});

test("§2.6 a section must be an object", () => {
  for (const section of [[], "x", null, 1]) {
    expect(one({ local: section })).toEqual(['section "local" must be an object']);
  }
  expect(one({ "o/r": [] })).toEqual(['section "o/r" must be an object']);
});

test("§2.6 invalid entry name", () => {
  expect(one({ "o/r": { "a/b": h("tool_call", "true") } })).toEqual([
    'section "o/r" has invalid entry name "a/b"; names must be non-empty and contain neither / nor NUL',
  ]);
});

test("§2.6 unknown event", () => {
  expect(one({ "o/r": { x: h("later", "true") } })).toEqual([
    'entry "o/r/x" has unknown event "later"; supported events: tool_call, tool_result, turn_end, agent_end, agent_settled, session_before_switch, session_before_fork, hook_result',
  ]);
});

test("§2.6 invalid regex, with and without an array index", () => {
  expect(one({ local: { r: h("turn_end", "true", { filter: { event: "(?<" } }) } })).toEqual([
    `entry "local/r" filter["event"] has invalid regex "(?<": ${regexError("(?<")}`,
  ]);
  expect(one({ local: { r: h("tool_call", "true", { filter: { path: ["ok", 1, "a{2,1}"] } }) } })).toEqual([
    `entry "local/r" filter["path"][2] has invalid regex "a{2,1}": ${regexError("a{2,1}")}`,
  ]);
  // in hook_result filters only outcome/code are exact; refs are regexes like any other
  expect(one({ local: { r: h("hook_result", "true", { filter: { hookRef: "[" } }) } })).toEqual([
    `entry "local/r" filter["hookRef"] has invalid regex "[": ${regexError("[")}`,
  ]);
});

test("§2.6 schema mismatch (catch-all)", () => {
  expect(one({ local: { m: "not an entry" } })).toEqual(['entry "local/m" does not match the Hook or Preset schema']);
  expect(one({ local: { m: h("tool_call", "true", { filter: { x: { nested: 1 } } }) } })).toEqual([
    'entry "local/m" does not match the Hook or Preset schema',
  ]);
  expect(one({ local: { m: h("hook_result", "true", { filter: { toolName: "x" } }) } })).toEqual([
    'entry "local/m" does not match the Hook or Preset schema',
  ]);
});

test("§2.4 Preset refs must be source-qualified; Presets take no hook fields", () => {
  const preset = (fields: object) => one({ local: { p: { description: "", preset: [], ...fields } } });
  for (const ref of ["bare", "local/a/b", "local/", "o/r", "my org/repo/x"]) {
    expect(preset({ preset: [ref] }), ref).toEqual(['entry "local/p" does not match the Hook or Preset schema']);
  }
  expect(preset({ preset: ["local/a", "o.r/re-po_1/x y"] })).toEqual([]);
  expect(preset({ event: "tool_call" })).toEqual(['entry "local/p" does not match the Hook or Preset schema']);
});

test("§4.3 hook_result filter value types: refs are strings, code is number or null", () => {
  const filter = (f: object) => one({ local: { w: h("hook_result", "true", { filter: f }) } });
  const mismatch = ['entry "local/w" does not match the Hook or Preset schema'];
  expect(filter({ hookRef: 1 })).toEqual(mismatch);
  expect(filter({ invocationId: [null] })).toEqual(mismatch);
  expect(filter({ code: "7" })).toEqual(mismatch);
  expect(filter({ outcome: ["block", "nope"] })).toEqual(mismatch);
  expect(filter({ event: ["^hook_result$"], hookRef: "^local/", outcome: [], code: [] })).toEqual([]);
});

test("§2.5 an ineligible section fails even when it holds no entries", () => {
  expect(one({ one: {} })).toEqual(['section "one" is not a valid source; expected local or owner/repo']);
  expect(messages([projectFile({ "owner/repo": {} })])).toEqual(['repository section "owner/repo" is not declared in project "repos"']);
});

test("§2.6 invalid source and undeclared repository section", () => {
  expect(one({ "a/b/c": { x: h("tool_call", "true") } })).toEqual(['section "a/b/c" is not a valid source; expected local or owner/repo']);
  expect(messages([projectFile({ repos: ["o/r"], "p/q": { x: h("tool_call", "true") } })])).toEqual([
    'repository section "p/q" is not declared in project "repos"',
  ]);
});

test("§2.6 nested Preset", () => {
  expect(one({ local: { a: { description: "", preset: ["local/b"] }, b: { description: "", preset: [] } } })).toEqual([
    'Preset "local/a" references Preset "local/b"; nested Presets are not supported',
  ]);
});

test("§2.6 JSON parse errors carry the engine's message; a non-object root has a fixed text", () => {
  const text = '{"local": {,}}';
  let expected = "";
  try {
    JSON.parse(text);
  } catch (error) {
    expected = (error as Error).message;
  }
  expect(messages([{ storage: "global", text }])).toEqual([expected]);
  for (const root of ["[]", '"s"', "null", "3"]) {
    expect(messages([{ storage: "global", text: root }])).toEqual(["hookit.json content is not a JSON object"]);
  }
});

test("§2.5 only the first problem per file; every eligibility problem; storage and file tags", () => {
  const twoProblems = { $schema: 1, local: [] };
  expect(messages([globalFile(twoProblems)])).toEqual(['"$schema" must be a string']);
  const result = loadCatalog([
    {
      storage: "project",
      path: "/p/.hookit/hookit.json",
      text: JSON.stringify({ "a/b": { x: h("tool_call", "true") }, bad: { y: h("tool_call", "true") } }),
    },
  ]);
  expect(result).toEqual({
    ok: false,
    diagnostics: [
      { storage: "project", file: "/p/.hookit/hookit.json", message: 'repository section "a/b" is not declared in project "repos"' },
      { storage: "project", file: "/p/.hookit/hookit.json", message: 'section "bad" is not a valid source; expected local or owner/repo' },
    ],
  });
});

test("§2.1 a missing file is an empty object", () => {
  expect(
    loadCatalog([
      { storage: "global", text: undefined },
      { storage: "project", text: undefined },
    ]),
  ).toEqual({ ok: true, entries: [] });
});

test('§2.5 normalisation: omitted shell is "true", default is boolean, entries deep-frozen', () => {
  const [hook, preset] = loadOk([
    globalFile({
      local: {
        a: h("tool_call", undefined, { action: { type: "compact", outcome: ["pass"], code: [0] }, filter: { k: ["x"] } }),
        p: { description: "", preset: ["local/a"] },
      },
    }),
  ]);
  expect(hook).toMatchObject({ kind: "hook", shell: "true", default: false });
  expect(preset).toMatchObject({ kind: "preset", default: false });
  if (hook?.kind !== "hook") throw new Error("expected a hook");
  expect(Object.isFrozen(hook) && Object.isFrozen(hook.filter) && Object.isFrozen(hook.filter?.k)).toBe(true);
  expect(Object.isFrozen(hook.action) && Object.isFrozen(hook.action?.outcome)).toBe(true);
  expect(Object.isFrozen(preset) && Object.isFrozen(preset?.kind === "preset" && preset.preset)).toBe(true);
});

test("§2.6 names, refs, events and patterns are quoted with JSON.stringify (escapes shown)", () => {
  const pattern = "\\bgit push(";
  expect(one({ local: { r: h("tool_call", "true", { filter: { command: pattern } }) } })).toEqual([
    `entry "local/r" filter["command"] has invalid regex "\\\\bgit push(": ${regexError(pattern)}`,
  ]);
  expect(one({ local: { 'q"k': h("tool_call", "true", { filter: { 'a"b': "(" } }) } })).toEqual([
    `entry "local/q\\"k" filter["a\\"b"] has invalid regex "(": ${regexError("(")}`,
  ]);
  expect(one({ local: { x: h('la"ter', "true") } })[0]).toMatch(/^entry "local\/x" has unknown event "la\\"ter"; supported events: /);
  expect(one({ 'o/r"': { "a/b": h("tool_call", "true") } })[0]).toMatch(/^section "o\/r\\"" has invalid entry name "a\/b"; /);
  expect(one({ local: { 'a"': { description: "", preset: ["local/b"] }, b: { description: "", preset: [] } } })).toEqual([
    'Preset "local/a\\"" references Preset "local/b"; nested Presets are not supported',
  ]);
  // the texts HooKit builds with plain quotes stay plain
  expect(one({ local: { 'm"': "no" } })).toEqual(['entry "local/m"" does not match the Hook or Preset schema']);
  expect(one({ 'x"y': [] })).toEqual(['section "x"y" must be an object']);
});

test("§2.6 an invalid regex wins over every other problem of the entry (only unknown event comes first)", () => {
  const broken = { description: "t", event: "tool_call", shell: "true", filter: { command: "(" }, timeoutMs: 5 };
  expect(one({ local: { r: broken } })).toEqual([`entry "local/r" filter["command"] has invalid regex "(": ${regexError("(")}`]);
  // a filter value of the wrong type does not hide a bad pattern next to it
  expect(one({ local: { r: h("tool_call", "true", { filter: { a: ["(", { x: 1 }] } }) } })).toEqual([
    `entry "local/r" filter["a"][0] has invalid regex "(": ${regexError("(")}`,
  ]);
  expect(one({ local: { r: { ...broken, event: "later" } } })[0]).toMatch(/has unknown event "later"/);
});

test("§2.6 a hook_result filter's code is checked as a pattern; only outcome is exempt", () => {
  const filter = (f: object) => one({ local: { w: h("hook_result", "true", { filter: f }) } });
  expect(filter({ code: "(" })).toEqual([`entry "local/w" filter["code"] has invalid regex "(": ${regexError("(")}`]);
  expect(filter({ outcome: "(" })).toEqual(['entry "local/w" does not match the Hook or Preset schema']);
});

test("§2.5 a file that fails its own checks hides the other file's source problems", () => {
  const result = loadCatalog([globalFile({ "not a source": {} }), { storage: "project", text: "{" }]);
  expect(result.ok ? [] : result.diagnostics.map((d) => d.storage)).toEqual(["project"]);
  expect(messages([globalFile({ "not a source": {} }), projectFile({ "o/r": {} })])).toEqual([
    'section "not a source" is not a valid source; expected local or owner/repo',
    'repository section "o/r" is not declared in project "repos"',
  ]);
});
