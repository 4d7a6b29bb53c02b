// `hookit check --agent X --native E` is the dry run of `hookit hook --agent X E`:
// both go through the one decision step (src/run/judge.ts), so for every
// captured payload of every agent they must give the agent the same answer.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { FIXTURES, runBin, runHook, sandbox, useBuiltHookit } from "../_sandbox.ts";

useBuiltHookit();

/** A policy that gives every kind of event something to decide. */
const POLICY = {
  local: {
    "no-touch": { description: "", event: "tool_call", filter: { command: "touch" }, shell: "false", default: true },
    "no-writes": { description: "", event: "tool_call", filter: { toolName: "write" }, shell: "false", default: true },
    redact: { description: "", event: "tool_result", shell: "false", default: true },
    tests: { description: "", event: "agent_end", shell: "false", default: true },
    // Context the hook sets up for shells, which a dry run must set up the same way.
    context: {
      description: "",
      event: "tool_call",
      shell: 'test -n "$HOOKIT_NATIVE_EVENT" && test -n "$PI_PROJECT_TRUSTED"',
      default: true,
    },
  },
};

/** `<Event>[-variant].json` → the native event name; README files are not payloads. */
function fixtures(): Array<{ agent: string; file: string; event: string }> {
  const out: Array<{ agent: string; file: string; event: string }> = [];
  for (const agent of readdirSync(FIXTURES)) {
    // Pi and OpenCode run hookit in-process: they have no `hookit hook` to agree with.
    if (!/^[a-z]+$/.test(agent) || agent === "pi" || agent === "opencode") continue;
    for (const file of readdirSync(join(FIXTURES, agent))) {
      if (file.endsWith(".json")) out.push({ agent, file, event: file.replace(/\.json$/, "").split("-")[0] ?? file });
    }
  }
  return out;
}

describe("check --agent answers as the hook does", () => {
  const all = fixtures();
  test("there are fixtures for every command-hook agent", () => {
    expect(new Set(all.map((f) => f.agent)).size).toBeGreaterThanOrEqual(8);
  });

  test.each(all)("$agent $file", async ({ agent, file, event }) => {
    const payload = JSON.parse(readFileSync(join(FIXTURES, agent, file), "utf8")) as Record<string, unknown>;
    // A cwd that exists here, so both resolve the same (empty) project.
    const box = sandbox({ policyFile: true });
    box.policy(POLICY);
    const stdin = JSON.stringify(withCwd(payload, box.cwd));
    const hooked = await runHook(box, agent, event, stdin);
    const fresh = sandbox({ policyFile: true }); // a fresh state directory: the hook above saved session state
    fresh.policy(POLICY);
    const checked = await runBin(
      fresh,
      ["check", "--json", "--agent", agent, "--native", event],
      JSON.stringify(withCwd(payload, fresh.cwd)),
    );
    expect(checked.stderr).toBe("");
    const { reply } = JSON.parse(checked.stdout) as { reply: { stdout: string; stderr: string; exitCode: number } };
    const normalize = (text: string) => text.replaceAll(fresh.cwd, "<cwd>").replaceAll(box.cwd, "<cwd>");
    expect({ ...reply, stdout: normalize(reply.stdout), stderr: normalize(reply.stderr) }).toEqual({
      stdout: normalize(hooked.stdout),
      stderr: normalize(hooked.stderr),
      exitCode: hooked.exitCode,
    });
  });
});

/** Points every cwd-like field the agents send at a directory that exists here. */
function withCwd(payload: Record<string, unknown>, cwd: string): Record<string, unknown> {
  const out: Record<string, unknown> = { ...payload };
  for (const key of ["cwd", "workspace_roots", "workspaceRoots"]) {
    if (typeof out[key] === "string") out[key] = cwd;
    else if (Array.isArray(out[key])) out[key] = [cwd];
  }
  return out;
}
