// Makes V8 code caches for the hot path's bundles (dist/hook.cjs, dist/adapters/<id>.cjs):
// one real `hookit hook` call per adapter, on its captured pre-tool fixture, under the starter
// policy plus a hook that spawns a shell, in a throwaway HOME. When the call is over, the code
// of every function that ran is saved next to its file (`<file>.<node version>.cache`), and dist/bin.cjs
// compiles from it (see requireCached there). Run by scripts/build.mjs after the bundles exist.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const bin = resolve("dist/bin.cjs");
const fixtures = resolve("test/fixtures");

/** The pre-tool fixture each adapter is warmed with; the hook bundle's cache comes from the last (claude). */
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

// Loads the bundles through bin.cjs exactly as `hookit hook` does, runs one call and, at exit,
// writes the cache of each file this process compiled (only the adapter's when `onlyAdapter`).
const CHILD = `
const { writeFileSync } = require("node:fs");
const bin = require(process.env.BIN);
bin.makeCaches();
process.on("exit", () => {
  for (const [file, script] of bin.compiledScripts()) {
    if (process.env.ONLY_ADAPTER && !file.includes("/adapters/")) continue;
    writeFileSync(file + "." + process.version + ".cache", script.createCachedData());
  }
});
bin.requireCached("hook.cjs").runHook(JSON.parse(process.env.ARGS));`;

export function makeCodeCaches() {
  const home = mkdtempSync(join(tmpdir(), "hookit-code-cache-"));
  try {
    const env = { PATH: process.env.PATH, HOME: home, XDG_CONFIG_HOME: join(home, ".config"), XDG_STATE_HOME: join(home, ".state") };
    execFileSync(process.execPath, [bin, "init", "--global"], { env, stdio: "ignore" });
    const policyFile = join(home, ".config", "hookit", "hookit.json");
    const policy = JSON.parse(readFileSync(policyFile, "utf8"));
    policy.local ??= {};
    policy.local["code-cache-spawn"] = {
      description: "",
      event: "tool_call",
      filter: { toolName: "^bash$" },
      shell: "exit 0",
      default: true,
    };
    writeFileSync(policyFile, JSON.stringify(policy));
    for (const [index, [agent, file]] of WARM.entries()) {
      const payload = readFileSync(join(fixtures, agent, file), "utf8").replaceAll("/home/user/project", home);
      const nativeEvent = file.split("-")[0];
      const last = index === WARM.length - 1;
      // A block (exit 2) is as good a warm-up as a pass; a crash is not.
      const run = spawnSync(process.execPath, ["-e", CHILD], {
        cwd: home,
        input: payload,
        stdio: ["pipe", "ignore", "pipe"],
        encoding: "utf8",
        env: { ...env, BIN: bin, ARGS: JSON.stringify(["--agent", agent, nativeEvent]), ...(last ? {} : { ONLY_ADAPTER: "1" }) },
      });
      if (run.status !== 0 && run.status !== 2)
        throw new Error(`code cache: the ${agent} warm-up call exited ${run.status}: ${run.stderr}`);
    }
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
  const made = readdirSync("dist/adapters").filter((name) => name.endsWith(`.${process.version}.cache`)).length;
  if (made !== WARM.length || !existsSync(`dist/hook.cjs.${process.version}.cache`))
    throw new Error(`code cache: expected ${WARM.length} adapter caches and dist/hook.cjs.${process.version}.cache, made ${made}`);
}
