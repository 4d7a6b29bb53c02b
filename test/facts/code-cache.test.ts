// dist/facts.cjs comes with two V8 code caches made at build time, one per
// kind of command line (src/facts/cache-kind.ts). This Node accepts both, and
// a cache V8 rejects (another Node, a damaged file) or a missing one only
// costs compile time: the facts are the same.
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

/** Each cache, with a line the hot path loads it for: `notes.txt` is a link to `.env` in the project. */
const KINDS = [
  ["plain", "cat notes.txt"],
  ["search", "cat note?.txt"],
] as const;

test.each(KINDS)("the built %s cache is accepted by this Node", (kind) => {
  const file = join(packageRoot(), "dist/facts.cjs");
  const script = new Script(createRequire(import.meta.url)("node:module").wrap(readFileSync(file, "utf8")), {
    filename: file,
    cachedData: readFileSync(`${file}.${kind}.cache`),
  });
  expect(script.cachedDataRejected).toBe(false);
});

const STATES = ["damaged", "missing", "kept, with the saved wrapped source missing"];
test.each(STATES.flatMap((state) => KINDS.map(([kind, command]) => [state, kind, command])))(
  "a %s %s cache still gives the facts",
  (state, kind, command) => {
    const cache = join(packageRoot(), `dist/facts.cjs.${kind}.cache`);
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
        tool_input: { command },
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
  },
);
