// §9 "Catalog / config" (71–85): merge, eligibility, presets, entry validation.
import { expect, test } from "vitest";
import { enabledHookSet, loadCatalog } from "../../src/engine/index.ts";
import { globalFile, h, loadFails, loadOk, projectFile, run, tempDir, toolCall } from "./_helpers.ts";

const MISMATCH = (ref: string) => `entry "${ref}" does not match the Hook or Preset schema`;
/** The single diagnostic message of a global file holding `local.<name>` = entry. */
const entryProblem = (entry: unknown, name = "x") => loadCatalog([globalFile({ local: { [name]: entry } })]);

test("71 a project record wholly replaces the global one; merged order keeps global positions", () => {
  const entries = loadOk([
    globalFile({
      local: { shared: h("tool_call", "false", { when: "test -f x", description: "global" }), globalOnly: h("tool_call", "true") },
      "owner/repo": { sameName: h("tool_call", "true") },
    }),
    projectFile({
      repos: ["owner/repo", "hidden/repo"],
      local: { shared: h("tool_call", "exit 3", { description: "project" }) },
      "owner/repo": { sameName: h("turn_end", "true") },
      "hidden/repo": { hidden: h("tool_call", "true") },
    }),
  ]);
  expect(entries.map((e) => e.ref)).toEqual(["local/shared", "local/globalOnly", "owner/repo/sameName", "hidden/repo/hidden"]);
  expect(entries[0]).toEqual({
    kind: "hook",
    source: "local",
    name: "shared",
    ref: "local/shared",
    description: "project",
    event: "tool_call",
    shell: "exit 3",
    default: false,
  });
  expect(entries[2]).toMatchObject({ event: "turn_end" });
});

test("72 a project Preset replaces a global Hook of the same source and name", () => {
  const entries = loadOk([
    globalFile({ local: { shared: h("tool_call", "false") } }),
    projectFile({ local: { shared: { description: "now a preset", preset: [] } } }),
  ]);
  expect(entries).toHaveLength(1);
  expect(entries[0]).toMatchObject({ kind: "preset", ref: "local/shared", preset: [] });
});

test("73 project repository sections must be declared in project repos; global ones need not be", () => {
  const section = { "owner/repo": { x: h("tool_call", "true") } };
  expect(loadFails([projectFile(section)])).toEqual([
    { storage: "project", message: 'repository section "owner/repo" is not declared in project "repos"' },
  ]);
  expect(loadOk([globalFile(section)]).map((e) => e.ref)).toEqual(["owner/repo/x"]);
  expect(loadOk([projectFile({ repos: ["owner/repo"], ...section })]).map((e) => e.ref)).toEqual(["owner/repo/x"]);
  // a declared repo without a section is fine
  expect(loadOk([projectFile({ repos: ["other/repo"] })])).toEqual([]);
});

test("74 a top-level key that is neither local nor owner/repo is not a valid source", () => {
  expect(loadFails([globalFile({ one: { x: h("tool_call", "true") } })])).toEqual([
    { storage: "global", message: 'section "one" is not a valid source; expected local or owner/repo' },
  ]);
});

test("75 empty names, names with / and names with NUL are invalid", () => {
  // HooKit quotes the name with JSON.stringify, so a NUL shows as \u0000.
  for (const [name, shown] of [
    ["", '""'],
    ["nested/name", '"nested/name"'],
    ["nul\u0000name", '"nul\\u0000name"'],
  ]) {
    const result = entryProblem(h("tool_call", "true"), name);
    expect(result).toEqual({
      ok: false,
      diagnostics: [
        {
          storage: "global",
          message: `section "local" has invalid entry name ${shown}; names must be non-empty and contain neither / nor NUL`,
        },
      ],
    });
  }
});

test("76 duplicate Preset refs do not match the schema", () => {
  expect(entryProblem({ description: "", preset: ["local/a", "local/a"] }, "p")).toEqual({
    ok: false,
    diagnostics: [{ storage: "global", message: MISMATCH("local/p") }],
  });
});

test("77 a dangling Preset ref is valid; enabling the Preset runs the available members", async () => {
  const dir = tempDir();
  const entries = loadOk([
    globalFile({
      local: {
        a: h("tool_call", "touch a"),
        p: { description: "", preset: ["local/a", "local/missing", "owner/repo/missing"], default: true },
      },
    }),
  ]);
  const set = enabledHookSet(entries);
  expect(set.map((hook) => hook.ref)).toEqual(["local/a"]);
  const out = await run(toolCall(), set, dir);
  expect(out.evaluationReport?.rows.map((r) => r.hookRef)).toEqual(["local/a"]);
});

test("78 a Preset referencing a Preset invalidates the whole catalog, across storages too", () => {
  expect(
    loadFails([
      globalFile({ local: { inner: { description: "", preset: [] }, guard: h("tool_call", "false", { default: true }) } }),
      projectFile({ local: { outer: { description: "", preset: ["local/inner"] } } }),
    ]),
  ).toEqual([{ storage: "project", message: 'Preset "local/outer" references Preset "local/inner"; nested Presets are not supported' }]);
  expect(loadFails([globalFile({ "o/r": { a: { description: "", preset: ["o/r/b"] }, b: { description: "", preset: [] } } })])).toEqual([
    { storage: "global", message: 'Preset "o/r/a" references Preset "o/r/b"; nested Presets are not supported' },
  ]);
});

test("79 hook shape: boolean shell, no shell and no action, a preset key, unknown keys are invalid", () => {
  const bad = [
    { description: "", event: "tool_call", shell: false },
    { description: "", event: "tool_call" },
    { description: "", event: "tool_call", shell: "true", preset: [] },
    { description: "", event: "tool_call", shell: "true", matcher: "Bash" },
    { event: "tool_call", shell: "true" },
  ];
  for (const entry of bad) {
    expect(entryProblem(entry), JSON.stringify(entry)).toEqual({
      ok: false,
      diagnostics: [{ storage: "global", message: MISMATCH("local/x") }],
    });
  }
});

test("80 action selectors must be possible for the owner's event and feasible with code", () => {
  const withAction = (action: object, event = "tool_call") => entryProblem(h(event, "true", { action }));
  expect(withAction({ type: "interrupt", outcome: "report" }).ok).toBe(false);
  expect(withAction({ type: "interrupt", outcome: "pass", code: 1 }).ok).toBe(false);
  expect(withAction({ type: "interrupt", outcome: ["pass", "block"], code: 1 }).ok).toBe(true);
  expect(withAction({ type: "interrupt", outcome: [] }).ok).toBe(false);
  expect(withAction({ type: "interrupt", outcome: "block", code: 0 }).ok).toBe(false);
  expect(withAction({ type: "interrupt", outcome: "block", code: [] }).ok).toBe(false);
  expect(withAction({ type: "interrupt", outcome: "patch" }, "tool_result").ok).toBe(true);
  expect(withAction({ type: "interrupt", outcome: "cancel" }, "session_before_fork").ok).toBe(true);
  expect(withAction({ type: "interrupt", outcome: "report" }, "hook_result").ok).toBe(true);
  expect(withAction({ type: "interrupt", outcome: "block" }, "hook_result").ok).toBe(false);
  expect(withAction({ type: "interrupt", outcome: "pass", extra: 1 }).ok).toBe(false);
});

test("81 message: nextTurn with triggerTurn is invalid; sendAs user allows neither nextTurn nor triggerTurn", () => {
  const message = (fields: object) =>
    entryProblem(h("tool_call", "true", { action: { type: "message", message: "m", outcome: "pass", ...fields } }));
  expect(message({ delivery: "nextTurn", triggerTurn: true }).ok).toBe(false);
  expect(message({ delivery: "nextTurn", triggerTurn: false }).ok).toBe(true);
  expect(message({ delivery: "nextTurn", sendAs: "user" }).ok).toBe(false);
  expect(message({ delivery: "steer", sendAs: "user", triggerTurn: false }).ok).toBe(false);
  expect(message({ delivery: "followUp", sendAs: "user", triggerTurn: true }).ok).toBe(false);
  expect(message({ delivery: "steer", sendAs: "user" }).ok).toBe(true);
  expect(message({ delivery: "later" }).ok).toBe(false);
});

test("82 emit-custom-event needs a name with a non-whitespace character", () => {
  const emit = (name: string) => entryProblem(h("tool_call", "true", { action: { type: "emit-custom-event", name, outcome: "pass" } }));
  expect(emit("   ").ok).toBe(false);
  expect(emit("").ok).toBe(false);
  expect(emit(" ok ").ok).toBe(true);
});

test("83 an unknown event names the supported events", () => {
  expect(entryProblem(h("made_up", "true"))).toEqual({
    ok: false,
    diagnostics: [
      {
        storage: "global",
        message:
          'entry "local/x" has unknown event "made_up"; supported events: tool_call, tool_result, turn_end, agent_end, agent_settled, session_before_switch, session_before_fork, hook_result',
      },
    ],
  });
  expect(entryProblem(h("session_shutdown", "true")).ok).toBe(false);
});

test("84 problems in both files: one diagnostic each, global first, no partial catalog", () => {
  const broken = "{ not json";
  let parseMessage = "";
  try {
    JSON.parse(broken);
  } catch (error) {
    parseMessage = (error as Error).message;
  }
  const result = loadCatalog([
    { storage: "global", text: broken },
    projectFile({ local: { ok: h("tool_call", "false", { default: true }), bad: { description: "", event: "tool_call" } } }),
  ]);
  expect(result).toEqual({
    ok: false,
    diagnostics: [
      { storage: "global", message: parseMessage },
      { storage: "project", message: MISMATCH("local/bad") },
    ],
  });
  expect("entries" in result).toBe(false);
});

test("85 an untrusted project is never handed to the engine; the global default hook is enforced (trust: host-level)", async () => {
  const global = globalFile({ local: { guard: h("tool_call", "false", { default: true }) } });
  const untrustedProject = { storage: "project" as const, text: "{ malformed" };
  expect(loadCatalog([global, untrustedProject]).ok).toBe(false); // so the host must leave it out
  const out = await run(toolCall(), enabledHookSet(loadOk([global])), tempDir());
  expect(out.eventOutcomes[0]).toMatchObject({ outcome: "block", reason: 'hookit: hook "guard" rejected bash — `false`' });
});
