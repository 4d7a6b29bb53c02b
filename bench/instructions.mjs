// `node bench/instructions.mjs` (after `npm run build`; needs valgrind): the command-facts rows
// of `npm run bench` counted in instructions instead of CPU time. One call's instruction count
// hardly moves between runs, where its CPU time on a shared machine moves by a fifth, so this is
// the measure to compare two builds with. Each call runs once under callgrind with
// `node --predictable` (single-threaded V8: the same work, in one place), with only PATH, HOME
// and XDG_* set, next to a bare `node -e 0` counted the same way.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { starterCalls } from "./facts.mjs";
import { toolCallCases } from "./tool-calls.mjs";

const root = new URL("..", import.meta.url).pathname;
const bin = join(root, "dist", "bin.cjs");

if (spawnSync("valgrind", ["--version"]).status !== 0) {
  console.error("bench/instructions.mjs needs valgrind (Debian: apt-get install valgrind).");
  process.exit(1);
}

/**
 * Instructions (millions) of one process under callgrind, after one run of the same process
 * outside it: hookit's calls are counted with Node's compile cache as every call after an
 * install's first finds it (src/bin.cjs), made under the same V8 flags (`--predictable`).
 */
function instructions(args, env, input) {
  spawnSync(process.execPath, ["--predictable", ...args], { env, input, stdio: ["pipe", "ignore", "ignore"] });
  const run = spawnSync("valgrind", ["--tool=callgrind", "--callgrind-out-file=/dev/null", process.execPath, "--predictable", ...args], {
    env,
    input,
    encoding: "utf8",
  });
  const refs = /I\s+refs:\s+([\d,]+)/.exec(run.stderr);
  if (!refs) throw new Error(`callgrind printed no count: ${run.stderr}`);
  return Number(refs[1].replaceAll(",", "")) / 1e6;
}

const work = mkdtempSync(join(tmpdir(), "hookit-bench-instructions-"));
try {
  const { env, cases } = starterCalls(root, work, bin, true);
  const bare = instructions(["-e", "0"], env, "");
  const rows = Object.entries(cases).map(([name, c]) => {
    const count = instructions([bin, "hook", "--agent", "claude", c.event], c.env ?? env, c.input);
    return `| ${name} (${c.event}) | ${count.toFixed(2)} M | ${(count / bare).toFixed(3)} |`;
  });
  // Whole tool calls (bench/tool-calls.mjs): each tool's PreToolUse and PostToolUse.
  const calls = toolCallCases(root, work, bin);
  for (const [tool, [pre, post]] of Object.entries(calls.calls)) {
    for (const [event, input] of [
      ["PreToolUse", pre],
      ["PostToolUse", post],
    ]) {
      const count = instructions([bin, "hook", "--agent", "claude", event], calls.env, input);
      rows.push(`| ${tool} ${event}, a whole-call row | ${count.toFixed(2)} M | ${(count / bare).toFixed(3)} |`);
    }
  }
  console.log(
    [
      `Instructions per call (callgrind, \`node --predictable\`, Node ${process.version}, only PATH, HOME and XDG_*):`,
      "",
      "| call | instructions | ratio to bare node |",
      "| --- | --- | --- |",
      `| bare \`node -e 0\` | ${bare.toFixed(2)} M | 1.000 |`,
      ...rows,
    ].join("\n"),
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
