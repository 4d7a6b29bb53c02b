// hookit knows its own package however the agent starts it: through the
// project's `node_modules/.bin/hookit` link (what `--command hookit`, a
// devDependency and `npx hookit` run), npx's cache, a global prefix's bin link,
// pnpm's linked folders over hard-linked files, or a plain copy run as
// `node …/dist/bin.cjs`. In each, the agent's attempt to overwrite the running
// package's dist/bin.cjs is refused, and the telemetry shipper starts.
import { spawn } from "node:child_process";
import { cpSync, linkSync, mkdirSync, readdirSync, realpathSync, statSync, symlinkSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, test } from "vitest";
import { shellPayload } from "../reliability/_payloads.ts";
import { HOOK_AGENTS, inspectReply, type HookAgent } from "../reliability/_protocol.ts";
import { fixtureWith, packageRoot, policy, type Reply, sandbox, type Sandbox, useBuiltHookit } from "../_sandbox.ts";
import { uniqueByUid } from "../telemetry/_receiver.ts";
import { enableExport, receiverAndSandbox, shipperGone, useReceivers, waitFor } from "../telemetry/_session.ts";

useBuiltHookit();
useReceivers();

interface EntryPoint {
  /** The program the agent's hook command starts, and its first arguments. */
  argv: string[];
  /** The package's bin.cjs as the agent's tools name it (relative to the project where it lives there). */
  target: string;
  /** The folder that must come out as the package (the real one). */
  real: string;
}

/** A hard-linked copy of `from` (pnpm's store links every file into its virtual store). */
function hardLinkTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const name of readdirSync(from)) {
    const source = join(from, name);
    if (statSync(source).isDirectory()) hardLinkTree(source, join(to, name));
    else linkSync(source, join(to, name));
  }
}

/** A project-local install: `node_modules/hookit` (a copy, or a link to `real`) and `.bin/hookit` → `../hookit/dist/bin.cjs`. */
function projectInstall(modules: string, real?: string): string {
  const pkg = join(modules, "hookit");
  if (real) symlinkSync(relative(modules, real), pkg);
  else cpSync(packageRoot(), pkg, { recursive: true });
  mkdirSync(join(modules, ".bin"), { recursive: true });
  symlinkSync("../hookit/dist/bin.cjs", join(modules, ".bin", "hookit"));
  return join(modules, ".bin", "hookit");
}

const ENTRY_POINTS: Record<string, (box: Sandbox) => EntryPoint> = {
  "the project's node_modules/.bin/hookit": (box) => {
    const bin = projectInstall(join(box.project, "node_modules"));
    return { argv: [bin], target: "node_modules/hookit/dist/bin.cjs", real: join(box.project, "node_modules/hookit") };
  },
  "npx's cache (.bin link in ~/.npm/_npx)": (box) => {
    const modules = join(box.home, ".npm/_npx/4f1c2b9a7d3e5f60/node_modules");
    const bin = projectInstall(modules);
    return { argv: [bin], target: join(modules, "hookit/dist/bin.cjs"), real: join(modules, "hookit") };
  },
  "a global prefix's bin link": (box) => {
    const prefix = join(box.root, "prefix");
    const pkg = join(prefix, "lib/node_modules/hookit");
    cpSync(packageRoot(), pkg, { recursive: true });
    mkdirSync(join(prefix, "bin"));
    symlinkSync("../lib/node_modules/hookit/dist/bin.cjs", join(prefix, "bin/hookit"));
    return { argv: [join(prefix, "bin/hookit")], target: join(pkg, "dist/bin.cjs"), real: pkg };
  },
  "pnpm: a linked folder over hard-linked files": (box) => {
    const store = join(box.root, "store/hookit");
    cpSync(packageRoot(), store, { recursive: true });
    const modules = join(box.project, "node_modules");
    const virtual = join(modules, ".pnpm/hookit@0.1.0/node_modules/hookit");
    hardLinkTree(store, virtual);
    const bin = projectInstall(modules, virtual);
    return { argv: [bin], target: "node_modules/hookit/dist/bin.cjs", real: virtual };
  },
  "a copied package run as node …/dist/bin.cjs": (box) => {
    const copy = join(box.root, "copy");
    cpSync(packageRoot(), copy, { recursive: true });
    return { argv: [process.execPath, join(copy, "dist/bin.cjs")], target: join(copy, "dist/bin.cjs"), real: copy };
  },
};

/** Runs the entry point as the agent's hook command would (links executed, not read). */
function run(box: Sandbox, entry: EntryPoint, args: string[], stdin: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const [program, ...first] = entry.argv;
    // The bin's `#!/usr/bin/env node` finds this node first.
    const env = { ...box.env, PATH: `${dirname(process.execPath)}:${box.env.PATH}` };
    const child = spawn(program!, [...first, ...args], { cwd: box.project, env, stdio: ["pipe", "pipe", "pipe"] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
    child.on("error", reject);
    child.on("close", (exitCode) => resolve({ stdout: Buffer.concat(out).toString(), stderr: Buffer.concat(err).toString(), exitCode }));
    child.stdin.end(stdin);
  });
}

async function shellVerdict(box: Sandbox, entry: EntryPoint, agent: HookAgent, command: string) {
  const [event, payload] = shellPayload(agent, box.project, command);
  const reply = await run(box, entry, ["hook", "--agent", agent, event], JSON.stringify(payload));
  const result = inspectReply(agent, event, "tool_call", { stdout: reply.stdout, stderr: reply.stderr, exitCode: reply.exitCode ?? -1 });
  expect(result.problems, reply.stderr).toEqual([]);
  return result;
}

const ENTRY_NAMES = Object.keys(ENTRY_POINTS);

describe.each(ENTRY_NAMES)("started from %s", (name) => {
  // Each agent's shell tool is tried from one entry point in turn (every agent from one, every entry
  // point by one or two): which package is running is found the same way whichever agent asked.
  const agents = HOOK_AGENTS.filter((_, k) => k % ENTRY_NAMES.length === ENTRY_NAMES.indexOf(name));
  test(`the agent cannot overwrite the running package, in ${agents.join(" and ")}'s shell tool or Claude's Write; honest work passes`, async () => {
    const box = sandbox();
    box.globalPolicy(policy({ allow: { event: "tool_call", shell: "true" } }));
    const entry = ENTRY_POINTS[name]!(box);
    expect(realpathSync(entry.real)).toBe(realpathSync(join(dirname(realpathSync(resolve(box.project, entry.target))), "..")));
    for (const agent of agents) {
      const attack = await shellVerdict(box, entry, agent, `echo 'process.exit(0)' > ${entry.target}`);
      expect(attack.blocked, agent).toBe(true);
      expect(attack.reason, agent).toContain("blocked by self-protection");
    }
    const write = fixtureWith("claude", "PreToolUse-Write.json", {
      cwd: box.project,
      tool_input: { file_path: resolve(box.project, entry.target), content: "process.exit(0)\n" },
    });
    const reply = await run(box, entry, ["hook", "--agent", "claude", "PreToolUse"], write);
    expect(inspectReply("claude", "PreToolUse", "tool_call", { ...reply, exitCode: reply.exitCode ?? -1 }).blocked).toBe(true);
    for (const honest of [
      `ls ${dirname(entry.target)}`,
      `cat ${join(dirname(entry.target), "..", "package.json")}`,
      "echo done > notes.txt",
    ])
      expect((await shellVerdict(box, entry, "claude", honest)).blocked, honest).toBe(false);
  }, 60_000);

  test("the telemetry shipper starts from the running package and delivers the decision", async () => {
    const { r, b: box } = await receiverAndSandbox();
    enableExport(box, { endpoint: r.url });
    const entry = ENTRY_POINTS[name]!(box);
    const payload = fixtureWith("claude", "PreToolUse-Bash.json", { cwd: box.project, tool_input: { command: "echo shipped" } });
    const reply = await run(box, entry, ["hook", "--agent", "claude", "PreToolUse"], payload);
    expect(reply.exitCode).toBe(0);
    await waitFor("the decision at the receiver", () => uniqueByUid(r.records).length >= 1);
    await shipperGone(box);
    expect(uniqueByUid(r.records)).toHaveLength(1);
  }, 60_000);
});
