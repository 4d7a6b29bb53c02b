// Facts in the engine: `hookit.*` filter keys (any element matches, only for
// facts), HOOKIT_COMMANDS / HOOKIT_PATHS in real shells, validation and
// schema, and that nothing is derived when no hook needs it.
import { describe, expect, test } from "vitest";
import { loadCatalog } from "../../src/engine/catalog.ts";
import { enabledHookSet } from "../../src/engine/enabled.ts";
import { evaluate } from "../../src/engine/evaluate.ts";
import { needsFacts } from "../../src/engine/facts.ts";
import { fileJsonSchema } from "../../src/engine/schema.ts";
import type { NormalizedEvent } from "../../src/engine/types.ts";
import { useProject } from "./_project.ts";

const project = useProject();

function hooksOf(local: Record<string, unknown>) {
  const catalog = loadCatalog([{ storage: "global", text: JSON.stringify({ local }) }]);
  if (!catalog.ok) throw new Error(JSON.stringify(catalog.diagnostics));
  return enabledHookSet(catalog.entries);
}
const guard = (filter: Record<string, unknown>, shell = "false") => ({ description: "", event: "tool_call", filter, shell, default: true });
const bash = (command: string, extra: Record<string, unknown> = {}): NormalizedEvent => ({
  event: "tool_call",
  toolName: "bash",
  toolCallId: "c",
  input: { command, ...extra },
});
const outcome = async (hooks: ReturnType<typeof hooksOf>, event: NormalizedEvent, env: Record<string, string | undefined> = project.env) =>
  (await evaluate(event, hooks, { cwd: project.dir, env })).eventOutcomes[0].outcome;

describe("hookit.* filter keys", () => {
  test("a pattern on a list-valued fact matches when any element does", async () => {
    const hooks = hooksOf({ g: guard({ "hookit.programs": "^rm$" }) });
    expect(await outcome(hooks, bash("echo a && rm x"))).toBe("block");
    expect(await outcome(hooks, bash("echo rm"))).toBe("pass");
  });

  test("a list of patterns is any-of, and every key must match (AND)", async () => {
    const hooks = hooksOf({ g: guard({ toolName: "^bash$", "hookit.programs": ["^curl$", "^wget$"], "hookit.reads": "/\\.netrc$" }) });
    expect(await outcome(hooks, bash("curl -K ~/.netrc https://example.com"))).toBe("block");
    expect(await outcome(hooks, bash("curl https://example.com"))).toBe("pass");
  });

  test("a tool input key cannot fake or hide a fact", async () => {
    const hooks = hooksOf({ g: guard({ "hookit.programs": "^rm$" }) });
    expect(await outcome(hooks, bash("echo hi", { hookit: { programs: ["rm"] }, "hookit.programs": ["rm"] }))).toBe("pass");
    expect(await outcome(hooks, bash("rm x", { hookit: { programs: [] } }))).toBe("block");
  });

  test("HooKit semantics for real input keys stay: a string pattern never matches an array input", async () => {
    const hooks = hooksOf({ g: guard({ tags: "^a$" }) });
    const event: NormalizedEvent = { event: "tool_call", toolName: "mcp", toolCallId: "c", input: { tags: ["a"] } };
    expect(await outcome(hooks, event)).toBe("pass");
  });

  test("tools without facts never match a fact key", async () => {
    const hooks = hooksOf({ g: guard({ "hookit.paths": "." }) });
    const event: NormalizedEvent = {
      event: "tool_call",
      toolName: "WebFetch",
      toolCallId: "c",
      input: { url: "https://example.test/.env" },
    };
    expect(await outcome(hooks, event)).toBe("pass");
  });

  test("an MCP tool's path arguments are path facts (until 2026-12 it had none)", async () => {
    const hooks = hooksOf({ g: guard({ "hookit.paths": "/\\.env$" }) });
    const event: NormalizedEvent = { event: "tool_call", toolName: "mcp__fs__read", toolCallId: "c", input: { path: ".env" } };
    expect(await outcome(hooks, event)).toBe("block");
  });

  test("file tools get path facts: one guard covers every tool", async () => {
    const hooks = hooksOf({ g: guard({ "hookit.paths": "/\\.env$" }) });
    for (const toolName of ["read", "write", "edit", "grep"]) {
      const event: NormalizedEvent = { event: "tool_call", toolName, toolCallId: "c", input: { path: "notes.txt", pattern: "x" } };
      expect(await outcome(hooks, event), toolName).toBe("block");
    }
    const search: NormalizedEvent = { event: "tool_call", toolName: "grep", toolCallId: "c", input: { pattern: "KEY", glob: ".env*" } };
    expect(await outcome(hooks, search)).toBe("block");
  });

  test("a command the parser rejects fails closed only where the policy says so", async () => {
    const strict = hooksOf({ g: guard({ "hookit.unresolved": "^syntax:" }) });
    const lenient = hooksOf({ g: guard({ "hookit.recursiveDeletesOutside": "." }) });
    expect(await outcome(strict, bash('echo "unterminated'))).toBe("block");
    expect(await outcome(lenient, bash('echo "unterminated'))).toBe("pass");
    expect(await outcome(strict, bash("echo fine"))).toBe("pass");
  });
});

describe("facts in the shell environment", () => {
  test("HOOKIT_COMMANDS and HOOKIT_PATHS are JSON a real shell can read", async () => {
    const shell = `printf '%s' "$HOOKIT_COMMANDS" | grep -q '"program":"rm"' && printf '%s' "$HOOKIT_PATHS" | grep -q '"effect":"delete"' && exit 1; exit 0`;
    const hooks = hooksOf({ g: guard({ toolName: "^bash$" }, shell) });
    expect(await outcome(hooks, bash("sudo rm -r build"))).toBe("block");
    expect(await outcome(hooks, bash("ls build"))).toBe("pass");
  });

  test("an inherited HOOKIT_PATHS never reaches a hook", async () => {
    const hooks = hooksOf({ g: { description: "", event: "agent_end", shell: 'test -z "$HOOKIT_PATHS$HOOKIT_COMMANDS"', default: true } });
    const result = await evaluate({ event: "agent_end" }, hooks, {
      cwd: project.dir,
      env: { ...project.env, HOOKIT_PATHS: "[]", HOOKIT_COMMANDS: "[]" },
    });
    expect(result.eventOutcomes[0].outcome).toBe("pass");
  });
});

describe("facts are derived only when a hook needs them", () => {
  const candidate = { command: "rm -rf ~", toolName: "bash" };
  test.each([
    ["a filter on a fact", { g: guard({ "hookit.programs": "rm" }) }, true],
    ["a real shell", { g: guard({}, "./check.sh") }, true],
    ["only true/false shortcuts and no fact key", { g: guard({ command: "rm" }) }, false],
    ["a fact key behind a toolName that does not match", { g: guard({ toolName: "^read$", "hookit.paths": "." }) }, false],
  ])("%s → %s", (_, local, expected) => {
    expect(needsFacts(bash("rm -rf ~"), hooksOf(local), candidate)).toBe(expected);
  });

  test("on tool_result only for a shell that names the variables (output scans never parse)", () => {
    const result: NormalizedEvent = {
      event: "tool_result",
      toolName: "bash",
      toolCallId: "c",
      input: { command: "ls" },
      content: [],
      isError: false,
    };
    const scan = { description: "", event: "tool_result", shell: "printf '%s' \"$PI_TOOL_RESULT\" | grep -q x", default: true };
    expect(needsFacts(result, hooksOf({ scan }), { command: "ls", toolName: "bash" })).toBe(false);
    expect(needsFacts(result, hooksOf({ scan: { ...scan, shell: 'test -n "$HOOKIT_PATHS"' } }), { command: "ls", toolName: "bash" })).toBe(
      true,
    );
  });

  test("never on events without a tool", () => {
    expect(needsFacts({ event: "agent_end" }, hooksOf({ g: { ...guard({}, "./x.sh"), event: "agent_end" } }), { event: "agent_end" })).toBe(
      false,
    );
  });
});

describe("validation and schema", () => {
  const problem = (filter: Record<string, unknown>, event = "tool_call") => {
    const catalog = loadCatalog([{ storage: "global", text: JSON.stringify({ local: { g: { ...guard(filter), event } } }) }]);
    return catalog.ok ? undefined : catalog.diagnostics.map((d) => d.message).join("\n");
  };
  test("known fact keys with string patterns validate", () => {
    expect(problem({ "hookit.paths": ["a", "b"], "hookit.commands": "^git " })).toBeUndefined();
  });
  test.each([
    [{ "hookit.pathz": "." }, /is not a hookit fact; the reserved "hookit\." keys are hookit\.commands/],
    [{ "hookit.paths": 1 }, /must be a regex string or a list of them/],
    [{ "hookit.paths": "(" }, /invalid regex/],
  ])("%j is rejected", (filter, message) => {
    expect(problem(filter)).toMatch(message);
  });
  test("fact keys only on tool events", () => {
    expect(problem({ "hookit.paths": "." }, "turn_end")).toMatch(/facts exist only on tool_call and tool_result events/);
  });
  test("what a call would discard only before it runs", () => {
    expect(problem({ "hookit.discards": "." }, "tool_call")).toBeUndefined();
    expect(problem({ "hookit.discards": "." }, "tool_result")).toMatch(/known only before it runs, on tool_call events/);
  });
  test("the JSON Schema documents every fact key and refuses unknown ones", () => {
    const text = JSON.stringify(fileJsonSchema());
    expect(text).toContain('"hookit.recursiveDeletesOutside"');
    expect(text).toContain('"hookit fact (tool_call): work git cannot bring back');
    expect(text).toContain(
      "^hookit\\\\.(?!(commands|programs|paths|reads|writes|deletes|writesOutside|recursiveDeletesOutside|unresolved|packs|disguisedSecrets|forcePushes|discards|secrets)$)",
    );
  });
});
