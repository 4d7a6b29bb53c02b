// `hookit check --json` shows the facts it derived, so a policy author can see
// why a guard did or did not match — for a normalized event and for an agent's
// own payload.
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { binPath, useBuiltHookit } from "../_sandbox.ts";
import { useProject } from "./_project.ts";

useBuiltHookit();
const project = useProject();

function check(args: string[], stdin: string) {
  const policy = join(project.root, "policy.json");
  writeFileSync(policy, '{"local":{}}');
  const run = spawnSync(process.execPath, [binPath(), "check", "--json", "--policy", policy, "--cwd", project.dir, ...args], {
    input: stdin,
    env: project.env,
    encoding: "utf8",
  });
  return JSON.parse(run.stdout);
}

describe("hookit check --json", () => {
  test("a normalized event: the commands, paths and hookit.* keys", () => {
    const out = check([], JSON.stringify({ event: "tool_call", toolName: "bash", input: { command: "cd src && rm -rf ~/old" } }));
    expect(out.facts.commands.map((c: { argv: string[] }) => c.argv)).toEqual([
      ["cd", "src"],
      ["rm", "-rf", `${project.home}/old`],
    ]);
    expect(out.facts.paths[0]).toMatchObject({ effect: "delete", recursive: true, location: "outside", inside: false });
    expect(out.facts.keys["hookit.recursiveDeletesOutside"]).toEqual([`${project.home}/old`, "~/old"]);
  });

  test("an agent payload: one facts entry per event", () => {
    const payload = {
      session_id: "s",
      cwd: project.dir,
      hook_event_name: "PreToolUse",
      tool_name: "Read",
      tool_input: { file_path: "notes.txt" },
      tool_use_id: "t",
    };
    const out = check(["--agent", "claude", "--native", "PreToolUse"], JSON.stringify(payload));
    expect(out.facts).toHaveLength(1);
    expect(out.facts[0].keys["hookit.reads"]).toEqual([`${project.dir}/.env`, `${project.dir}/notes.txt`]);
  });

  test("events without a tool have no facts", () => {
    expect(check([], JSON.stringify({ event: "agent_end" })).facts).toBeNull();
  });
});
