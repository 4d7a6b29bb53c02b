// The pure per-agent transforms: the right shape for each harness, the user's
// bytes untouched, a second install a no-op, uninstall the exact inverse.
import fc from "fast-check";
import { parse } from "jsonc-parser";
import { describe, expect, it } from "vitest";
import { AGENT_IDS } from "../../src/agents/registry.ts";
import type { AgentId } from "../../src/agents/registry.ts";
import { TARGETS } from "../../src/installer/index.ts";
import { EXTENSION, PREFIX, USER_FILES, applyOptions, registrations } from "../install/_helpers.ts";

// biome-ignore lint/suspicious/noExplicitAny: an agent's config file, walked by each test down its own path
const read = (text: string | undefined): Record<string, any> => parse(text ?? "", [], { allowTrailingComma: true });
// Factory droid's hooks.json is the event map itself, with no "hooks" key.
// biome-ignore lint/suspicious/noExplicitAny: as `read`
const hooksOf = (agent: AgentId, file: Record<string, any>) => (agent === "factory" ? file : file.hooks);

// Kimi's config.toml is TOML, not JSON: its transforms are tested in kimi.test.ts.
describe.each(AGENT_IDS.filter((id) => id !== "kimi"))("%s", (agent: AgentId) => {
  const target = TARGETS[agent];

  it("installs around the user's settings and uninstalls to the same bytes", async () => {
    const options = await applyOptions(agent, { file: target.projectFile });
    const original = USER_FILES[agent];
    const installed = target.apply(original, options);
    expect(installed.changed).toBe(true);

    const before = read(original);
    const after = read(installed.text);
    for (const [key, value] of Object.entries(before)) {
      if (key === "hooks" || key === "extensions" || (agent === "factory" && Array.isArray(value))) continue;
      expect(after[key]).toEqual(value);
    }
    // The user's own entries stay first, unchanged, in every array hookit also writes to.
    for (const [event, entries] of Object.entries(hooksOf(agent, before) ?? {})) {
      if (!Array.isArray(entries)) continue;
      expect(hooksOf(agent, after)[event].slice(0, entries.length)).toEqual(entries);
    }
    if (agent === "pi") expect(after.extensions).toEqual([...before.extensions, EXTENSION]);
    // Every comment line survives.
    for (const comment of original.match(/\/\/[^\r\n]*/g) ?? []) expect(installed.text).toContain(comment);

    expect(target.apply(installed.text, options)).toEqual({ text: installed.text, changed: false });
    expect(target.remove(installed.text, { file: target.projectFile })).toEqual({ text: original, changed: true });
  });

  it("creates a complete file from nothing and removes everything it wrote", async () => {
    const options = await applyOptions(agent);
    const created = target.apply(undefined, options);
    expect(created.text!.endsWith("}\n")).toBe(true);
    // Antigravity's hooks.json maps hook names to events; hookit's are under its own name.
    const events = Object.keys((agent === "antigravity" ? read(created.text).hookit : hooksOf(agent, read(created.text))) ?? {});
    expect(events).toEqual([...new Set((await registrations(agent)).map((r) => r.native))]);
    expect(target.remove(created.text).text).toBe(target.emptyText);
    expect(target.remove(target.emptyText)).toEqual({ text: target.emptyText, changed: false });
  });

  it("replaces its entries when the command changes, without duplicating them", async () => {
    const first = target.apply(USER_FILES[agent], await applyOptions(agent)).text;
    const moved = await applyOptions(agent, {
      commandPrefix: '"/usr/local/bin/node" "/srv/hookit/dist/bin.cjs"',
      extensionPath: "/srv/hookit/dist/pi.mjs",
    });
    const second = target.apply(first, moved);
    expect(second.changed).toBe(true);
    expect(second.text).toBe(target.apply(USER_FILES[agent], moved).text);
    expect(target.remove(second.text).text).toBe(USER_FILES[agent]);
  });

  it("leaves a file without hookit entries alone", () => {
    expect(target.remove(USER_FILES[agent])).toEqual({ text: USER_FILES[agent], changed: false });
    expect(target.remove(undefined)).toEqual({ text: undefined, changed: false });
  });
});

describe("harness shapes", () => {
  const entriesOf = async (agent: AgentId, event: string) =>
    read(TARGETS[agent].apply(undefined, await applyOptions(agent)).text).hooks[event];
  // Pre-tool registrations carry the fail-closed tail (`|| exit 2`, see src/install/marker.ts).
  const command = (agent: string, event: string) => `${PREFIX} hook --agent ${agent} ${event}${PRE_TOOL.has(event) ? " || exit 2" : ""}`;
  const PRE_TOOL = new Set(["PreToolUse", "BeforeTool", "preToolUse", "beforeShellExecution", "beforeMCPExecution", "beforeReadFile"]);

  it("Claude Code: nested groups, timeout in seconds, fail-closed guard, no matcher on lifecycle events", async () => {
    expect(await entriesOf("claude", "PreToolUse")).toEqual([
      { matcher: "*", hooks: [{ type: "command", command: command("claude", "PreToolUse"), timeout: 30, onFailure: "block" }] },
    ]);
    expect(await entriesOf("claude", "Stop")).toEqual([{ hooks: [{ type: "command", command: command("claude", "Stop"), timeout: 30 }] }]);
  });

  it("Codex: only the `hooks` root key, timeouts capped where Codex caps them", async () => {
    const text = TARGETS.codex.apply(undefined, {
      commandPrefix: PREFIX,
      extensionPath: EXTENSION,
      registrations: [
        { native: "PreToolUse", kind: "tool_call", matcher: "*" },
        { native: "SessionEnd", kind: "lifecycle" },
      ],
    }).text;
    expect(Object.keys(read(text))).toEqual(["hooks"]);
    expect(read(text).hooks.SessionEnd[0].hooks[0].timeout).toBe(3);
    expect(read(text).hooks.PreToolUse[0].hooks[0].timeout).toBe(30);
  });

  it("Gemini CLI: named handlers, timeout in milliseconds", async () => {
    expect(await entriesOf("gemini", "BeforeTool")).toEqual([
      { matcher: "*", hooks: [{ name: "hookit", type: "command", command: command("gemini", "BeforeTool"), timeout: 30000 }] },
    ]);
  });

  it("Cursor: version 1, flat entries, failClosed only on pre-tool events", async () => {
    const file = read(TARGETS.cursor.apply(undefined, await applyOptions("cursor")).text);
    expect(file.version).toBe(1);
    for (const registration of await registrations("cursor")) {
      const [entry] = file.hooks[registration.native];
      expect(entry.command).toBe(command("cursor", registration.native));
      expect(entry.timeout).toBe(30);
      expect(entry.failClosed).toBe(registration.kind === "tool_call" ? true : undefined);
      expect(entry.matcher).toBe(registration.matcher);
    }
  });

  it("Cursor: refuses a command containing //, which Cursor would cut as a comment", async () => {
    const options = await applyOptions("cursor", { commandPrefix: "npx https://example.invalid/hookit" });
    expect(() => TARGETS.cursor.apply(undefined, options)).toThrow('Cursor cannot read a hook command containing "//"');
  });

  it("Copilot CLI: version 1, camelCase events, bash + timeoutSec", async () => {
    const file = read(TARGETS.copilot.apply(undefined, await applyOptions("copilot")).text);
    expect(file.version).toBe(1);
    expect(file.hooks.preToolUse).toEqual([{ type: "command", bash: command("copilot", "preToolUse"), timeoutSec: 30 }]);
  });

  it("Pi: the extension path in `extensions`", async () => {
    expect(read(TARGETS.pi.apply(undefined, await applyOptions("pi")).text)).toEqual({ extensions: [EXTENSION] });
  });
});

describe("ownership", () => {
  it("never claims another tool's `hook --agent` entries", async () => {
    const text = TARGETS.codex.apply(USER_FILES.codex, await applyOptions("codex")).text!;
    expect(text).toContain("gitvow hook --agent codex PreToolUse");
    expect(TARGETS.codex.remove(text).text).toBe(USER_FILES.codex);
  });

  it("recognises a custom --command only when told it", async () => {
    const custom = await applyOptions("claude", { commandPrefix: "npx -y @acme/gate" });
    const text = TARGETS.claude.apply(USER_FILES.claude, custom).text!;
    expect(TARGETS.claude.remove(text).changed).toBe(false);
    expect(TARGETS.claude.remove(text, { commandPrefix: "npx -y @acme/gate" }).text).toBe(USER_FILES.claude);
    expect(TARGETS.claude.apply(text, custom).changed).toBe(false);
  });

  it("takes its handler out of a user's group instead of running twice", async () => {
    const mixed = `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "./mine.sh"}, {"type": "command", "command": "hookit hook --agent claude Stop"}]}]}}\n`;
    const installed = read(TARGETS.claude.apply(mixed, await applyOptions("claude")).text);
    expect(installed.hooks.Stop).toEqual([
      { hooks: [{ type: "command", command: "./mine.sh" }] },
      { hooks: [{ type: "command", command: `${PREFIX} hook --agent claude Stop`, timeout: 30 }] },
    ]);
    expect(read(TARGETS.claude.remove(mixed).text).hooks.Stop).toEqual([{ hooks: [{ type: "command", command: "./mine.sh" }] }]);
  });

  it("ignores a non-list value under `hooks` unless it must write there", async () => {
    const text = '{ "hooks": { "enabled": true } }\n';
    const options = await applyOptions("gemini");
    expect(TARGETS.gemini.remove(TARGETS.gemini.apply(text, options).text).text).toBe(text);
    expect(() => TARGETS.gemini.apply('{ "hooks": { "BeforeTool": {} } }', options)).toThrow(
      "`hooks.BeforeTool` is an object, expected an array",
    );
  });

  it("drops entries for events the adapter no longer registers", async () => {
    const options = await applyOptions("copilot");
    const old = TARGETS.copilot.apply(USER_FILES.copilot, options).text;
    const fewer = TARGETS.copilot.apply(old, { ...options, registrations: options.registrations.slice(0, 1) }).text;
    expect(Object.keys(read(fewer).hooks)).toEqual(["sessionStart", options.registrations[0]!.native]);
    expect(TARGETS.copilot.remove(fewer).text).toBe(USER_FILES.copilot);
  });

  it("Pi: replaces hookit's extension from another install, keeps other packages' pi.mjs", () => {
    const text = '{ "extensions": ["/old/node_modules/hookit/dist/pi.mjs", "/x/node_modules/other/dist/pi.mjs"] }\n';
    const installed = TARGETS.pi.apply(text, { commandPrefix: "", registrations: [], extensionPath: EXTENSION }).text;
    expect(read(installed).extensions).toEqual(["/x/node_modules/other/dist/pi.mjs", EXTENSION]);
  });
});

describe("warnings", () => {
  it("says when the file itself keeps hooks from running", () => {
    expect(TARGETS.claude.warnings!('{"disableAllHooks": true}')).toHaveLength(1);
    expect(TARGETS.gemini.warnings!('{"hooksConfig": {"enabled": false, "disabled": ["hookit"]}}')).toHaveLength(2);
    expect(TARGETS.cursor.warnings!('{"hooks": {}}')).toHaveLength(1);
    expect(TARGETS.cursor.warnings!('{"version": 1}')).toEqual([]);
    expect(TARGETS.claude.warnings!(USER_FILES.claude)).toEqual([]);
  });
});

describe("any user file", () => {
  // Hand-written JSONC: some lines get a comment, some containers a trailing comma.
  const decorate = (json: string, comments: boolean, commas: boolean) => {
    let text = json;
    if (commas) text = text.replace(/([^[{,\s])(?=\r?\n[ \t]*[}\]])/g, "$1,");
    if (comments) text = text.replace(/([{[,])(\r?\n)/g, "$1 // note$2");
    return text;
  };
  const userHook = fc.record({
    matcher: fc.constantFrom("Bash", "Write", "*"),
    hooks: fc.array(
      fc.record({ type: fc.constant("command"), command: fc.constantFrom("./a.sh", "gitvow hook --agent claude Stop", "x hook") }),
      { minLength: 1, maxLength: 2 },
    ),
  });
  const settings = fc.record(
    {
      model: fc.string(),
      env: fc.dictionary(fc.stringMatching(/^[A-Z]{1,4}$/), fc.string()),
      hooks: fc.dictionary(
        fc.constantFrom("PreToolUse", "Stop", "SessionStart", "Notification"),
        fc.array(userHook, { minLength: 1, maxLength: 2 }),
        { minKeys: 1 },
      ),
    },
    { requiredKeys: [] },
  );

  it.each(["claude", "codex", "gemini"] as const)("%s: install is idempotent and uninstall exact", async (agent) => {
    const options = await applyOptions(agent);
    fc.assert(
      fc.property(
        settings,
        fc.constantFrom(2, 4, "\t"),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (value, unit, comments, commas, crlf) => {
          let original = decorate(JSON.stringify(value, null, unit), comments, commas) + "\n";
          if (crlf) original = original.replace(/\n/g, "\r\n");
          const installed = TARGETS[agent].apply(original, options).text;
          expect(TARGETS[agent].apply(installed, options).changed).toBe(false);
          expect(TARGETS[agent].remove(installed).text).toBe(original);
        },
      ),
      { numRuns: 150 },
    );
  });
});
