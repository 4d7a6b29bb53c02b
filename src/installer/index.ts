// `hookit install` / `hookit uninstall` as library functions. Every target is
// read, checked and transformed first; only when all of them succeed is
// anything written, so a malformed file for one agent leaves every file as it was.
import { existsSync, lstatSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { AGENT_IDS, isInProcessAgent, loadAdapter, resolveHookAgent } from "../agents/registry.ts";
import type { AgentId, HookAgentId } from "../agents/registry.ts";
import type { HookRegistration } from "../contract/types.ts";
import type { Env } from "../base/paths.ts";
import { findProject } from "../policy/policy.ts";
import { trustPolicy, trustReader } from "../policy/trust.ts";
import { InstallError } from "../install/errors.ts";
import { findPackageRoot, findProjectDir, homeDir, isDetected } from "../install/locate.ts";
import { didYouMean } from "../base/nearest.ts";
import { defaultCommandPrefix } from "../install/marker.ts";
import { chooseCommand } from "./command-form.ts";
import type { CommandChoice } from "./command-form.ts";
import { TARGETS } from "../agents/install-targets.ts";
import { RESTART_STEP } from "../install/common.ts";
import { AGENT_SYSTEM_FILES } from "../base/managed-paths.ts";
import type { ApplyOptions, InstallTarget, Scope } from "../install/types.ts";
import { describeSyntaxProblem, syntaxProblem } from "../install/syntax.ts";
import { recordInstalls } from "../install/manifest.ts";
import { commit, diffOf, planInstall, planUninstall, readTarget } from "../install/writer.ts";
import type { Action, Change } from "../install/writer.ts";

// The bin the hooks run: the CommonJS one, which skips Node's ESM loader (~5 ms a hook).
const HOOK_BIN = join("dist", "bin.cjs");
const PI_EXTENSION = join("dist", "pi.mjs");
const OPENCODE_PLUGIN = join("dist", "opencode.mjs");

export { InstallError } from "../install/errors.ts";
export { TARGETS } from "../agents/install-targets.ts";
export type { Scope } from "../install/types.ts";

export interface InstallOptions {
  /** Agent names or aliases, or "all" (install: the detected agents; uninstall: every agent). */
  agents: string[] | "all";
  /** Default: the project. "system" is for src/installer/system.ts (`hookit install --system`), run as root. */
  scope?: "project" | "global" | "system";
  /** The system root for scope "system" (normally `/`). */
  systemRoot?: string;
  /** Project directory; default: the git work tree enclosing `cwd`, else `cwd`. */
  projectDir?: string;
  dryRun?: boolean;
  /** Replaces the program hooks run (`hookit`, or `"<node>" "<root>/dist/bin.cjs"`). */
  command?: string;
  /** A project install names this machine's node and bin even when `hookit` on PATH would do. */
  absolute?: boolean;
  env?: Env;
  cwd?: string;
  /** For tests: hookit's package root and the node binary the hooks name. */
  packageRoot?: string;
  nodePath?: string;
  /** Where the hook agents' registrations come from; default: the adapters. */
  registrationsFor?: (agent: HookAgentId) => Promise<HookRegistration[]>;
}

export interface AgentOutcome {
  agent: AgentId;
  title: string;
  file: string;
  action: Action;
  /** Whether the file existed before. */
  existed: boolean;
  /** Unified diff (dry run only). */
  diff?: string;
  backup?: string;
  warnings: string[];
  nextSteps: string[];
}

export interface InstallReport {
  scope: Scope;
  dryRun: boolean;
  outcomes: AgentOutcome[];
  /** The project policy `install` trusted. */
  trusted?: string;
  /** A project policy that changed since it was trusted: `hookit trust` must review it. */
  trustPending?: string;
  /** Agents `--agent all` left out, each with the reason. */
  skipped?: string[];
  /** The program the hooks run (install only, when a hook agent was named). */
  command?: CommandChoice;
}

export async function installAgents(options: InstallOptions): Promise<InstallReport> {
  const common = resolveCommon(options, "install");
  const { env, scope } = common;
  const { agents, skipped } = withoutUnreadProjectFiles(common.agents, scope, env, options.agents);
  const apply = await applyOptions(options, agents, scope);
  const changes = agents.map((agent) => {
    const target = TARGETS[agent];
    const file = readTarget(targetPath(agent, scope, env), withinOf(scope));
    refuseWhatTheAgentIgnores(target, file.path, file.text);
    const registrations = apply.registrations.get(agent) ?? [];
    const result = target.apply(file.text, { ...apply.base, registrations, file: file.path });
    return { agent, change: planInstall(file, result.text!) };
  });
  const outcomes = finish(changes, options.dryRun === true, scope, env, true);
  const report: InstallReport = {
    scope,
    dryRun: options.dryRun === true,
    outcomes,
    ...(skipped.length > 0 ? { skipped } : {}),
    ...(apply.command ? { command: apply.command } : {}),
  };
  if (scope.kind === "project" && !options.dryRun) {
    // The same lookup the hook runner does, so the trusted path is the one it checks.
    const policy = findProject(options.projectDir ? scope.dir : (options.cwd ?? process.cwd())).policy;
    if (policy && lstatSync(policy, { throwIfNoEntry: false })?.isFile()) {
      // Trusting is the user's decision: install does it only for a policy never trusted
      // before. A policy that changed since it was trusted waits for `hookit trust`.
      const text = readFileSync(policy, "utf8");
      const trust = trustReader(env);
      if (!trust.known(policy)) {
        trustPolicy(policy, text, env);
        report.trusted = policy;
      } else if (!trust.trusted(policy, text)) report.trustPending = policy;
    }
  }
  return report;
}

export async function uninstallAgents(options: InstallOptions): Promise<InstallReport> {
  const { env, scope, agents } = resolveCommon(options, "uninstall");
  const root = options.packageRoot ?? findPackageRoot();
  const commandPrefix =
    options.command?.trim() || (root ? defaultCommandPrefix(options.nodePath ?? process.execPath, join(root, HOOK_BIN)) : undefined);
  const extensionPath = root ? join(root, PI_EXTENSION) : undefined;
  const changes = agents.map((agent) => {
    const target = TARGETS[agent];
    const file = readTarget(targetPath(agent, scope, env), withinOf(scope));
    const removed = target.remove(file.text, { commandPrefix, extensionPath, file: file.path });
    return { agent, change: planUninstall(file, removed.text, target.emptyText) };
  });
  const outcomes = finish(changes, options.dryRun === true, scope, env, false);
  return { scope, dryRun: options.dryRun === true, outcomes };
}

/** Parses `claude,codex` / `all` into agent ids. */
export function resolveAgentNames(names: string[] | "all", env: Env, mode: "install" | "uninstall"): AgentId[] {
  if (names === "all" || names.some((name) => name.trim().toLowerCase() === "all")) {
    if (mode === "uninstall") return [...AGENT_IDS];
    const found = AGENT_IDS.filter((id) => isDetected(TARGETS[id].detect, env));
    if (found.length === 0) {
      throw new InstallError("E_USAGE", "No supported agent was found on this machine. Name them: --agent claude,codex.");
    }
    return found;
  }
  const ids: AgentId[] = [];
  for (const raw of names) {
    const name = raw.trim().toLowerCase();
    if (name === "") continue;
    const id = isInProcessAgent(name) ? name : resolveHookAgent(name);
    if (!id) {
      throw new InstallError("E_USAGE", `Unknown agent "${raw}".${didYouMean(raw, [...AGENT_IDS, "all"], "Use one or more of")}`);
    }
    if (!ids.includes(id)) ids.push(id);
  }
  if (ids.length === 0) throw new InstallError("E_USAGE", `Name the agents: --agent ${AGENT_IDS.join(",")} or --agent all.`);
  return ids;
}

export function targetPath(agent: AgentId, scope: Scope, env: Env): string {
  const target = TARGETS[agent];
  if (scope.kind === "system") {
    const file = systemFileOf(agent);
    if (file === undefined) throw new InstallError("E_UNSUPPORTED", `${target.title} has no managed configuration hookit can register in.`);
    return join(scope.root, file);
  }
  return scope.kind === "global" ? target.globalFile(env) : join(scope.dir, target.projectFile);
}

/** The agent's managed configuration file relative to the system root, when it has one. */
export function systemFileOf(agent: AgentId): string | undefined {
  return (AGENT_SYSTEM_FILES as Partial<Record<AgentId, string>>)[agent];
}

// --- internal ---

function resolveCommon(options: InstallOptions, mode: "install" | "uninstall") {
  const env = options.env ?? process.env;
  const cwd = options.cwd ?? process.cwd();
  if (options.scope !== undefined && options.scope !== "project" && options.projectDir !== undefined) {
    throw new InstallError("E_USAGE", "Choose one scope: --project [DIR], --global or --system.");
  }
  const scope: Scope =
    options.scope === "system"
      ? { kind: "system", root: options.systemRoot ?? "/" }
      : options.scope === "global"
        ? { kind: "global" }
        : { kind: "project", dir: options.projectDir ? resolve(cwd, options.projectDir) : findProjectDir(cwd) };
  if (scope.kind === "project" && !existsSync(scope.dir)) {
    throw new InstallError("E_USAGE", `The project directory ${scope.dir} does not exist.`);
  }
  const all = options.agents === "all" || options.agents.some((name) => name.trim().toLowerCase() === "all");
  // Managed configurations apply to every user of the machine: "all" means every agent that has one.
  const agents =
    scope.kind === "system" && all
      ? AGENT_IDS.filter((id) => systemFileOf(id) !== undefined)
      : resolveAgentNames(options.agents, env, mode);
  return { env, scope, agents };
}

async function applyOptions(options: InstallOptions, agents: AgentId[], scope: Scope) {
  const needsCommand = agents.some((agent) => !isInProcessAgent(agent));
  const root = options.packageRoot ?? findPackageRoot();
  const bin = root ? join(root, HOOK_BIN) : undefined;
  const extensionPath = root ? join(root, PI_EXTENSION) : "";
  const custom = options.command?.trim() ?? "";
  if (custom && options.absolute) throw new InstallError("E_USAGE", "Choose one: --command CMD or --absolute.");
  let command: CommandChoice | undefined;
  if (needsCommand) {
    if (!custom) requireBuilt(bin, "CLI");
    command = chooseCommand({
      command: custom,
      absolute: options.absolute === true,
      scope: scope.kind,
      bin: bin ?? "",
      nodePath: options.nodePath ?? process.execPath,
      env: options.env ?? process.env,
    });
  }
  const commandPrefix = command?.prefix ?? custom;
  if (agents.includes("pi")) requireBuilt(root ? extensionPath : undefined, "Pi extension");
  if (agents.includes("opencode")) requireBuilt(root ? join(root, OPENCODE_PLUGIN) : undefined, "OpenCode plugin");
  const registrationsFor = options.registrationsFor ?? (async (agent) => (await loadAdapter(agent)).registrations);
  const registrations = new Map<AgentId, HookRegistration[]>();
  for (const agent of agents) if (!isInProcessAgent(agent)) registrations.set(agent, await registrationsFor(agent));
  const base: ApplyOptions = { commandPrefix, extensionPath, registrations: [] };
  return { base, registrations, command };
}

/**
 * Kimi Code reads no project configuration: its project file is read only when Kimi runs with
 * KIMI_CODE_HOME set to that folder. Named explicitly, such an install is refused; from
 * `--agent all` it is left out with the reason.
 */
function withoutUnreadProjectFiles(agents: AgentId[], scope: Scope, env: Env, named: string[] | "all") {
  if (scope.kind !== "project" || !agents.includes("kimi")) return { agents, skipped: [] as string[] };
  const home = join(scope.dir, ".kimi-code");
  if (env.KIMI_CODE_HOME && resolve(env.KIMI_CODE_HOME) === home) return { agents, skipped: [] as string[] };
  const why =
    `Kimi Code CLI reads no project configuration, so ${join(home, "config.toml")} would guard nothing ` +
    `(it is read only when Kimi runs with KIMI_CODE_HOME=${home}). Install Kimi with --global, or set KIMI_CODE_HOME to that folder first.`;
  const all = named === "all" || named.some((name) => name.trim().toLowerCase() === "all");
  if (!all) throw new InstallError("E_UNSUPPORTED", `${why} hookit changed nothing.`);
  return { agents: agents.filter((agent) => agent !== "kimi"), skipped: [`Kimi Code CLI: skipped. ${why}`] };
}

// Writing hooks into a file the agent will not read would report an install that guards nothing.
function refuseWhatTheAgentIgnores(target: InstallTarget, path: string, text: string | undefined): void {
  const syntax = target.syntax ?? "jsonc";
  const problem = text === undefined || text.trim() === "" ? undefined : syntaxProblem(text, syntax);
  if (!problem) return;
  const change =
    problem.what === "a comment"
      ? "Remove the comment"
      : problem.what === "a trailing comma"
        ? "Remove the trailing comma"
        : "Fix the JSON";
  throw new InstallError(
    "E_MALFORMED",
    `${describeSyntaxProblem(path, target.title, syntax, problem)}. ${change}, then run the command again. hookit changed nothing.`,
  );
}

function requireBuilt(path: string | undefined, what: string): void {
  if (path && existsSync(path)) return;
  throw new InstallError(
    "E_NOT_BUILT",
    path
      ? `hookit's ${what} is missing: ${path} does not exist. Build hookit (npm run build) or pass --command.`
      : `hookit cannot find its own package.json, so it cannot name its ${what}. Pass --command.`,
  );
}

function withinOf(scope: Scope): string | undefined {
  return scope.kind === "project" ? scope.dir : undefined;
}

function finish(
  changes: { agent: AgentId; change: Change }[],
  dryRun: boolean,
  scope: Scope,
  env: Env,
  installing: boolean,
): AgentOutcome[] {
  const root = scope.kind === "project" ? scope.dir : scope.kind === "system" ? scope.root : homeDir(env);
  if (!dryRun) {
    for (const { change } of changes) commit(change, root);
    // The system install keeps its own record beside the managed policy (src/installer/system-record.ts).
    if (scope.kind !== "system")
      recordInstalls(
        env,
        changes.map(({ agent, change }) => ({ agent, scope: scope.kind, file: change.file.path })),
        installing,
      );
  }
  return changes.map(({ agent, change }) => {
    const target = TARGETS[agent];
    const text = change.after;
    return {
      agent,
      title: target.title,
      file: change.file.path,
      action: change.action,
      existed: change.file.text !== undefined,
      ...(dryRun && change.action !== "unchanged" ? { diff: diffOf(change) } : {}),
      ...(change.backup ? { backup: change.backup } : {}),
      warnings: installing && text !== undefined ? [...(target.warnings?.(text) ?? []), ...decidesTwice(agent, changes, scope)] : [],
      nextSteps: installing ? (scope.kind === "system" ? [RESTART_STEP] : target.nextSteps(scope, env)) : [],
    };
  });
}

// An agent that also runs another agent's hooks (Cursor runs Claude Code's): both installs mean two runs per event.
function decidesTwice(agent: AgentId, changes: { agent: AgentId }[], scope: Scope): string[] {
  const other = TARGETS[agent].alsoRunsHooksOf;
  if (other === undefined || !changes.some((change) => change.agent === other)) return [];
  const title = TARGETS[agent].title;
  const otherTitle = TARGETS[other].title;
  const flag = scope.kind === "global" ? " --global" : "";
  return [
    `${title} also runs ${otherTitle}'s hooks, so with both installed ${title} runs hookit's policy twice per call ` +
      `(the same decision, but twice the time, and a hook with side effects such as an audit log runs twice). ` +
      `If you do not use ${otherTitle} here: hookit uninstall --agent ${other}${flag}; if you use both, keep both.`,
  ];
}
