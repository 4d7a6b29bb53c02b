// The hot path compiles from V8 code caches that the build makes (src/bin.cjs,
// scripts/code-cache.mjs). A cache V8 turns down silently costs the whole gain,
// so the built files must be accepted; and a damaged cache must never change
// what hookit answers, only how fast.
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createRequire } from "node:module";
import { expect, test } from "vitest";
// @ts-expect-error: a plain .mjs build script without type declarations
import { adapterIds } from "../../../scripts/agents.mjs";
import { packageRoot, useBuiltHookit } from "../../_sandbox.ts";

useBuiltHookit();

const ADAPTERS: string[] = adapterIds().filter((id: string) => id !== "pi" && id !== "opencode");

const require = createRequire(import.meta.url);
const SHAPES = ["shell", "file", "result", "event"];

/** Loads hook.cjs (for one call shape) and every adapter through bin.cjs; prints each file and whether V8 used its cache. */
function loadAll(dist: string, shape: string): Array<[string, boolean]> {
  const script = `
    const bin = require(${JSON.stringify(join(dist, "bin.cjs"))});
    bin.requireCached("hook.cjs", ${JSON.stringify(shape)});
    for (const id of ${JSON.stringify(ADAPTERS)}) bin.requireCached("adapters/" + id + ".cjs");
    console.log(JSON.stringify([...bin.compiledScripts()].map(([file, s]) => [file.slice(${dist.length + 1}), s.cachedDataRejected])));`;
  const run = spawnSync(process.execPath, ["-e", script], { encoding: "utf8" });
  expect(run.stderr).toBe("");
  return JSON.parse(run.stdout) as Array<[string, boolean]>;
}

test("every hot bundle has a code cache for this Node (hook.cjs one per call shape), and V8 accepts each one", () => {
  for (const shape of SHAPES) {
    const loaded = loadAll(join(packageRoot(), "dist"), shape);
    expect(loaded.map(([file]) => file).sort()).toEqual(["hook.cjs", ...ADAPTERS.map((id) => `adapters/${id}.cjs`)].sort());
    expect(loaded.filter(([, rejected]) => rejected)).toEqual([]);
  }
});

test("the call shape is told from the event name and the payload", () => {
  const { callShape } = require(join(packageRoot(), "dist", "bin.cjs")) as { callShape: (event: string, stdin?: string) => string };
  expect(callShape("PreToolUse", '{"tool_input":{"command":"ls"}}')).toBe("shell");
  expect(callShape("BeforeTool", '{"tool_input":{"file_path":"a"}}')).toBe("file");
  expect(callShape("beforeShellExecution", '{"command":"ls"}')).toBe("shell");
  // A tool's result, whatever the tool: PostToolUse (Claude, Codex, Factory, Kimi), postToolUse and
  // postToolUseFailure (Copilot, Cursor), AfterTool (Gemini), afterShellExecution (Cursor).
  expect(callShape("PostToolUse", '{"tool_input":{"command":"ls"}}')).toBe("result");
  expect(callShape("postToolUseFailure", '{"toolArgs":"{}"}')).toBe("result");
  expect(callShape("AfterTool", '{"tool_input":{"command":"ls"}}')).toBe("result");
  expect(callShape("afterShellExecution", '{"command":"ls"}')).toBe("result");
  expect(callShape("UserPromptSubmit", '{"prompt":"run the \\"command\\": ls"}')).toBe("event");
  expect(callShape("Stop", undefined)).toBe("event");
});

test("a damaged code cache is turned down by V8 and the hook answers exactly as before", () => {
  const dist = join(mkdtempSync(join(tmpdir(), "hookit-code-cache-")), "dist");
  cpSync(join(packageRoot(), "dist"), dist, { recursive: true });
  const payload = readFileSync(join(import.meta.dirname, "../../fixtures/claude/PreToolUse-Bash.json"), "utf8");
  const home = mkdtempSync(join(tmpdir(), "hookit-code-cache-home-"));
  writeFileSync(
    join(home, "hookit.json"),
    JSON.stringify({
      local: { no: { description: "", event: "tool_call", filter: { toolName: "^bash$" }, shell: "false", default: true } },
    }),
  );
  const env = { PATH: process.env.PATH, HOME: home, XDG_STATE_HOME: join(home, "state"), HOOKIT_CONFIG: join(home, "hookit.json") };
  const hook = () =>
    spawnSync(process.execPath, [join(dist, "bin.cjs"), "hook", "--agent", "claude", "PreToolUse"], {
      input: payload,
      env,
      encoding: "utf8",
    });
  const before = hook();
  expect(before.stdout).toContain('"permissionDecision":"deny"');
  const damaged = ["adapters/claude.cjs", "hook.cjs"];
  writeFileSync(join(dist, `adapters/claude.cjs.${process.version}.cache`), Buffer.alloc(4096, 7));
  for (const shape of SHAPES) writeFileSync(join(dist, `hook.cjs.${shape}.${process.version}.cache`), Buffer.alloc(4096, 7));
  expect(
    loadAll(dist, "shell")
      .filter(([, rejected]) => rejected)
      .map(([file]) => file)
      .sort(),
  ).toEqual(damaged);
  const after = hook();
  expect({ stdout: after.stdout, status: after.status }).toEqual({ stdout: before.stdout, status: before.status });
});

test("each hot bundle's saved wrapped source is exactly the module wrapped, and a missing one is wrapped at run time", () => {
  const bin = require(join(packageRoot(), "dist", "bin.cjs")) as { wrap: (s: string) => string; wrappedSource: (file: string) => string };
  const dist = join(packageRoot(), "dist");
  for (const file of ["hook.cjs", "facts.cjs", ...ADAPTERS.map((id) => `adapters/${id}.cjs`)]) {
    const wrapped = readFileSync(join(dist, `${file}.wrapped`), "utf8");
    expect(wrapped, file).toBe(bin.wrap(readFileSync(join(dist, file), "utf8")));
  }
  const copy = join(mkdtempSync(join(tmpdir(), "hookit-wrapped-")), "dist");
  cpSync(dist, copy, { recursive: true });
  rmSync(join(copy, "hook.cjs.wrapped"));
  expect(bin.wrappedSource(join(copy, "hook.cjs"))).toBe(bin.wrap(readFileSync(join(copy, "hook.cjs"), "utf8")));
  // Through the cache, as a hook call loads it: V8 still accepts the cache.
  expect(loadAll(copy, "shell").filter(([, rejected]) => rejected)).toEqual([]);
});

test("the bundles' own requires reach the adapters' caches for an adapter file name only", () => {
  const { isAdapterFile } = require(join(packageRoot(), "dist", "bin.cjs")) as { isAdapterFile: (name: string) => boolean };
  const yes = ["./adapters/claude.cjs", "./adapters/a.cjs", ...ADAPTERS.map((id) => `./adapters/${id}.cjs`)];
  const no = ["./adapters/.cjs", "./adapters/A.cjs", "./adapters/../x.cjs", "./adapters/cl-aude.cjs", "./adapters/claude.mjs"];
  no.push("./adapters/claude.cjsx", "adapters/claude.cjs", "./validate.cjs", "node:fs", "./adapters/claude/index.cjs");
  for (const name of yes) expect(isAdapterFile(name), name).toBe(true);
  for (const name of no) expect(isAdapterFile(name), name).toBe(false);
});

test("stdin is read before the bundle is chosen whether the agent gives a pipe, a socket pair or a file", () => {
  const bin = join(packageRoot(), "dist", "bin.cjs");
  const script = `process.stdout.write(String(require(${JSON.stringify(bin)}).pipedStdin()?.length))`;
  const payload = '{"tool_input":{"command":"ls"}}';
  // child_process gives a socket pair, as Claude Code, Gemini CLI and Copilot CLI spawn their hooks.
  expect(spawnSync(process.execPath, ["-e", script], { input: payload, encoding: "utf8" }).stdout).toBe(String(payload.length));
  const viaShell = (redirect: string) => spawnSync("bash", ["-c", `printf '%s' '${payload}' ${redirect}`], { encoding: "utf8" });
  const file = join(mkdtempSync(join(tmpdir(), "hookit-stdin-")), "payload.json");
  writeFileSync(file, payload);
  expect(viaShell(`| "${process.execPath}" -e '${script}'`).stdout).toBe(String(payload.length));
  expect(spawnSync("bash", ["-c", `"${process.execPath}" -e '${script}' < "${file}"`], { encoding: "utf8" }).stdout).toBe(
    String(payload.length),
  );
});
