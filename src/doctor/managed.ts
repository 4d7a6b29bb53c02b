// `hookit doctor` on the managed layer: the managed policy, its folder chain and
// the system hookit copy must be root's and writable by no one else (else the
// user, and so any agent, could edit what the organization enforces), and each
// agent's managed registration must still be there.
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { AGENT_IDS } from "../agents/registry.ts";
import { systemFileOf, TARGETS } from "../installer/index.ts";
import { managedPolicyPath, ownershipProblem, systemRoot } from "../base/managed-paths.ts";
import { readSystemRecord } from "../installer/system-record.ts";
import type { Env } from "../base/paths.ts";
import type { Check } from "./index.ts";

/** The system scope to check agents' registrations in, when a managed layer is installed. */
export function managedChecks(env: Env, checks: Check[]): { root: string } | undefined {
  const { root, refused } = systemRoot(env);
  if (refused)
    checks.push({
      status: "warn",
      message: refused,
      fix: "unset HOOKIT_SYSTEM_ROOT, or make that folder and every folder above it root's and not group/other-writable",
    });
  const policy = managedPolicyPath(root);
  const record = readSystemRecord(root);
  if (!existsSync(policy) && !record) return undefined;
  const owned = (path: string, kind: "file" | "directory", what: string) => {
    const problem = ownershipProblem(path, kind);
    if (problem === undefined) return true;
    checks.push({
      scope: "system",
      status: "error",
      message: `${what} ${path} could be changed by a user, so it does not bind them: ${problem}`,
      fix: `sudo chown root:root ${path} && sudo chmod ${kind === "file" ? "644" : "755"} ${path} (and the same for the folders above it)`,
    });
    return false;
  };
  if (!existsSync(policy)) {
    checks.push({
      scope: "system",
      status: "error",
      message: `hookit install --system was run here, but the managed policy ${policy} is gone: the managed hooks enforce nothing`,
      fix: "sudo hookit install --system (writes the starter), or --policy <file>",
    });
  } else if (owned(policy, "file", "the managed policy")) {
    checks.push({
      scope: "system",
      status: "ok",
      message: `the managed policy ${policy} and the folders above it are root's and writable by no one else`,
    });
  }
  if (record) {
    const bin = join(record.packageDir, "dist", "bin.cjs");
    if (!existsSync(bin))
      checks.push({
        scope: "system",
        status: "error",
        message: `the system hookit copy ${record.packageDir} is missing: every managed hook fails (and blocks tool calls)`,
        fix: "sudo hookit install --system",
      });
    else if (owned(dirname(bin), "directory", "the system hookit copy") && owned(bin, "file", "the system hookit copy")) {
      checks.push({ scope: "system", status: "ok", message: `the managed hooks run the root-owned hookit copy ${record.packageDir}` });
    }
    // The node binary the hooks name runs the copy: one the user could replace would run whatever they like.
    owned(process.execPath, "file", "the node binary the managed hooks run");
    for (const agent of record.agents) {
      const file = systemFileOf(agent);
      if (file && existsSync(join(root, file))) owned(join(root, file), "file", `${TARGETS[agent].title}'s managed configuration`);
    }
  }
  for (const agent of AGENT_IDS) {
    if (systemFileOf(agent) === undefined)
      checks.push({
        agent,
        scope: "system",
        status: "info",
        message: `${TARGETS[agent].title} has no managed configuration hookit registers in: a user-level process can remove its user-level install (docs/teams/managed.md)`,
      });
  }
  return { root };
}
