// `npm run bench`: the hot path's cost, measured side by side on this machine.
// Not a test: timings on a shared 2-core box are noisy, so every comparison
// alternates its contenders run by run and reports medians of >= 15 runs.
// Results go to stdout and bench/results.md.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { enabledHookSet, evaluate, loadCatalog } from "../dist/index.mjs";
import { factsBench } from "./facts.mjs";
import { protectionCost } from "./protect.mjs";
import { sourcesBench } from "./sources.mjs";
import { toolCallsBench } from "./tool-calls.mjs";
import { exportOnEnv, setShipperDue, waitForShipper } from "./telemetry.mjs";
import { cpuOf, formatRatio, median, pairedRatio } from "./cpu.mjs";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 21);
const root = new URL("..", import.meta.url).pathname;
const bin = join(root, "dist", "bin.cjs");
const work = mkdtempSync(join(tmpdir(), "hookit-bench-"));
const payload = readFileSync(join(root, "test", "fixtures", "claude", "PreToolUse-Bash.json"), "utf8").replace("/home/user/project", work);

/** 50 hooks: 40 filter misses and 10 matching `true` shortcuts (plus one `false` when blocking). */
function policy(block) {
  const local = {};
  for (let i = 0; i < 40; i++)
    local[`miss-${i}`] = { description: "", event: "tool_call", filter: { toolName: `^tool${i}$` }, shell: "false", default: true };
  for (let i = 0; i < 10; i++)
    local[`pass-${i}`] = { description: "", event: "tool_call", filter: { toolName: "^bash$" }, shell: "true", default: true };
  if (block) local["block-echo"] = { description: "", event: "tool_call", filter: { command: "^echo" }, shell: "false", default: true };
  return JSON.stringify({ local });
}

function envFor(name, block) {
  const dir = join(work, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "hookit.json"), policy(block));
  return { PATH: process.env.PATH, HOME: dir, XDG_STATE_HOME: join(dir, "state"), HOOKIT_CONFIG: join(dir, "hookit.json") };
}

/**
 * Bare node's environment, as minimal as the hook's: an ambient variable such as
 * NODE_EXTRA_CA_CERTS makes every node start about 3× dearer and flatters every ratio.
 */
const BARE_ENV = { PATH: process.env.PATH, HOME: process.env.HOME };

function hotPath() {
  const pass = envFor("pass", false);
  const block = envFor("block", true);
  const exported = exportOnEnv(envFor("export", false), join(work, "export"));
  const hook = `"${process.execPath}" "${bin}" hook --agent claude PreToolUse`;
  const check = (env, want) => {
    const out = spawnSync("bash", ["-c", hook], { env, input: payload, encoding: "utf8" }).stdout;
    if (want !== out.includes("deny")) throw new Error(`unexpected hook answer: ${out}`);
  };
  check(pass, false); // also warms the validated-policy cache
  check(block, true);
  check(exported, false);
  waitForShipper(exported);
  const times = { node: [], pass: [], block: [], exported: [], spawning: [] };
  for (let i = 0; i < ROUNDS; i++) {
    times.node.push(cpuOf(`"${process.execPath}" -e 0`, BARE_ENV, ""));
    times.pass.push(cpuOf(hook, pass, payload));
    times.block.push(cpuOf(hook, block, payload));
    setShipperDue(exported, false);
    times.exported.push(cpuOf(hook, exported, payload));
    setShipperDue(exported, true);
    times.spawning.push(cpuOf(hook, exported, payload));
    waitForShipper(exported);
  }
  return Object.fromEntries(Object.entries(times).map(([key, v]) => [key, { ms: median(v), ratio: pairedRatio(v, times.node) }]));
}

async function engineScaling() {
  const rows = [];
  const event = { event: "tool_call", toolName: "bash", toolCallId: "c1", input: { command: "echo hi" } };
  for (const n of [10, 100, 1000, 10000]) {
    const local = {};
    for (let i = 0; i < n; i++)
      local[`h${i}`] = { description: "", event: "tool_call", filter: { toolName: `^nomatch${i}$` }, shell: "false", default: true };
    const t0 = performance.now();
    const catalog = loadCatalog([{ storage: "global", text: JSON.stringify({ local }) }]);
    const loadMs = performance.now() - t0;
    // What `hookit hook` does on every call: read the validated cache, derive the set, evaluate once.
    const cached = JSON.stringify(catalog);
    const t2 = performance.now();
    const hooks = enabledHookSet(JSON.parse(cached).entries);
    await evaluate(event, hooks, { cwd: work });
    const cachedFirstMs = performance.now() - t2;
    for (let i = 0; i < 20; i++) await evaluate(event, hooks, { cwd: work });
    const iterations = Math.max(20, Math.floor(20000 / n));
    const t1 = performance.now();
    for (let i = 0; i < iterations; i++) await evaluate(event, hooks, { cwd: work });
    rows.push({ n, loadMs, cachedFirstMs, perEventMs: (performance.now() - t1) / iterations });
  }
  return rows;
}

function spawnWall(command) {
  return new Promise((resolve) => {
    const t0 = performance.now();
    spawn("/bin/sh", ["-c", command], { stdio: "ignore" }).on("exit", () => resolve(performance.now() - t0));
  });
}

async function shellHook() {
  const catalog = loadCatalog([
    {
      storage: "global",
      text: JSON.stringify({ local: { real: { description: "", event: "tool_call", shell: "exit 0", default: true } } }),
    },
  ]);
  const hooks = enabledHookSet(catalog.entries);
  const event = { event: "tool_call", toolName: "bash", toolCallId: "c1", input: { command: "echo hi" } };
  const hook = [],
    bare = [];
  for (let i = 0; i < ROUNDS + 4; i++) {
    bare.push(await spawnWall("true"));
    const t0 = performance.now();
    await evaluate(event, hooks, { cwd: work });
    hook.push(performance.now() - t0);
  }
  return { hook: median(hook.slice(4)), bare: median(bare.slice(4)) };
}

const hot = hotPath();
const scaling = await engineScaling();
const shell = await shellHook();
const facts = factsBench({ root, work, bin, rounds: ROUNDS });
const toolCalls = toolCallsBench({ root, work, bin, rounds: ROUNDS });
const protection = protectionCost();
const sources = sourcesBench({ bin, rounds: ROUNDS, payload, envFor });
const f = (x) => x.toFixed(x < 1 ? 3 : 1);
const lines = [
  "# hookit benchmark results",
  "",
  `Machine: ${cpus().length} × ${cpus()[0]?.model.trim()}, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}.`,
  `Command: \`npm run bench\` (${ROUNDS} alternating rounds; medians). A ratio to bare node is the median of the rounds' own ratios (each round runs bare node next to every contender), with the middle half of them in parentheses.`,
  "",
  "## Hot path: `hookit hook --agent claude PreToolUse`, 50-hook policy, CPU time (user+sys)",
  "",
  "Every process here, bare node included, runs with only PATH, HOME, XDG_STATE_HOME and HOOKIT_CONFIG (the policy) set.",
  "",
  "| run | CPU ms | ratio to bare node |",
  "| --- | --- | --- |",
  `| bare \`node -e 0\` | ${f(hot.node.ms)} | 1.00 |`,
  `| hookit, pass (40 filter misses, 10 \`true\`) | ${f(hot.pass.ms)} | ${formatRatio(hot.pass.ratio)} |`,
  `| hookit, block (+1 \`false\`) | ${f(hot.block.ms)} | ${formatRatio(hot.block.ratio)} |`,
  `| hookit, pass, decision export on (a shipper running or backing off) | ${f(hot.exported.ms)} | ${formatRatio(hot.exported.ratio)} |`,
  `| hookit, pass, decision export on, the call that starts the shipper | ${f(hot.spawning.ms)} | ${formatRatio(hot.spawning.ratio)} |`,
  "",
  "## Engine in-process: one `tool_call`, no hook matches",
  "",
  "| hooks | validation, first load ms | from the validated cache + first evaluation ms | evaluation ms per event (steady) |",
  "| --- | --- | --- | --- |",
  ...scaling.map((r) => `| ${r.n} | ${f(r.loadMs)} | ${f(r.cachedFirstMs)} | ${f(r.perEventMs)} |`),
  "",
  "## One real shell hook vs a bare `/bin/sh -c true` spawn from Node (wall ms)",
  "",
  "| run | ms | ratio |",
  "| --- | --- | --- |",
  `| bare spawn | ${f(shell.bare)} | 1.00 |`,
  `| evaluate() with one \`exit 0\` hook | ${f(shell.hook)} | ${(shell.hook / shell.bare).toFixed(2)} |`,
  "",
  ...toolCalls,
  "",
  ...facts,
  "",
  "## Self-protection, in-process: the check every tool call pays before the policy (ms per call)",
  "",
  "| call | ms |",
  "| --- | --- |",
  ...protection.map((r) => `| ${r.name} | ${f(r.ms)} |`),
  "",
  ...sources,
  "",
];
writeFileSync(join(root, "bench", "results.md"), lines.join("\n"));
console.log(lines.join("\n"));
rmSync(work, { recursive: true, force: true });
