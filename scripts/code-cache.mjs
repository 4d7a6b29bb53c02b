// Makes V8 code caches for the hot path's bundles (dist/hook.cjs, dist/adapters/<id>.cjs):
// real `hookit hook` calls under the starter policy (what `hookit init` writes), in a throwaway
// HOME. When the calls are over, the code of every function that ran is saved next to its file,
// and dist/bin.cjs compiles from it (see requireCached there):
// - each adapter after one call on its captured pre-tool fixture (`<file>.<node version>.cache`);
// - hook.cjs once per kind of call, after the usual calls of that kind
//   (`hook.cjs.<shape>.<node version>.cache`): a cache holding code a call does not run costs
//   that call time to read.
// The starter policy's tool-call guards are data, so no shell or file-tool warm-up spawns a
// hook's shell: the code that runs one (about 9 kB of the shell cache, 0.3 M instructions to
// read on every call) is compiled on the calls that need it, which pay milliseconds for the
// spawn itself (docs/performance.md). Its tool-result hook spawns one, so the result cache has it.
// Run by scripts/build.mjs after the bundles exist.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const bin = resolve("dist/bin.cjs");
const fixtures = resolve("test/fixtures");

/** The pre-tool fixture each adapter is warmed with. */
const WARM = [
  ["codex", "PreToolUse-Bash.json"],
  ["gemini", "BeforeTool-run_shell_command.json"],
  ["copilot", "PreToolUse-PascalCase.json"],
  ["cursor", "preToolUse-Shell-docs-example.json"],
  ["factory", "PreToolUse-Execute.json"],
  ["kimi", "PreToolUse-Bash.json"],
  ["antigravity", "PreToolUse-run_command-docs-example.json"],
  ["claude", "PreToolUse-Bash.json"],
];

/** The kinds of call src/bin.cjs tells apart (callShape there). */
const SHAPES = ["shell", "file", "result", "event"];

// Loads the bundles through bin.cjs exactly as `hookit hook` does, runs the calls and, at exit,
// writes the cache of the file CACHE names: an adapter's, or hook.cjs's for SHAPE.
const CHILD = `
const { writeFileSync } = require("node:fs");
const bin = require(process.env.BIN);
bin.makeCaches();
process.on("exit", () => {
  for (const [file, script] of bin.compiledScripts()) {
    if (!file.endsWith(process.env.CACHE)) continue;
    const shape = process.env.SHAPE ? process.env.SHAPE + "." : "";
    writeFileSync(file + "." + shape + process.version + ".cache", script.createCachedData());
  }
});
const hook = bin.requireCached("hook.cjs");
(async () => {
  // Through runHook, as bin.cjs calls it (it writes the replies to the ignored stdout).
  for (const [args, payload] of JSON.parse(process.env.CALLS)) await hook.runHook(args, payload);
})();`;

export function makeCodeCaches() {
  const home = mkdtempSync(join(tmpdir(), "hookit-code-cache-"));
  try {
    const env = { PATH: process.env.PATH, HOME: home, XDG_CONFIG_HOME: join(home, ".config"), XDG_STATE_HOME: join(home, ".state") };
    execFileSync(process.execPath, [bin, "init", "--global"], { env, stdio: "ignore" });
    const project = join(home, "project");
    mkdirSync(join(project, ".git"), { recursive: true });
    mkdirSync(join(project, "src"));
    const warm = (cache, calls, shape) => {
      const run = spawnSync(process.execPath, ["-e", CHILD], {
        cwd: project,
        stdio: ["ignore", "ignore", "pipe"],
        encoding: "utf8",
        env: { ...env, BIN: bin, CACHE: cache, CALLS: JSON.stringify(calls), ...(shape && { SHAPE: shape }) },
      });
      // A block (exit 2) is as good a warm-up as a pass; a crash is not.
      if (run.status !== 0 && run.status !== 2)
        throw new Error(`code cache: the warm-up for ${cache} ${shape ?? ""} exited ${run.status}: ${run.stderr}`);
    };
    for (const [agent, file] of WARM) {
      const payload = readFileSync(join(fixtures, agent, file), "utf8").replaceAll("/home/user/project", project);
      warm(`/adapters/${agent}.cjs`, [[["--agent", agent, file.split("-")[0]], payload]]);
    }
    const calls = claudeCalls(project);
    for (const shape of SHAPES) warm("/hook.cjs", calls[shape], shape);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
  const made = readdirSync("dist/adapters").filter((name) => name.endsWith(`.${process.version}.cache`)).length;
  const missing = SHAPES.filter((shape) => !existsSync(`dist/hook.cjs.${shape}.${process.version}.cache`));
  if (made !== WARM.length || missing.length > 0)
    throw new Error(
      `code cache: expected ${WARM.length} adapter caches and one hook.cjs cache per shape, made ${made}, missing ${missing}`,
    );
}

/** The usual Claude Code calls of each shape: shell lines (with facts), file tools, other events. */
function claudeCalls(project) {
  const fixture = (file, changes = {}) =>
    JSON.stringify({ ...JSON.parse(readFileSync(join(fixtures, "claude", file), "utf8")), cwd: project, ...changes });
  const call = (event, payload) => [["--agent", "claude", event], payload];
  const bash = (command) => call("PreToolUse", fixture("PreToolUse-Bash.json", { tool_input: { command } }));
  const tool = (tool_name, tool_input) => call("PreToolUse", fixture("PreToolUse-Write.json", { tool_name, tool_input }));
  return {
    shell: [bash("cd src && git add -A && git commit -m 'fix: x' && npm test 2>&1 | tail -n 20 > ../test.log"), bash("echo hello")],
    file: [tool("Write", { file_path: join(project, "src", "a.ts"), content: "x\n" })],
    result: [call("PostToolUse", fixture("PostToolUse-Bash.json")), call("PostToolUse", fixture("PostToolUse-Write.json"))],
    event: [call("UserPromptSubmit", fixture("UserPromptSubmit.json")), call("Stop", fixture("Stop.json"))],
  };
}
