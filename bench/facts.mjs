// Command facts under `npm run bench` (called by bench/run.mjs): the starter
// policy on the hot path next to bare `node -e 0`, facts in-process, and what
// loading the parser costs. Medians of alternating runs, like run.mjs.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { cpuOf, formatRatio, median, pairedRatio } from "./cpu.mjs";

const f = (x) => x.toFixed(x < 1 ? 3 : 2);

export const COMPOUND =
  "cd src && git add -A && git commit -m 'fix: do not rm -rf ~ in cleanup' && npm test 2>&1 | tail -n 20 > ../test.log";
export const SEARCH = "grep -rn TODO . && find . -name '*.ts' -exec wc -l {} +";
export const LONG = Array.from(
  { length: 125 },
  (_, i) => `test -f step${i}.sh && bash step${i}.sh --verbose "$HOME/cache" >> build.log 2>&1`,
).join(" && ");

/** `hookit init --global` (with `initArgs`) in a fresh home, and a project (a git work tree) to run in. */
function starterHome(work, bin, name = "starter", initArgs = []) {
  const home = join(work, `${name}-home`);
  const project = join(work, `${name}-project`);
  mkdirSync(join(project, "src"), { recursive: true });
  spawnSync("git", ["init", "-q", project]);
  // The ambient environment, like run.mjs: the user's own variables (NODE_OPTIONS, CA bundles, …) weigh on both sides.
  const env = { ...process.env, HOME: home, XDG_CONFIG_HOME: join(home, ".config"), XDG_STATE_HOME: join(home, ".state") };
  delete env.HOOKIT_CONFIG;
  spawnSync(process.execPath, [bin, "init", "--global", ...initArgs], { env, cwd: project, stdio: "ignore" });
  return { env, project };
}

/** The same without the ambient environment: only PATH, HOME and XDG_* (hookit's fixed cost weighs more). */
function minimalEnv(env) {
  return { PATH: env.PATH, HOME: env.HOME, XDG_CONFIG_HOME: env.XDG_CONFIG_HOME, XDG_STATE_HOME: env.XDG_STATE_HOME };
}

/**
 * The calls of the command-facts rows, in a fresh starter home (warmed: the policy cache is made);
 * `packs`, in a second home made with every pack on. A case with an `env` of its own runs in it.
 */
export function starterCalls(root, work, bin, minimal) {
  const home = starterHome(work, bin);
  const withPacks = starterHome(work, bin, "packs", ["--packs", "all"]);
  const { project } = home;
  const env = minimal ? minimalEnv(home.env) : home.env;
  const claude = (file, changes) => ({ ...JSON.parse(readFileSync(join(root, "test/fixtures/claude", file), "utf8")), ...changes });
  const fixture = (file, changes) => JSON.stringify(claude(file, { cwd: project, ...changes }));
  const cases = {
    bash: {
      event: "PreToolUse",
      input: fixture("PreToolUse-Bash.json", { tool_input: { command: COMPOUND, description: "test" } }),
      deny: false,
    },
    attack: { event: "PreToolUse", input: fixture("PreToolUse-Bash.json", { tool_input: { command: "bash -c 'rm -rf ~'" } }), deny: true },
    write: {
      event: "PreToolUse",
      input: fixture("PreToolUse-Write.json", { tool_input: { file_path: join(project, "src/a.ts"), content: "x\n" } }),
      deny: false,
    },
    prompt: { event: "UserPromptSubmit", input: fixture("UserPromptSubmit.json", {}), deny: false },
    packs: {
      event: "PreToolUse",
      input: JSON.stringify(
        claude("PreToolUse-Bash.json", { cwd: withPacks.project, tool_input: { command: COMPOUND, description: "test" } }),
      ),
      deny: false,
      env: minimal ? minimalEnv(withPacks.env) : withPacks.env,
    },
  };
  const command = (event) => `"${process.execPath}" "${bin}" hook --agent claude ${event}`;
  for (const c of Object.values(cases)) {
    const out = spawnSync("bash", ["-c", command(c.event)], { env: c.env ?? env, input: c.input, encoding: "utf8" }).stdout; // warms the policy cache
    if (c.deny !== out.includes("deny")) throw new Error(`unexpected hook answer: ${out}`);
  }
  return { env, cases, command };
}

function hotPath(root, work, bin, rounds, minimal) {
  const { env, cases, command } = starterCalls(root, work, bin, minimal);
  const times = { node: [], ...Object.fromEntries(Object.keys(cases).map((k) => [k, []])) };
  for (let i = 0; i < rounds; i++) {
    times.node.push(cpuOf(`"${process.execPath}" -e 0`, env, ""));
    for (const [name, c] of Object.entries(cases)) times[name].push(cpuOf(command(c.event), c.env ?? env, c.input));
  }
  return Object.fromEntries(Object.entries(times).map(([k, v]) => [k, { ms: median(v), ratio: pairedRatio(v, times.node) }]));
}

function inProcess(root, work) {
  const facts = createRequire(import.meta.url)(join(root, "dist/facts.cjs"));
  const project = join(work, "starter-project");
  const options = { cwd: project, projectDir: project, env: process.env };
  const time = (fn, n) => {
    for (let i = 0; i < Math.min(200, n); i++) fn();
    const samples = [];
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      fn();
      samples.push(performance.now() - t);
    }
    return median(samples);
  };
  return {
    typical: time(() => facts.deriveCommandFacts(COMPOUND, options), 3000),
    long: time(() => facts.deriveCommandFacts(LONG, options), 200),
    path: time(() => facts.derivePathFacts("write", { path: "src/a.ts" }, options), 3000),
    // Recursive readers walk their tree for the dotenv files they would open (src/facts/tree.ts).
    search: time(() => facts.deriveCommandFacts(SEARCH, options), 1000),
    longLength: LONG.length,
  };
}

/** Loading dist/facts.cjs (the parser and the walker) in a fresh process, wall ms inside the process. */
function loadCost(root, rounds) {
  const script = `const t=process.hrtime.bigint();require(${JSON.stringify(join(root, "dist/facts.cjs"))});const l=process.hrtime.bigint();require(${JSON.stringify(join(root, "dist/facts.cjs"))}).deriveCommandFacts("echo hi",{cwd:process.cwd()});const e=process.hrtime.bigint();console.log(Number(l-t)/1e6, Number(e-l)/1e6)`;
  const load = [],
    first = [];
  for (let i = 0; i < rounds; i++) {
    const [a, b] = spawnSync(process.execPath, ["-e", script], { encoding: "utf8" }).stdout.trim().split(" ").map(Number);
    load.push(a);
    first.push(b);
  }
  return { load: median(load), first: median(first) };
}

export function factsBench({ root, work, bin, rounds }) {
  const hot = hotPath(root, work, bin, rounds, false);
  const bare = hotPath(root, work, bin, rounds, true);
  const local = inProcess(root, work);
  const load = loadCost(root, rounds);
  const row = (label, key, budget) =>
    `| ${label} | ${f(hot[key].ms)} | ${formatRatio(hot[key].ratio)} | ${f(bare[key].ms)} | ${formatRatio(bare[key].ratio)} | ${budget} |`;
  return [
    "## Command facts: the starter policy (`hookit init --global`) on `hookit hook --agent claude`, CPU time (user+sys)",
    "",
    "Compound command: `" +
      COMPOUND.replaceAll("|", "\\|") +
      "`. Columns: with the ambient environment (as above), and with only PATH, HOME and XDG_*. " +
      `${rounds} rounds; CPU ms are medians, a ratio is the median of each round's ratio to that round's bare node run, ` +
      "with the middle half of the rounds' ratios in parentheses.",
    "",
    "| run | CPU ms | ratio | CPU ms, minimal env | ratio | budget |",
    "| --- | --- | --- | --- | --- | --- |",
    row("bare `node -e 0`", "node", ""),
    row("Bash PreToolUse, the compound command (parsed)", "bash", "≤ 1.30"),
    row("Bash PreToolUse, `bash -c 'rm -rf ~'` (blocked)", "attack", "≤ 1.30"),
    row("Write PreToolUse (path facts, no parser)", "write", "≤ 1.20"),
    row("UserPromptSubmit (no facts)", "prompt", "≤ 1.20"),
    row("Bash PreToolUse, the compound command, every pack on (`hookit init --global --packs all`)", "packs", "≤ 1.30"),
    "",
    "## Command facts in-process (Pi, OpenCode): `deriveCommandFacts`, median ms per call",
    "",
    "| input | ms | budget |",
    "| --- | --- | --- |",
    `| the compound command above (${COMPOUND.length} chars) | ${f(local.typical)} | ≤ 0.5 |`,
    `| ${local.longLength} chars, 250 commands with redirects and \`$HOME\` | ${f(local.long)} | ≤ 5 |`,
    `| \`derivePathFacts("write", { path: "src/a.ts" })\` | ${f(local.path)} | |`,
    `| \`${SEARCH.replaceAll("|", "\\|")}\` (walks the project for dotenv files) | ${f(local.search)} | |`,
    "",
    "## Parser load cost (fresh process, in-process wall ms)",
    "",
    "| step | ms |",
    "| --- | --- |",
    `| \`require("dist/facts.cjs")\` (parser + walker) | ${f(load.load)} |`,
    `| first \`deriveCommandFacts\` after it (cold JIT, first realpath) | ${f(load.first)} |`,
    "",
  ];
}

// Run on its own: `node bench/facts.mjs` (after `npm run build`).
if (import.meta.url === `file://${process.argv[1]}`) {
  const { mkdtempSync, rmSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const root = new URL("..", import.meta.url).pathname;
  const work = mkdtempSync(join(tmpdir(), "hookit-bench-facts-"));
  const lines = factsBench({ root, work, bin: join(root, "dist/bin.cjs"), rounds: Number(process.env.BENCH_ROUNDS ?? 15) });
  console.log(lines.join("\n"));
  writeFileSync(join(work, "out.md"), lines.join("\n"));
  rmSync(work, { recursive: true, force: true });
}
