// Runs an installed hook command exactly as the agent would: through /bin/sh,
// with a synthetic pre-tool payload on stdin, and checks the answer is one the
// harness can read. This catches what a config file alone cannot show: a node
// or bin path that no longer exists, a command not on PATH, a crash.
import { execaSync } from "execa";
import { PROBES } from "../agents/probes.ts";
import type { HookAgentId } from "../agents/registry.ts";
import { PATH_COMMAND } from "../installer/command-form.ts";
import ownPackage from "../../package.json" with { type: "json" };

export interface ProbeResult {
  ok: boolean;
  detail: string;
  /** A fix that names the real cause, when it is not "re-install". */
  fix?: string;
}

/** Shorter than every agent's hook limit (30 s as installed), so doctor answers first. */
const PROBE_TIMEOUT_MS = 10_000;

/** `command` is the installed command line for `event` (the agent passes it to sh). */
export function probeCommand(agent: HookAgentId, command: string, cwd: string, env: NodeJS.ProcessEnv): ProbeResult {
  const probe = PROBES[agent];
  const run = execaSync("/bin/sh", ["-c", command], {
    cwd,
    env: { ...env, HOOKIT_DOCTOR: "1" },
    extendEnv: false,
    input: JSON.stringify(probe.payload(cwd, "hookit-doctor")),
    timeout: PROBE_TIMEOUT_MS,
    reject: false,
  });
  if (run.timedOut) {
    return {
      ok: false,
      detail: `it timed out after ${PROBE_TIMEOUT_MS / 1000} s on a harmless \`true\` shell call`,
      fix: 'a tool_call hook of your policy is slow (its when/shell runs on every call): find it with `echo \'{"event":"tool_call","toolName":"bash","input":{"command":"true"}}\' | hookit check --dry-run`, then give it a filter or make it faster',
    };
  }
  // No exit code and no signal: it never started. (A command that exits without reading its
  // stdin breaks the pipe (EPIPE) but did run, so its exit code is what counts.)
  if (run.exitCode === undefined && run.signal === undefined) return { ok: false, detail: `could not run it: ${String(run.shortMessage)}` };
  const status = run.exitCode ?? null;
  const jsonAnswer = status !== null && probe.jsonAnswerExitCodes?.includes(status) === true && run.stdout.trim().startsWith("{");
  if (status !== 0 && !jsonAnswer) {
    const output = run.stderr || run.stdout;
    const missing = /Cannot find module '([^']+)'/.exec(output)?.[1];
    if (missing) {
      return { ok: false, detail: `the hookit it runs is gone: ${missing} does not exist (moved or deleted)` };
    }
    // A project install that runs hookit from PATH, on a machine with no hookit there (the
    // fail-closed tail turns the shell's 127 into 2).
    if (command.startsWith(`${PATH_COMMAND} `) && new RegExp(`\\b${PATH_COMMAND}: (command )?not found`).test(output)) {
      return {
        ok: false,
        detail: `there is no ${PATH_COMMAND} on this PATH (${output.trim().split("\n")[0] ?? ""})`,
        fix: `install ${ownPackage.name} globally so ${PATH_COMMAND} is on the agent's PATH, or hookit install --agent ${agent} --absolute (this machine's paths)`,
      };
    }
    if (status === 127) return { ok: false, detail: `its program was not found (${output.trim().split("\n")[0] ?? ""})` };
    const said = output.trim().split("\n")[0] ?? "";
    return { ok: false, detail: `it exited with ${status ?? run.signal}${said ? `: ${said}` : ""}` };
  }
  const out = run.stdout.trim();
  if (out !== "") {
    try {
      JSON.parse(out);
    } catch {
      return { ok: false, detail: `it printed something that is not JSON: ${out.slice(0, 80)}` };
    }
  }
  return { ok: true, detail: out === "" ? "answered with a plain allow" : `answered ${out.slice(0, 80)}` };
}

export function probeEventName(agent: HookAgentId): string {
  return PROBES[agent].event;
}
