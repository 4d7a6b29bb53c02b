// The agent registry is generated from the agents' folders (scripts/gen-registry.mjs), and every
// list a user reads is derived from it: a committed generated file that is stale, or a help text,
// README line, docs page or fixtures folder that misses an agent, fails here.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, test } from "vitest";
import { TARGETS } from "../../src/agents/install-targets.ts";
import { AGENT_IDS, HOOK_AGENT_IDS } from "../../src/contract/agent-ids.ts";
import { binPath, useBuiltHookit } from "../_sandbox.ts";
// @ts-expect-error: a plain .mjs script without type declarations
import { agentFolders } from "../../scripts/agents.mjs";
// @ts-expect-error: a plain .mjs script without type declarations
import { registryFiles } from "../../scripts/gen-registry.mjs";

const ROOT = resolve(import.meta.dirname, "../..");
const generated = (root: string) => registryFiles(root) as Record<string, string>;

useBuiltHookit();

describe("the generated agent registry", () => {
  test("every generated file is what scripts/gen-registry.mjs writes (run `npm run gen:registry`)", () => {
    for (const [path, text] of Object.entries(generated(ROOT))) expect(readFileSync(join(ROOT, path), "utf8"), path).toBe(text);
  });

  test("the agent names are the agents' folders", () => {
    const folders = agentFolders(ROOT) as { all: string[]; hook: string[] };
    expect([...AGENT_IDS]).toEqual(folders.all);
    expect([...HOOK_AGENT_IDS]).toEqual(folders.hook);
  });

  test("an 11th agent is its folder: only the generated files change, and each names it", () => {
    const copy = mkdtempSync(join(tmpdir(), "hookit-dummy-agent-"));
    try {
      cpSync(join(ROOT, "src", "agents"), join(copy, "src", "agents"), { recursive: true });
      const before = generated(copy);
      const dummy = join(copy, "src", "agents", "dummy");
      mkdirSync(dummy);
      for (const file of ["adapter.ts", "tools.ts", "install.ts", "probe.ts", "facts.ts"])
        writeFileSync(join(dummy, file), "export default {};\n");
      const after = generated(copy);
      expect(Object.keys(after)).toEqual(Object.keys(before));
      for (const [path, text] of Object.entries(after)) {
        expect(text, path).not.toBe(before[path]);
        expect(text, path).toContain("dummy");
      }
      // Without an adapter it is an in-process agent: an install target, no loader and no probe.
      rmSync(join(dummy, "adapter.ts"));
      const inProcess = generated(copy);
      expect(inProcess["src/agents/install-targets.ts"]).toContain('import dummy from "./dummy/install.ts"');
      expect(inProcess["src/agents/loaders.lazy.ts"]).toBe(before["src/agents/loaders.lazy.ts"]);
      expect(inProcess["src/agents/probes.ts"]).toBe(before["src/agents/probes.ts"]);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});

describe("every user-facing agent list names every agent", () => {
  const help = (...args: string[]) => spawnSync(process.execPath, [binPath(), ...args], { encoding: "utf8" });

  test.each([["install"], ["uninstall"]])("hookit %s --help and its usage error", (command) => {
    const listed = help(command, "--help").stdout;
    for (const id of AGENT_IDS) expect(listed, id).toContain(id);
    const usage = help(command);
    expect(usage.status).not.toBe(0);
    for (const id of AGENT_IDS) expect(usage.stderr, id).toContain(id);
  });

  test("hook's --agent names every hook agent (the bin sends `hook` to the hot path, so it is read from the command)", async () => {
    const hook = (await import("../../src/cli/hook.ts")).default as { args: { agent: { description: string } } };
    for (const id of HOOK_AGENT_IDS) expect(hook.args.agent.description, id).toContain(id);
  });

  test("the package description names every agent by its title", () => {
    const { description } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { description: string };
    for (const id of AGENT_IDS) expect(description, id).toContain(TARGETS[id].title);
  });

  test("the README and the docs link every agent's page", () => {
    const readme = readFileSync(join(ROOT, "README.md"), "utf8");
    for (const id of AGENT_IDS) {
      expect(existsSync(join(ROOT, "docs", "agents", `${id}.md`)), `docs/agents/${id}.md`).toBe(true);
      expect(readme, id).toContain(`(docs/agents/${id}.md)`);
    }
  });

  test("test/fixtures/README.md describes every agent's fixtures folder, and only folders that exist", () => {
    const fixtures = readFileSync(join(ROOT, "test", "fixtures", "README.md"), "utf8");
    const named = [...fixtures.matchAll(/^### .*?`([a-z-]+)\/`/gm), ...fixtures.matchAll(/^### .*?, `([a-z-]+)\/`/gm)].map((m) => m[1]);
    for (const id of AGENT_IDS) {
      expect(existsSync(join(ROOT, "test", "fixtures", id)), `test/fixtures/${id}/`).toBe(true);
      expect(fixtures, id).toContain(`\`${id}/\``);
    }
    for (const folder of named) expect(existsSync(join(ROOT, "test", "fixtures", folder as string)), `test/fixtures/${folder}/`).toBe(true);
  });
});
