// Makes the V8 code caches of the hot path's bundles (dist/hook.cjs, dist/adapters/<id>.cjs,
// dist/facts.cjs, dist/packs.cjs): real `hookit hook` calls under the starter policy (what `hookit init` writes),
// in a throwaway HOME (scripts/code-cache-warm.cjs runs them). When the calls are over, the code
// of every function that ran is saved next to its file, one cache per bundle, and dist/bin.cjs
// compiles from it (src/bin.cjs). Run by scripts/build.mjs after the bundles exist.
//
// One cache per bundle, whatever the call: hook.cjs used to have one per kind of call (a shell
// command, another tool, a tool's result, another event), guessed from the payload before the
// bundle was compiled. On Node 22.23.5 one cache costs a Bash call 0.7 % (122.0 against
// 121.2 M instructions) and a Write 1.7 % (108.2 against 106.3 M), and a wrong guess had cost
// 4.7 M a call without any test noticing (docs/performance.md).
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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

export function makeCodeCaches() {
  // The warm-ups read a cache already there (the chain below): never one of an earlier build.
  for (const dir of ["dist", "dist/adapters"])
    for (const name of readdirSync(dir)) if (name.endsWith(`.${process.version}.cache`)) rmSync(join(dir, name));
  const home = mkdtempSync(join(tmpdir(), "hookit-code-cache-"));
  try {
    const env = { PATH: process.env.PATH, HOME: home, XDG_CONFIG_HOME: join(home, ".config"), XDG_STATE_HOME: join(home, ".state") };
    execFileSync(process.execPath, [bin, "init", "--global"], { env, stdio: "ignore" });
    const project = join(home, "project");
    mkdirSync(join(project, ".git"), { recursive: true });
    mkdirSync(join(project, "src"));
    // A process with one call reads its payload on stdin, as `hookit hook` does: the reading of
    // the input is then in the cache too, not compiled again on every hook call.
    const warm = (calls, save, extraEnv = {}) => {
      const list = join(home, "calls.json");
      writeFileSync(list, JSON.stringify(calls));
      const run = spawnSync(process.execPath, [resolve("scripts/code-cache-warm.cjs")], {
        cwd: project,
        input: calls.length === 1 ? calls[0][1] : "",
        stdio: ["pipe", "ignore", "pipe"],
        encoding: "utf8",
        env: { ...env, ...extraEnv, BIN: bin, CALLS: list, SAVE: save, ...(calls.length === 1 && { STDIN: "1" }) },
      });
      // A block (exit 2) is as good a warm-up as a pass; a crash is not.
      if (run.status !== 0 && run.status !== 2) throw new Error(`code cache: the warm-up for ${save} exited ${run.status}: ${run.stderr}`);
    };
    // Each adapter after one call on its captured pre-tool fixture, in its own process: warming
    // hook.cjs in the process that ran the eight adapters' calls too made a Write 4.5 M
    // instructions dearer (108.5 against 113.0 M).
    for (const [agent, file] of WARM) {
      const payload = readFileSync(join(fixtures, agent, file), "utf8").replaceAll("/home/user/project", project);
      warm([[["--agent", agent, file.split("-")[0]], payload]], `/adapters/${agent}.cjs`);
    }
    // hook.cjs and the facts after each call in a process of its own, each starting from the cache
    // the one before saved (dist/bin.cjs reads it) and saving it again with its own call's code:
    // the cache holds the same functions as after all the calls in one process. But V8 also saves
    // which functions went on to its baseline compiler (Sparkplug) in the warm-up, and compiles
    // those at their first call in every process that reads the cache; run in one process, the
    // calls' runs added up, and functions no single call runs much were compiled so in every hook
    // call. Node 22.23.5: 1 M instructions off every row of bench/instructions.mjs (the compound
    // Bash line 126.45 → 125.42 M, a Write 108.75 → 107.77 M, a prompt 103.59 → 102.84 M). The
    // packs' seven calls gained nothing from it (132.91 M with every pack on either way).
    for (const call of claudeCalls(project)) warm([call], "/hook.cjs,/facts.cjs");
    // A policy of the user's own besides the starter: hooks on a tool-name filter, one of them
    // `true` (decided without a shell), the shape most hand-written hooks have.
    const own = join(home, "own-policy.json");
    writeFileSync(own, JSON.stringify({ local: OWN_HOOKS }));
    warm([claudeCalls(project)[1]], "/hook.cjs,/facts.cjs", { HOOKIT_CONFIG: own });
    // The packs (dist/packs.cjs, which facts.cjs requires only for a policy that turns a pack on)
    // after the same calls with every pack on, in a process of their own like an adapter: warmed
    // in facts.cjs's process, the packs' code would have been in every parsed call's cache.
    execFileSync(process.execPath, [bin, "init", "--global", "--force", "--packs", "all"], { env, stdio: "ignore" });
    warm(claudeCalls(project), "/packs.cjs");
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
  const made = readdirSync("dist/adapters").filter((name) => name.endsWith(`.${process.version}.cache`)).length;
  const missing = ["hook.cjs", "facts.cjs", "packs.cjs"].filter(
    (file) => !readdirSync("dist").includes(`${file}.${process.version}.cache`),
  );
  if (made !== WARM.length || missing.length > 0)
    throw new Error(
      `code cache: expected ${WARM.length} adapter caches, hook.cjs's, facts.cjs's and packs.cjs's; made ${made}, missing ${missing}`,
    );
}

/** The hand-written hooks the last warm-up call runs: a tool-name miss and a `true` shortcut. */
const OWN_HOOKS = {
  miss: { description: "", event: "tool_call", filter: { toolName: "^write$" }, shell: "false", default: true },
  quick: { description: "", event: "tool_call", filter: { toolName: "^bash$" }, shell: "true", default: true },
};

/**
 * The usual Claude Code calls: a build-and-test line and a plain one (their facts), a file tool,
 * tool results, other events. What a cache holds, every call pays to read (about 28
 * instructions a byte), and a function it lacks is compiled when first needed (about ten times
 * its share of the cache). So not the rare spellings only an attempt to get around a guard uses
 * (`sudo env timeout`, `find -exec`, `bash -c`), and not searches and globs either: warming
 * `grep -rn TODO src | head -n 20; ls src/*.ts; rm -rf build; git push origin main` as well
 * took 3.0 M instructions off that line and put 3.2 M on the compound line of the bench
 * (Node 22.23.5). The facts had two caches for this, chosen by a guess from the command line;
 * one cache is simpler and costs a search line what the other costs a plain one.
 */
function claudeCalls(project) {
  const fixture = (file, changes = {}) =>
    JSON.stringify({ ...JSON.parse(readFileSync(join(fixtures, "claude", file), "utf8")), cwd: project, ...changes });
  const call = (event, payload) => [["--agent", "claude", event], payload];
  const bash = (command) => call("PreToolUse", fixture("PreToolUse-Bash.json", { tool_input: { command } }));
  const tool = (tool_name, tool_input) => call("PreToolUse", fixture("PreToolUse-Write.json", { tool_name, tool_input }));
  return [
    bash("cd src && git add -A && git commit -m 'fix: x' && npm test 2>&1 | tail -n 20 > ../test.log"),
    bash("echo hello"),
    tool("Write", { file_path: join(project, "src", "a.ts"), content: "x\n" }),
    call("PostToolUse", fixture("PostToolUse-Bash.json")),
    call("PostToolUse", fixture("PostToolUse-Write.json")),
    call("UserPromptSubmit", fixture("UserPromptSubmit.json")),
    call("Stop", fixture("Stop.json")),
  ];
}
