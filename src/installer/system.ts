// `hookit install --system` / `hookit uninstall --system`, run as root: the
// managed policy in /etc/hookit, a root-owned copy of this hookit under
// /usr/local/lib/hookit/<version>/ (the managed hooks run it, never a copy the
// user could edit), and hookit's hooks in each agent's own managed
// configuration. Everything is checked (agents' files planned, a --policy
// validated) before anything is written.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, statSync, chmodSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { crypto } from "../base/crypto.lazy.ts";
import { AGENT_IDS, type AgentId, type HookAgentId } from "../agents/registry.ts";
import type { HookRegistration } from "../contract/types.ts";
import { loadCatalog } from "../engine/catalog.ts";
import { fileJsonSchema } from "../engine/schema.ts";
import { InstallError, installAgents, systemFileOf, uninstallAgents, type InstallReport } from "./index.ts";
import { findPackageRoot } from "../install/locate.ts";
import type { Env } from "../base/paths.ts";
import { didYouMean } from "../base/nearest.ts";
import { starterPolicyText } from "../base/starter-policy.ts";
import { managedDir, managedPolicyPath, sharedNodeProblem, systemLibDir, systemRoot } from "../base/managed-paths.ts";
import { readSystemRecord, recordPath, writeReadable, writeSystemRecord } from "./system-record.ts";

export interface SystemInstallOptions {
  /** Agent names, or "all": every agent that has a managed configuration. */
  agents: string[] | "all";
  /** A policy file to install as the managed policy (default: keep the one there, else the starter). */
  policy?: string;
  dryRun?: boolean;
  env?: Env;
  cwd?: string;
  /** For tests: the running user, hookit's package root, the node binary the hooks name. */
  uid?: number;
  packageRoot?: string;
  nodePath?: string;
  registrationsFor?: (agent: HookAgentId) => Promise<HookRegistration[]>;
}

type PolicyAction = "create" | "update" | "unchanged" | "delete" | "kept";

export interface SystemReport {
  root: string;
  policy: { path: string; action: PolicyAction; why?: string };
  /** The hookit copy the managed hooks run. */
  packageDir?: string;
  agents: InstallReport;
  /** Named agents with no managed configuration, each with the reason. */
  skipped: string[];
}

/** Why an agent has no managed registration (docs/teams/managed.md has the table). */
const NO_MANAGED_CONFIG =
  "has no managed configuration hookit could verify on the real CLI, so a user-level process can still remove a user-level install";

export async function installSystem(options: SystemInstallOptions): Promise<SystemReport> {
  const { env, root, agents, skipped } = prepare(options);
  const source = options.packageRoot ?? findPackageRoot();
  if (!source || !existsSync(join(source, "dist", "bin.cjs")))
    throw new InstallError("E_NOT_BUILT", "hookit's dist/ is missing: build hookit (npm run build) first.");
  const version = (JSON.parse(readFileSync(join(source, "package.json"), "utf8")) as { version: string }).version;
  const packageDir = join(systemLibDir(root), version);
  const policy = plannedPolicy(root, options);
  const nodePath = options.nodePath ?? process.execPath;
  const nodeProblem = sharedNodeProblem(nodePath);
  if (nodeProblem)
    throw new InstallError(
      "E_UNSAFE_TARGET",
      `The managed hooks would run this node for every user, and ${nodeProblem}: ` +
        "their agents would be refused on every tool call, or could replace the node that runs the managed guard. " +
        "Run the install with a node root owns and every user can run (your distribution's /usr/bin/node, or one under /usr/local/bin): " +
        `sudo /usr/bin/node ${process.argv[1] ?? "<hookit>/dist/bin.cjs"} install --system …. hookit changed nothing.`,
    );
  const common = {
    agents,
    scope: "system" as const,
    systemRoot: root,
    env,
    packageRoot: packageDir,
    nodePath,
    ...(options.registrationsFor && { registrationsFor: options.registrationsFor }),
  };
  // A dry run of the agents' files first: one malformed file stops the install before anything is written.
  const planned = agents.length > 0 ? await installAgents({ ...common, dryRun: true, packageRoot: source }) : emptyReport(root);
  if (options.dryRun) return { root, policy: { path: policy.path, action: policy.action }, packageDir, agents: planned, skipped };
  if (source !== packageDir) copyPackage(source, systemLibDir(root), packageDir);
  if (policy.text !== undefined) writePolicy(root, policy.text, policy.action === "create");
  const report = agents.length > 0 ? await installAgents(common) : emptyReport(root);
  const before = readSystemRecord(root);
  const created = policy.action === "create" ? digest(policy.text!) : before?.createdPolicy;
  writeSystemRecord(root, {
    version,
    packageDir,
    ...(created && { createdPolicy: created }),
    agents: [...new Set([...(before?.agents ?? []), ...agents])],
  });
  return { root, policy: { path: policy.path, action: policy.action }, packageDir, agents: report, skipped };
}

export async function uninstallSystem(options: SystemInstallOptions): Promise<SystemReport> {
  const { env, root, agents, skipped, all } = prepare(options);
  const record = readSystemRecord(root);
  const report =
    agents.length > 0
      ? await uninstallAgents({
          agents,
          scope: "system",
          systemRoot: root,
          env,
          dryRun: options.dryRun === true,
          ...(record && { packageRoot: record.packageDir }),
          nodePath: options.nodePath ?? process.execPath,
        })
      : emptyReport(root);
  const path = managedPolicyPath(root);
  if (!all) {
    // Some agents only: the managed layer stays, with fewer registrations.
    if (!options.dryRun && record) writeSystemRecord(root, { ...record, agents: record.agents.filter((a) => !agents.includes(a)) });
    return {
      root,
      policy: { path, action: "kept", why: "only some agents were named" },
      ...(record && { packageDir: record.packageDir }),
      agents: report,
      skipped,
    };
  }
  const text = existsSync(path) ? readFileSync(path, "utf8") : undefined;
  const ours = text !== undefined && record?.createdPolicy === digest(text);
  const policy =
    text === undefined
      ? { path, action: "unchanged" as const }
      : ours
        ? { path, action: "delete" as const }
        : { path, action: "kept" as const, why: record?.createdPolicy ? "it changed since install wrote it" : "install did not create it" };
  if (!options.dryRun) {
    if (policy.action === "delete") rmSync(path, { force: true });
    if (policy.action === "delete") rmSync(join(managedDir(root), "schema.json"), { force: true });
    if (record && relative(systemLibDir(root), record.packageDir).split("/")[0] !== "..")
      rmSync(record.packageDir, { recursive: true, force: true });
    rmSync(recordPath(root), { force: true });
    for (const dir of [managedDir(root), systemLibDir(root)]) removeIfEmpty(dir);
  }
  return { root, policy, ...(record && { packageDir: record.packageDir }), agents: report, skipped };
}

// --- internal ---

function prepare(options: SystemInstallOptions) {
  const env = options.env ?? process.env;
  const uid = options.uid ?? process.getuid?.() ?? 0;
  if (uid !== 0)
    throw new InstallError(
      "E_NOT_ROOT",
      "--system writes root-owned files (/etc/hookit, /usr/local/lib/hookit and the agents' managed settings): run it as root.",
    );
  const { root, refused } = systemRoot(env);
  if (refused) throw new InstallError("E_UNSAFE_TARGET", `${refused}. hookit changed nothing.`);
  const named = options.agents === "all" ? ["all"] : options.agents.map((a) => a.trim().toLowerCase()).filter(Boolean);
  const all = named.includes("all");
  const ids: AgentId[] = all ? AGENT_IDS.filter((id) => systemFileOf(id) !== undefined) : (named as AgentId[]);
  const unknown = ids.filter((id) => !(AGENT_IDS as readonly string[]).includes(id));
  if (unknown.length > 0)
    throw new InstallError(
      "E_USAGE",
      `Unknown agent "${unknown[0]}".${didYouMean(unknown[0] as string, [...AGENT_IDS, "all"], "Use one or more of")}`,
    );
  const agents = ids.filter((id) => systemFileOf(id) !== undefined);
  const skipped = ids.filter((id) => systemFileOf(id) === undefined).map((id) => `${id}: ${NO_MANAGED_CONFIG}.`);
  return { env, root, agents, skipped, all };
}

function plannedPolicy(root: string, options: SystemInstallOptions): { path: string; action: PolicyAction; text?: string } {
  const path = managedPolicyPath(root);
  const current = existsSync(path) ? readFileSync(path, "utf8") : undefined;
  if (options.policy === undefined)
    return current === undefined ? { path, action: "create", text: starterPolicyText() } : { path, action: "unchanged" };
  const text = readFileSync(resolve(options.cwd ?? process.cwd(), options.policy), "utf8");
  const catalog = loadCatalog([{ storage: "managed", path: options.policy, text }]);
  if (!catalog.ok)
    throw new InstallError(
      "E_MALFORMED",
      `${options.policy} is not a valid policy: ${catalog.diagnostics[0]?.message}. hookit changed nothing.`,
    );
  if (text === current) return { path, action: "unchanged" };
  return { path, action: current === undefined ? "create" : "update", text };
}

function writePolicy(root: string, text: string, created: boolean): void {
  const dir = managedDir(root);
  writeReadable(managedPolicyPath(root), text);
  chmodSync(dir, 0o755);
  // The starter's "$schema": "./schema.json" sits beside it, as `hookit init` writes it.
  if (created && !existsSync(join(dir, "schema.json")))
    writeReadable(join(dir, "schema.json"), JSON.stringify(fileJsonSchema(), null, 2) + "\n");
}

/** Copies `dist/` and package.json into a fresh folder, then swaps it in: a hook never sees half a copy. */
function copyPackage(source: string, lib: string, target: string): void {
  mkdirSync(lib, { recursive: true });
  chmodSync(lib, 0o755);
  const fresh = `${target}.${process.pid}.tmp`;
  rmSync(fresh, { recursive: true, force: true });
  cpSync(join(source, "dist"), join(fresh, "dist"), { recursive: true, dereference: true });
  cpSync(join(source, "package.json"), join(fresh, "package.json"));
  makeReadOnlyForOthers(fresh);
  rmSync(target, { recursive: true, force: true });
  renameSync(fresh, target);
}

function makeReadOnlyForOthers(path: string): void {
  const stat = statSync(path);
  chmodSync(path, stat.isDirectory() ? 0o755 : stat.mode & 0o111 ? 0o755 : 0o644);
  if (stat.isDirectory()) for (const name of readdirSync(path)) makeReadOnlyForOthers(join(path, name));
}

function removeIfEmpty(dir: string): void {
  try {
    if (readdirSync(dir).length === 0) rmdirSync(dir);
  } catch {
    // already gone
  }
}

function digest(text: string): string {
  return crypto().createHash("sha256").update(text).digest("hex");
}

function emptyReport(root: string): InstallReport {
  return { scope: { kind: "system", root }, dryRun: false, outcomes: [] };
}
