// `hookit doctor`: is hookit really guarding each agent? For every agent and
// scope: installed or not, every registration present, the installed command
// runs and answers (probe.ts), duplicates, stale entries, the policy valid and
// trusted, and the gaps between this policy and what this agent can express.
import { existsSync, readFileSync } from "node:fs";
import { parse as parseJsonc } from "jsonc-parser";
import { CAPABILITIES } from "../agents/capabilities.ts";
import { AGENT_IDS, isInProcessAgent, loadAdapter, type AgentId, type HookAgentId } from "../agents/registry.ts";
import type { Adapter, CapabilityRow } from "../contract/types.ts";
import { loadCatalog } from "../engine/catalog.ts";
import { enabledHookSet } from "../engine/enabled.ts";
import type { Env } from "../base/paths.ts";
import { readTrust, resolveTrustedPolicyFiles, revokedAt } from "../policy/trust.ts";
import { dirname, join } from "node:path";
import { systemFileOf, targetPath, TARGETS } from "../installer/index.ts";
import { readSystemRecord } from "../installer/system-record.ts";
import { managedChecks } from "./managed.ts";
import { systemRoot } from "../base/managed-paths.ts";
import { findPackageRoot, findProjectDir } from "../install/locate.ts";
import { hookEventOf, isHookitCommand } from "../install/marker.ts";
import type { Scope } from "../install/types.ts";
import { probeCommand, probeEventName } from "./probe.ts";
import { agentFileProblems } from "./agent-file.ts";
import { addOnChecks } from "./effective.ts";
import { codexChecks } from "./codex-checks.ts";
import { readManifest } from "../install/manifest.ts";
import { versionChecks } from "./versions.ts";
import { telemetryChecks } from "../telemetry/doctor.ts";

export type Status = "ok" | "warn" | "error" | "info";

// This hookit's own extension files: recognised wherever the package lives (a checkout need not be named hookit).
const ROOT = findPackageRoot();

export interface Check {
  agent?: AgentId;
  scope?: "project" | "global" | "system";
  status: Status;
  message: string;
  /** What to do about it. */
  fix?: string;
}

export interface DoctorReport {
  /** No ✗. */
  ok: boolean;
  errors: number;
  warnings: number;
  checks: Check[];
  /** What the user may still have to do by hand, each said once. */
  advice: string[];
}

export async function runDoctor(cwd: string, env: Env): Promise<DoctorReport> {
  const checks: Check[] = [];
  const projectDir = findProjectDir(cwd);
  const enabledEvents = policyChecks(cwd, env, checks);
  const installedIn = new Map<AgentId, string[]>();
  const advice = new Set<string>();
  const manifest = readManifest(env);
  const managed = managedChecks(env, checks);
  const managedIn = new Set<AgentId>();
  /** Agents that load hookit as their own add-on (Claude Code's plugin). */
  const addOns = new Set<AgentId>();
  const system = managed ? readSystemRecord(managed.root) : undefined;
  for (const agent of AGENT_IDS) {
    const adapter = isInProcessAgent(agent) ? undefined : await loadAdapter(agent);
    const places: Scope[] = [{ kind: "project", dir: projectDir }, { kind: "global" }];
    if (managed && systemFileOf(agent) !== undefined) places.push({ kind: "system", root: managed.root });
    for (const scope of places) {
      const path = targetPath(agent, scope, env);
      const installed = agentScopeChecks(agent, adapter, scope, projectDir, env, checks);
      if (installed && scope.kind === "system") managedIn.add(agent);
      else if (installed) {
        installedIn.set(agent, [...(installedIn.get(agent) ?? []), scope.kind]);
        for (const step of TARGETS[agent].nextSteps(scope, env)) advice.add(step);
      } else if (scope.kind === "system" && system?.agents.includes(agent)) {
        checks.push({
          agent,
          scope: "system",
          status: "error",
          message: `hookit's entries are gone from ${path} since \`hookit install --system\` wrote them: ${TARGETS[agent].title} runs without the managed hooks`,
          fix: `sudo hookit install --system --agent ${agent}`,
        });
      } else if (manifest.some((r) => r.agent === agent && r.file === path)) {
        checks.push({
          agent,
          scope: scope.kind,
          status: "error",
          message: `hookit's entries are gone from ${path} since \`hookit install\` wrote them (removed by hand, by another tool or by the agent): ${TARGETS[agent].title} runs without hookit`,
          fix: `hookit install --agent ${agent} --${scope.kind}, or hookit uninstall --agent ${agent} --${scope.kind} if you meant to remove it`,
        });
      }
    }
    if (addOnChecks(agent, { projectDir, env, systemRoot: managed?.root ?? systemRoot(env).root }, checks)) addOns.add(agent);
    const scopes = installedIn.get(agent) ?? [];
    if (scopes.length > 1 && TARGETS[agent].inProcess?.loadsOnce !== true) {
      checks.push({
        agent,
        status: "warn",
        message: `installed in both the project and the global scope: every hook fires twice`,
        fix: `hookit uninstall --agent ${agent} --global (or --project)`,
      });
    }
    // An in-process runtime has no adapter object, but it may have gaps worth naming too.
    const inProcessGaps = TARGETS[agent].inProcess?.capabilities;
    const capabilities = adapter ? CAPABILITIES[agent as HookAgentId] : inProcessGaps;
    const table = capabilities && { title: TARGETS[agent].title, capabilities };
    if (table && scopes.length > 0) gapChecks(agent, table, enabledEvents, checks);
  }
  for (const agent of AGENT_IDS) {
    const other = TARGETS[agent].alsoRunsHooksOf;
    if (other && installedIn.get(agent)?.includes("project") && installedIn.get(other)?.includes("project")) {
      const title = TARGETS[agent].title;
      checks.push({
        agent,
        status: "warn",
        message: `${title} also runs the project's ${TARGETS[other].title} hooks, so hookit decides twice in ${title}`,
        fix: "keep one of them in this repository, or accept the double evaluation",
      });
    }
  }
  checks.push(...versionChecks([...installedIn.keys()], env));
  if (installedIn.size === 0 && managedIn.size === 0 && addOns.size === 0)
    // Nothing is enforced: the ✗ (and exit 1) `hookit doctor --help` promises, never "no problems".
    checks.push({
      status: "error",
      message: "hookit is not installed into any agent, so nothing is enforced",
      fix: "hookit install --agent all (or name them: --agent claude,codex)",
    });
  if (installedIn.has("codex")) await codexChecks(installedIn.get("codex")!, projectDir, env, checks, advice);
  checks.push(...telemetryChecks(env));
  const errors = checks.filter((c) => c.status === "error").length;
  const warnings = checks.filter((c) => c.status === "warn").length;
  return { ok: errors === 0, errors, warnings, checks, advice: [...advice] };
}

function policyChecks(cwd: string, env: Env, checks: Check[]): Set<string> {
  const policy = resolveTrustedPolicyFiles(cwd, env);
  if (policy.pending) {
    const { path, deleted } = policy.pending;
    checks.push({
      status: "error",
      message: `the project policy ${path} was ${deleted ? "deleted" : "edited"} since you trusted it (its sha256 no longer matches the trust store): hookit keeps enforcing the version you trusted, and the ${deleted ? "deletion" : "edit"} does not take effect`,
      fix: deleted
        ? `restore it, or: hookit trust --revoke ${dirname(dirname(path))}`
        : `review the change, then: hookit trust ${dirname(dirname(path))} (it shows the diff)`,
    });
  }
  if (policy.untrusted) {
    const edited = Object.hasOwn(readTrust(env), policy.untrusted);
    const revoked = edited ? undefined : revokedAt(policy.untrusted, env);
    checks.push({
      status: "error",
      message: edited
        ? `the project policy ${policy.untrusted} was edited since you trusted it (its sha256 no longer matches the trust store), so its hooks do not run`
        : revoked
          ? `the project policy ${policy.untrusted} is not trusted: its trust was revoked (hookit trust --revoke, ${revoked}), so its hooks do not run`
          : `the project policy ${policy.untrusted} has never been trusted, so its hooks do not run`,
      fix: `review it (hookit validate), then${revoked ? ", to let it run again" : ""}: hookit trust ${dirname(dirname(policy.untrusted))}`,
    });
  }
  const named = policy.files.find((file) => !file.locked && file.storage === "global");
  if (env.HOOKIT_CONFIG && named && named.text === undefined) {
    checks.push({
      status: "error",
      message: `HOOKIT_CONFIG names ${named.path}, which does not exist: hookit blocks every tool call while it is missing`,
      fix: "create that file, or unset HOOKIT_CONFIG",
    });
  }
  if (policy.problem !== undefined)
    checks.push({ status: "error", message: policy.problem.replace(/^hookit: /, ""), fix: "hookit source update" });
  const present = policy.files.filter((f) => f.text !== undefined);
  if (present.length === 0) {
    // An untrusted project file is there (reported above, with the trust step): init would not help.
    if (!policy.untrusted)
      checks.push({ status: "warn", message: "no policy file found, so hookit has nothing to enforce", fix: "hookit init" });
    return new Set();
  }
  const catalog = loadCatalog(policy.files);
  if (!catalog.ok) {
    for (const d of catalog.diagnostics)
      checks.push({
        status: "error",
        message: `policy invalid: ${d.file ?? d.storage}: ${d.message}`,
        fix: "fix the file; hookit validate shows every problem",
      });
    return new Set();
  }
  const hooks = enabledHookSet(catalog.entries);
  checks.push({
    status: "ok",
    message: `policy valid: ${present.map((f) => f.path).join(" + ")} (${hooks.length} enabled hook${hooks.length === 1 ? "" : "s"})`,
  });
  const used = new Set<string>(hooks.map((h) => h.event));
  // Features beyond events whose support differs per agent (the capability rows of the same names).
  if (hooks.some((h) => h.action?.type === "message")) used.add("messages");
  if (hooks.some((h) => h.ask === true)) used.add("ask");
  return used;
}

/** Returns whether hookit is installed for this agent in this scope. */
function agentScopeChecks(
  agent: AgentId,
  adapter: Adapter | undefined,
  scope: Scope,
  projectDir: string,
  env: Env,
  checks: Check[],
): boolean {
  const path = targetPath(agent, scope, env);
  const base = { agent, scope: scope.kind } as const;
  if (!existsSync(path)) return false;
  let strings: string[];
  let text: string;
  try {
    text = readFileSync(path, "utf8");
    strings = TARGETS[agent].commands?.(text) ?? collectStrings(parseJsonc(text, [], { allowTrailingComma: true }));
  } catch (error) {
    checks.push({ ...base, status: "error", message: `${path} cannot be read: ${(error as Error).message}` });
    return false;
  }
  const target = TARGETS[agent];
  const own = target.inProcess && ROOT ? join(ROOT, "dist", target.inProcess.distFile) : undefined;
  const entry = target.inProcess?.entry(strings, own);
  const ours = target.inProcess ? entry !== undefined : strings.some((s) => isHookitCommand(s, agent));
  const layers = { projectDir, env, systemRoot: scope.kind === "system" ? scope.root : systemRoot(env).root };
  if (ours)
    for (const problem of agentFileProblems(agent, scope.kind, path, text, layers)) checks.push({ ...base, status: "error", ...problem });
  if (target.inProcess) {
    if (entry === undefined) return false;
    const { module, staleEffect } = target.inProcess;
    if (!existsSync(entry))
      checks.push({
        ...base,
        status: "error",
        message: `${target.title} loads hookit from ${entry}, which does not exist (stale entry)${staleEffect ? `; ${staleEffect}` : ""}`,
        fix: `hookit install --agent ${agent} --${scope.kind}`,
      });
    else checks.push({ ...base, status: "ok", message: `${target.title} loads hookit's ${module} (${path})` });
    return true;
  }
  const commands = strings.filter((s) => isHookitCommand(s, agent));
  if (commands.length === 0) return false;
  const hookAgent = agent as HookAgentId;
  const missing = adapter!.registrations.filter((r) => !commands.some((c) => hookEventOf(c) === r.native));
  if (missing.length > 0) {
    checks.push({
      ...base,
      status: "error",
      message: `${TARGETS[agent].title}: ${missing.map((r) => r.native).join(", ")} not registered in ${path}`,
      fix: `hookit install --agent ${agent} --${scope.kind}`,
    });
  }
  const preTool = commands.find((c) => hookEventOf(c) === probeEventName(hookAgent));
  if (preTool) {
    const probe = probeCommand(hookAgent, preTool, projectDir, env as NodeJS.ProcessEnv);
    checks.push(
      probe.ok
        ? { ...base, status: "ok", message: `${TARGETS[agent].title}: installed in ${path}; the hook command runs and ${probe.detail}` }
        : {
            ...base,
            status: "error",
            message: `${TARGETS[agent].title}: the installed hook command fails (${probe.detail}); the agent is not guarded`,
            fix: probe.fix ?? `hookit install --agent ${agent} --${scope.kind} (re-writes the command for this hookit)`,
          },
    );
  }
  return true;
}

function gapChecks(
  agent: AgentId,
  adapter: { title: string; capabilities: readonly CapabilityRow[] },
  events: Set<string>,
  checks: Check[],
): void {
  for (const event of events) {
    const row = adapter.capabilities.find((r) => r.feature === event);
    if (!row || row.support === "native") continue;
    checks.push({
      agent,
      status: row.support === "impossible" ? "warn" : "info",
      message: `${event} hooks on ${adapter.title}: ${row.support} — ${row.notes}`,
    });
  }
}

function collectStrings(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) for (const v of value) collectStrings(v, out);
  else if (value && typeof value === "object") for (const v of Object.values(value)) collectStrings(v, out);
  return out;
}
