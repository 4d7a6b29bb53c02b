// dist/facts.cjs comes with a V8 code cache made at build time. This Node
// accepts it, and a cache V8 rejects (another Node, a damaged file) or a
// missing one only costs compile time: the facts are the same.
import { spawnSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { Script } from "node:vm";
import { expect, test } from "vitest";
import { binPath, packageRoot, useBuiltHookit } from "../_sandbox.ts";
import { useProject } from "./_project.ts";

useBuiltHookit();
const project = useProject();

test("the built cache is accepted by this Node", () => {
  const file = join(packageRoot(), "dist/facts.cjs");
  const script = new Script(createRequire(import.meta.url)("node:module").wrap(readFileSync(file, "utf8")), {
    filename: file,
    cachedData: readFileSync(`${file}.cache`),
  });
  expect(script.cachedDataRejected).toBe(false);
});

test.each(["damaged", "missing", "kept, with the saved wrapped source missing"])("a %s cache still gives the facts", (state) => {
  const cache = join(packageRoot(), "dist/facts.cjs.cache");
  const wrapped = join(packageRoot(), "dist/facts.cjs.wrapped");
  const original = readFileSync(cache);
  const originalWrapped = readFileSync(wrapped);
  try {
    if (state === "damaged") writeFileSync(cache, Buffer.from("not a code cache"));
    else if (state === "missing") rmSync(cache);
    else rmSync(wrapped);
    const payload = {
      session_id: "s",
      cwd: project.dir,
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command: "cat notes.txt" },
      tool_use_id: "t",
    };
    const policy = join(project.root, "cache-policy.json");
    writeFileSync(
      policy,
      JSON.stringify({
        local: { g: { description: "", event: "tool_call", filter: { "hookit.reads": "/\\.env$" }, shell: "false", default: true } },
      }),
    );
    const run = spawnSync(process.execPath, [binPath(), "hook", "--agent", "claude", "PreToolUse"], {
      input: JSON.stringify(payload),
      encoding: "utf8",
      env: { ...project.env, HOOKIT_CONFIG: policy, XDG_STATE_HOME: join(project.root, "state") },
    });
    expect(JSON.parse(run.stdout).hookSpecificOutput.permissionDecisionReason).toContain(`hook "g" rejected bash`);
  } finally {
    writeFileSync(cache, original);
    writeFileSync(wrapped, originalWrapped);
  }
});
