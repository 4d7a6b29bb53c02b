// Where an external adapter is found: settings.json's module first, then an
// executable hookit-agent-<name> on PATH, then in <config dir>/agents; and the
// names and files that are refused.
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { findExternalAdapter } from "../../../src/agents/external/discover.ts";
import { box, scriptedAdapter } from "./_sandbox.ts";

const BUILT_IN = ["claude", "codex"];
const find = (name: string, env: Record<string, string>) => findExternalAdapter(name, env, BUILT_IN, ["pi"]);

describe("discovery order", () => {
  test("PATH is searched in order, before <config dir>/agents", () => {
    const b = box();
    const inAgents = scriptedAdapter(b.agentsDir, "demo", {});
    expect(find("demo", b.env)).toEqual({ ok: true, form: "process", path: inAgents, source: inAgents });
    const later = scriptedAdapter(join(b.root, "later"), "demo", {});
    const first = scriptedAdapter(b.binDir, "demo", {});
    const env = { ...b.env, PATH: `${b.binDir}:${join(b.root, "later")}` };
    expect(find("demo", env)).toMatchObject({ ok: true, path: first });
    expect(find("demo", { ...env, PATH: join(b.root, "later") })).toMatchObject({ ok: true, path: later });
  });

  test("a module named in settings.json wins over executables", () => {
    const b = box();
    scriptedAdapter(b.binDir, "demo", {});
    b.settings({ theme: "ignored", adapters: { demo: "/opt/demo/adapter.mjs" } });
    expect(find("demo", b.env)).toEqual({ ok: true, form: "module", path: "/opt/demo/adapter.mjs", source: "/opt/demo/adapter.mjs" });
    expect(find("other", b.env)).toMatchObject({ ok: false });
  });

  test("a file that is not executable, a folder, and relative PATH entries are skipped", () => {
    const b = box();
    writeFileSync(join(b.binDir, "hookit-agent-demo"), "#!/bin/sh\n");
    chmodSync(join(b.binDir, "hookit-agent-demo"), 0o644);
    mkdirSync(join(b.root, "dir/hookit-agent-demo"), { recursive: true });
    // A relative entry would run whatever the project the agent works in ships.
    scriptedAdapter(join(b.root, "rel"), "demo", {});
    const env = { ...b.env, PATH: `${b.binDir}:${join(b.root, "dir")}:rel::.` };
    const previous = process.cwd();
    process.chdir(b.root);
    try {
      expect(find("demo", env)).toMatchObject({ ok: false, reason: expect.stringContaining('unknown agent "demo"') });
    } finally {
      process.chdir(previous);
    }
  });
});

describe("what is refused, and why", () => {
  test("a missing adapter names every place that was searched", () => {
    const b = box();
    expect(find("demo", b.env)).toEqual({
      ok: false,
      reason:
        'hookit: unknown agent "demo": it is not built in (claude, codex); no executable hookit-agent-demo was found on PATH ' +
        `or in ${b.agentsDir}, and ${join(b.configDir, "settings.json")} names no adapter module for it. See hookit's docs/adapters.md.`,
    });
  });

  test.each(["Demo", "../demo", "-demo", "demo/x", "", "de mo", "démo"])("the name %j is not looked up", (name) => {
    const b = box();
    scriptedAdapter(b.binDir, name.replace(/[^a-z]/g, "") || "x", {});
    expect(find(name, b.env)).toEqual({
      ok: false,
      reason: `hookit: unknown agent "${name}"; expected a built-in agent (claude, codex) or an external adapter name (lowercase letters, digits and dashes).`,
    });
  });

  test("an in-process built-in agent is never looked up as an external one", () => {
    const b = box();
    scriptedAdapter(b.binDir, "pi", {});
    expect(find("pi", b.env)).toMatchObject({ ok: false, reason: expect.stringContaining("pi runs hookit in-process") });
  });

  test.each<[string, unknown, string]>([
    ["not JSON", "{ adapters: ", "it is not valid JSON"],
    ["not an object", "[]", "it must hold a JSON object"],
    ["adapters that are not paths", { adapters: { demo: 1 } }, '"adapters" must map agent names to module paths'],
  ])("a settings file that is %s is reported, not skipped", (_, settings, problem) => {
    const b = box();
    scriptedAdapter(b.binDir, "demo", {});
    b.settings(settings);
    expect(find("demo", b.env)).toEqual({
      ok: false,
      reason: expect.stringContaining(`cannot use ${join(b.configDir, "settings.json")}: ${problem}`),
    });
  });

  test("a relative module path is refused; an inherited property name is not an entry", () => {
    const b = box();
    b.settings({ adapters: { demo: "adapter.mjs" } });
    expect(find("demo", b.env)).toMatchObject({ ok: false, reason: expect.stringContaining("adapters.demo must be an absolute path") });
    expect(find("constructor", b.env)).toMatchObject({ ok: false, reason: expect.stringContaining('unknown agent "constructor"') });
  });
});
