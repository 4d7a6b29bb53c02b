// The hot path compiles its bundles from V8 code caches that the build makes (src/bin.cjs,
// scripts/code-cache.mjs), and the CLI runs through Node's own compile cache. A cache V8 turns
// down silently costs the whole gain, so the built files must be accepted; a damaged or missing
// cache must never change what hookit answers, only how fast; and every cache sits where
// self-protection refuses writes (docs/security.md): a cache the model can write is bytecode it
// can make hookit run.
import { spawnSync } from "node:child_process";
import { chmodSync, cpSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
// @ts-expect-error: a plain .mjs build script without type declarations
import { adapterIds } from "../../../scripts/agents.mjs";
import { agentPayloads } from "../../reliability/_payloads.ts";
import { HOOK_AGENTS, inspectReply, type HookAgent } from "../../reliability/_protocol.ts";
import { packageRoot, runHook, sandbox, type Sandbox, useBuiltHookit } from "../../_sandbox.ts";

useBuiltHookit();

const ADAPTERS: string[] = adapterIds().filter((id: string) => id !== "pi" && id !== "opencode");
const HOT = ["hook.cjs", "facts.cjs", "packs.cjs", ...ADAPTERS.map((id) => `adapters/${id}.cjs`)];

/** Loads every hot bundle through dist/bin.cjs; each file and whether V8 turned its cache down. */
function loadAll(dist: string): Array<[string, boolean]> {
  const script = `
    const bin = require(${JSON.stringify(join(dist, "bin.cjs"))});
    for (const file of ${JSON.stringify(HOT)}) bin.requireCached(file);
    console.log(JSON.stringify([...bin.compiledScripts()].map(([file, s]) => [file.slice(${dist.length + 1}), s.cachedDataRejected])));`;
  const run = spawnSync(process.execPath, ["-e", script], { encoding: "utf8" });
  expect(run.stderr).toBe("");
  return JSON.parse(run.stdout) as Array<[string, boolean]>;
}

/** A copy of dist/ to break things in, with a HOME whose policy reads the facts (`hookit.reads`) and the packs (`hookit.packs`). */
function copiedDist(): { dist: string; hook: (command: string) => ReturnType<typeof spawnSync> } {
  const dist = join(mkdtempSync(join(tmpdir(), "hookit-code-cache-")), "dist");
  cpSync(join(packageRoot(), "dist"), dist, { recursive: true });
  rmSync(join(dist, "compile-cache"), { recursive: true, force: true });
  const home = mkdtempSync(join(tmpdir(), "hookit-code-cache-home-"));
  writeFileSync(
    join(home, "hookit.json"),
    JSON.stringify({
      local: {
        env: { description: "", event: "tool_call", filter: { "hookit.reads": "/\\.env$" }, shell: "false", default: true },
        packs: { description: "", event: "tool_call", filter: { "hookit.packs": "^block kubernetes/" }, shell: "false", default: true },
      },
    }),
  );
  const env = { PATH: process.env.PATH, HOME: home, XDG_STATE_HOME: join(home, "state"), HOOKIT_CONFIG: join(home, "hookit.json") };
  const hook = (command: string) =>
    spawnSync(process.execPath, [join(dist, "bin.cjs"), "hook", "--agent", "claude", "PreToolUse"], {
      input: JSON.stringify({ session_id: "s", cwd: home, hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command } }),
      env,
      encoding: "utf8",
    });
  return { dist, hook };
}

test("every hot bundle has a code cache for this Node, and V8 accepts each one", () => {
  const loaded = loadAll(join(packageRoot(), "dist"));
  expect(loaded.map(([file]) => file).sort()).toEqual([...HOT].sort());
  expect(loaded.filter(([, rejected]) => rejected)).toEqual([]);
});

test.each(["damaged", "missing"])("a %s code cache is only slower: the hook answers exactly as before", (state) => {
  const { dist, hook } = copiedDist();
  const lines = ["cat .env", "ls src && npm test", "kubectl delete namespace prod"];
  const calls = lines.map(hook);
  expect(calls[0]?.stdout).toContain('"permissionDecision":"deny"');
  expect(calls[1]?.stdout).toBe("");
  expect(calls[2]?.stdout).toContain('"permissionDecision":"deny"');
  for (const file of HOT) {
    const cache = join(dist, `${file}.${process.version}.cache`);
    if (state === "damaged") writeFileSync(cache, Buffer.alloc(4096, 7));
    else rmSync(cache);
  }
  if (state === "damaged")
    expect(
      loadAll(dist)
        .filter(([, rejected]) => rejected)
        .map(([file]) => file)
        .sort(),
    ).toEqual([...HOT].sort());
  const again = lines.map(hook);
  expect(again.map((r) => [r.stdout, r.status])).toEqual(calls.map((r) => [r.stdout, r.status]));
});

describe("Node's compile cache", () => {
  test("the CLI keeps it in dist/, never in Node's default place under the temp folder", () => {
    const { dist } = copiedDist();
    const temp = mkdtempSync(join(tmpdir(), "hookit-temp-"));
    const run = spawnSync(process.execPath, [join(dist, "bin.cjs"), "--version"], {
      env: { PATH: process.env.PATH, HOME: temp, TMPDIR: temp },
      encoding: "utf8",
    });
    expect(run.status).toBe(0);
    expect(readdirSync(temp)).toEqual([]);
    expect(readdirSync(join(dist, "compile-cache")).length).toBeGreaterThan(0);
  });

  test("with dist/ read-only (an install the user cannot write) the CLI and the hook still run", () => {
    if (process.getuid?.() === 0) {
      // root writes through any mode: make the cache's place a file instead, which no one can make a folder in.
      const { dist, hook } = copiedDist();
      writeFileSync(join(dist, "compile-cache"), "");
      expect(spawnSync(process.execPath, [join(dist, "bin.cjs"), "--version"], { encoding: "utf8" }).status).toBe(0);
      expect(hook("cat .env").stdout).toContain('"permissionDecision":"deny"');
      return;
    }
    const { dist, hook } = copiedDist();
    chmodSync(dist, 0o555);
    try {
      expect(spawnSync(process.execPath, [join(dist, "bin.cjs"), "--version"], { encoding: "utf8" }).status).toBe(0);
      expect(hook("cat .env").stdout).toContain('"permissionDecision":"deny"');
      expect(existsSync(join(dist, "compile-cache"))).toBe(false);
    } finally {
      chmodSync(dist, 0o755);
    }
  });
});

/** `command` as the agent's captured shell call. */
async function shellVerdict(agent: HookAgent, box: Sandbox, command: string) {
  const [event, payload] = agentPayloads(agent, box.project).preTool;
  const out = structuredClone(payload);
  if (agent === "copilot") (out.toolArgs as Record<string, unknown>).command = command;
  else if (agent === "cursor") out.command = command;
  else if (agent === "antigravity") ((out.toolCall as Record<string, unknown>).args as Record<string, unknown>).CommandLine = command;
  else (out.tool_input as Record<string, unknown>).command = command;
  const reply = await runHook(box, agent, event, out, { cwd: box.project });
  const verdict = inspectReply(agent, event, "tool_call", { stdout: reply.stdout, stderr: reply.stderr, exitCode: reply.exitCode ?? -1 });
  expect(verdict.problems).toEqual([]);
  return verdict;
}

describe("the caches are out of the model's reach", () => {
  const dist = () => join(packageRoot(), "dist");
  const ATTACKS = [
    () => `rm -rf ${dist()}/compile-cache`,
    () => `echo x > ${dist()}/compile-cache/v22-x64/0badc0de`,
    () => `cp /tmp/evil.cache ${dist()}/hook.cjs.${process.version}.cache`,
    () => `printf x > ${dist()}/facts.cjs.${process.version}.cache`,
    () => `cp /tmp/evil.cache ${dist()}/packs.cjs.${process.version}.cache`,
  ];
  const INNOCENT = [
    () => `ls ${dist()}/compile-cache`,
    () => "rm -rf build/compile-cache node_modules/.cache",
    () => "echo x > dist-notes/compile-cache.txt",
  ];
  test.each(HOOK_AGENTS)("%s: writing or deleting a cache is blocked; the look-alikes pass", async (agent) => {
    const box = sandbox();
    for (const attack of ATTACKS) {
      const verdict = await shellVerdict(agent, box, attack());
      expect(verdict.blocked, attack()).toBe(true);
      expect(verdict.reason).toContain("blocked by self-protection");
    }
    for (const innocent of INNOCENT) expect((await shellVerdict(agent, box, innocent())).blocked, innocent()).toBe(false);
  });
});
