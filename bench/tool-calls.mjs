// Whole tool calls under `npm run bench` (called by bench/run.mjs): an agent runs
// `hookit hook` twice per tool call, before it (the guards) and after it (the
// result filters), so a call's cost is the pair. The starter policy on Claude
// Code's captured Bash, Write and Read payloads (test/fixtures/claude), in the
// minimal environment first (only PATH, HOME, XDG_*), next to bare `node -e 0`.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { cpuOf, formatRatio, median, pairedRatio } from "./cpu.mjs";

const SESSION_CALLS = 200;
/** The everyday calls a session is made of; a discarding call is rare, and reported on its own row. */
const SESSION_TOOLS = ["Bash", "Write", "Read"];

/** `hookit init --global` in a fresh home, a project with one file, and the six payloads (also read by instructions.mjs). */
export function toolCallCases(root, work, bin) {
  const home = join(work, "tool-calls-home");
  const project = join(work, "tool-calls-project");
  mkdirSync(join(project, "src"), { recursive: true });
  spawnSync("git", ["init", "-q", project]);
  writeFileSync(join(project, "src/a.ts"), "export const a = 1;\n");
  // Committed, so the discarding call below has a repository to read and nothing to lose in it.
  const who = ["-c", "user.name=bench", "-c", "user.email=bench@example.test"];
  spawnSync("git", [...who, "add", "-A"], { cwd: project });
  spawnSync("git", [...who, "commit", "-q", "-m", "bench"], { cwd: project });
  const env = { PATH: process.env.PATH, HOME: home, XDG_CONFIG_HOME: join(home, ".config"), XDG_STATE_HOME: join(home, ".state") };
  spawnSync(process.execPath, [bin, "init", "--global"], { env, cwd: project, stdio: "ignore" });
  const fixture = (file, changes) =>
    JSON.stringify({ ...JSON.parse(readFileSync(join(root, "test/fixtures/claude", file), "utf8")), cwd: project, ...changes });
  const file = join(project, "src/a.ts");
  const listing = "total 8\ndrwxr-xr-x 3 user user 4096 Dec  3 12:00 .\n-rw-r--r-- 1 user user   20 Dec  3 12:00 a.ts";
  const calls = {
    Bash: [
      fixture("PreToolUse-Bash.json", { tool_input: { command: "ls -la src", description: "List files" } }),
      fixture("PostToolUse-Bash.json", {
        tool_input: { command: "ls -la src", description: "List files" },
        tool_response: { stdout: listing, stderr: "", interrupted: false, isImage: false, noOutputExpected: false },
      }),
    ],
    Write: [
      fixture("PreToolUse-Write.json", { tool_input: { file_path: file, content: "export const a = 2;\n" } }),
      fixture("PostToolUse-Write.json", { tool_input: { file_path: file, content: "export const a = 2;\n" } }),
    ],
    // A call that could discard work (no-work-loss reads the repository with git): nothing to lose, so it runs.
    Discard: [
      fixture("PreToolUse-Bash.json", { tool_input: { command: "git checkout -- src", description: "Restore src" } }),
      fixture("PostToolUse-Bash.json", {
        tool_input: { command: "git checkout -- src", description: "Restore src" },
        tool_response: { stdout: "", stderr: "", interrupted: false, isImage: false, noOutputExpected: false },
      }),
    ],
    Read: [
      fixture("PreToolUse-Read.json", { tool_input: { file_path: file } }),
      fixture("PostToolUse-Read.json", {
        tool_input: { file_path: file },
        tool_response: {
          type: "text",
          file: { filePath: file, content: "export const a = 2;\n", numLines: 2, startLine: 1, totalLines: 2 },
        },
      }),
    ],
  };
  const command = (event) => `"${process.execPath}" "${bin}" hook --agent claude ${event}`;
  // Every call is honest work: a deny or a withheld result here would measure the wrong path. Also warms the policy cache.
  for (const [tool, [pre, post]] of Object.entries(calls)) {
    for (const [event, input] of [
      ["PreToolUse", pre],
      ["PostToolUse", post],
    ]) {
      const out = spawnSync("bash", ["-c", command(event)], { env, cwd: project, input, encoding: "utf8" }).stdout;
      if (out.includes("deny") || out.includes('"block"')) throw new Error(`${tool} ${event}: unexpected answer ${out}`);
    }
  }
  return { env, calls, command };
}

export function toolCallsBench({ root, work, bin, rounds }) {
  const { env, calls, command } = toolCallCases(root, work, bin);
  // The form a project install writes when hookit is on PATH (src/installer/command-form.ts):
  // the shell's PATH search, the bin's `#!/usr/bin/env node`, then the same hookit.
  const onPath = join(work, "tool-calls-bin");
  mkdirSync(onPath, { recursive: true });
  symlinkSync(bin, join(onPath, "hookit"));
  const pathEnv = { ...env, PATH: `${onPath}:${dirname(process.execPath)}:${env.PATH}` };
  const pathForm = [];
  const node = [];
  const times = {};
  for (const tool of Object.keys(calls)) times[tool] = { pre: [], post: [], sum: [] };
  for (let i = 0; i < rounds; i++) {
    node.push(cpuOf(`"${process.execPath}" -e 0`, env, ""));
    pathForm.push(cpuOf("hookit hook --agent claude PreToolUse", pathEnv, calls.Bash[0]));
    for (const [tool, [pre, post]] of Object.entries(calls)) {
      const a = cpuOf(command("PreToolUse"), env, pre);
      const b = cpuOf(command("PostToolUse"), env, post);
      times[tool].pre.push(a);
      times[tool].post.push(b);
      times[tool].sum.push(a + b);
    }
  }
  const row = (tool) => {
    const t = times[tool];
    const ratio = (xs) => formatRatio(pairedRatio(xs, node));
    return `| ${tool} | ${median(t.pre).toFixed(1)} | ${ratio(t.pre)} | ${median(t.post).toFixed(1)} | ${ratio(t.post)} | ${median(t.sum).toFixed(1)} | ${ratio(t.sum)} |`;
  };
  // A session's overhead: the calls' mean pair minus the two node starts the agent would pay anyway.
  const pairs = SESSION_TOOLS.map((tool) => median(times[tool].sum));
  const meanPair = pairs.reduce((a, b) => a + b, 0) / pairs.length;
  const session = (SESSION_CALLS * meanPair) / 1000;
  const bareSession = (SESSION_CALLS * 2 * median(node)) / 1000;
  return [
    "## Whole tool calls: PreToolUse + PostToolUse under the starter policy, minimal environment, CPU time (user+sys)",
    "",
    `Claude Code's captured payloads (test/fixtures/claude): \`ls -la src\` and its listing, a Write of src/a.ts, a Read of it, and (Discard) \`git checkout -- src\` in a clean tree, for which no-work-loss runs git. Bare \`node -e 0\`: ${median(node).toFixed(1)} ms. ${rounds} rounds; a ratio is the median of each round's ratio to that round's bare node run (middle half in parentheses); the sum's ratio is to one node start, so 2.00 is the floor of two processes.`,
    "",
    "| tool | Pre ms | Pre ratio | Post ms | Post ratio | call ms | call ratio |",
    "| --- | --- | --- | --- | --- | --- | --- |",
    ...Object.keys(calls).map(row),
    "",
    `Bash PreToolUse in the form a project install writes (\`hookit hook …\`, hookit found on PATH, node through \`/usr/bin/env\`): ${median(pathForm).toFixed(1)} ms, ratio ${formatRatio(pairedRatio(pathForm, node))}, against ${median(times.Bash.pre).toFixed(1)} ms for the absolute \`"<node>" "<hookit>/dist/bin.cjs"\` form above.`,
    "",
    `A session of ${SESSION_CALLS} such calls (these three in equal shares): ${session.toFixed(1)} s of CPU in hookit, against ${bareSession.toFixed(1)} s for ${SESSION_CALLS * 2} bare node starts — ${(session - bareSession).toFixed(1)} s more than the processes themselves.`,
  ];
}

// Run on its own: `node bench/tool-calls.mjs` (after `npm run build`).
if (import.meta.url === `file://${process.argv[1]}`) {
  const { mkdtempSync, rmSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const root = new URL("..", import.meta.url).pathname;
  const work = mkdtempSync(join(tmpdir(), "hookit-bench-calls-"));
  const lines = toolCallsBench({ root, work, bin: join(root, "dist/bin.cjs"), rounds: Number(process.env.BENCH_ROUNDS ?? 15) });
  console.log(lines.join("\n"));
  rmSync(work, { recursive: true, force: true });
}
