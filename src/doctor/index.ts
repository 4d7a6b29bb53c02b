// `hookit doctor`: is hookit really guarding each agent? For every agent and
// scope: installed or not, every registration present, the installed command
// runs and answers (probe.ts), duplicates, stale entries, the policy valid and
// trusted, and the gaps between this policy and what this agent can express.
import { existsSync, readFileSync } from "node:fs";
import { parse as parseJsonc } from "jsonc-parser";
import { AGENT_IDS, isInProcessAgent, loadAdapter, type AgentId, type HookAgentId } from "../adapters/registry.ts";
import { OPENCODE_CAPABILITIES } from "../adapters/opencode/capabilities.ts";
import type { Adapter, CapabilityRow } from "../adapters/types.ts";
import { loadCatalog } from "../engine/catalog.ts";
import { enabledHookSet } from "../engine/enabled.ts";
import type { Env } from "../paths.ts";
import { resolvePolicyFiles } from "../run/policy.ts";
import { isTrusted } from "../run/trust.ts";
import { targetPath, TARGETS } from "../install/index.ts";
import { findProjectDir } from "../install/_locate.ts";
import { hookEventOf, isHookitCommand, isHookitPiExtension } from "../install/_marker.ts";
import { isHookitOpencodePlugin } from "../install/opencode.ts";
import type { Scope } from "../install/_types.ts";
import { probeCommand, probeEventName } from "./probe.ts";
import { versionChecks } from "./versions.ts";

export type Status = "ok" | "warn" | "error" | "info";

export interface Check {
  agent?: AgentId;
  scope?: "project" | "global";
  status: Status;
  message: string;
  /** What to do about it. */
  fix?: string;
}

export interface DoctorReport {
  ok: boolean;
  checks: Check[];
}

export async function runDoctor(cwd: string, env: Env): Promise<DoctorReport> {
  const checks: Check[] = [];
  const projectDir = findProjectDir(cwd);
  const enabledEvents = policyChecks(cwd, env, checks);
  const installedIn = new Map<AgentId, string[]>();
  for (const agent of AGENT_IDS) {
    const adapter = isInProcessAgent(agent) ? undefined : await loadAdapter(agent);
    for (const scope of [{ kind: "project", dir: projectDir }, { kind: "global" }] as Scope[]) {
      const scopes = agentScopeChecks(agent, adapter, scope, projectDir, env, checks);
      if (scopes) installedIn.set(agent, [...(installedIn.get(agent) ?? []), scope.kind]);
    }
    const scopes = installedIn.get(agent) ?? [];
    // OpenCode loads a plugin path once, however many of its config files list it.
    if (scopes.length > 1 && agent !== "opencode") {
      checks.push({ agent, status: "warn", message: `installed in both the project and the global scope: every hook fires twice`, fix: `hookit uninstall --agent ${agent} --global (or --project)` });
    }
    // OpenCode has no adapter object, but its plugin has gaps worth naming too.
    const table = adapter ?? (agent === "opencode" ? { title: "OpenCode", capabilities: OPENCODE_CAPABILITIES } : undefined);
    if (table && scopes.length > 0) gapChecks(agent, table, enabledEvents, checks);
  }
  if (installedIn.get("cursor")?.includes("project") && installedIn.get("claude")?.includes("project")) {
    checks.push({ agent: "cursor", status: "warn", message: "Cursor also runs the project's Claude Code hooks, so hookit decides twice in Cursor", fix: "keep one of them in this repository, or accept the double evaluation" });
  }
  checks.push(...versionChecks([...installedIn.keys()], env));
  if (installedIn.size === 0) checks.push({ status: "warn", message: "hookit is not installed into any agent", fix: "hookit install --agent all" });
  return { ok: !checks.some((c) => c.status === "error"), checks };
}

function policyChecks(cwd: string, env: Env, checks: Check[]): Set<string> {
  const policy = resolvePolicyFiles(cwd, env, (path, text) => isTrusted(path, text, env));
  if (policy.untrusted) {
    checks.push({ status: "error", message: `the project policy ${policy.untrusted} is not trusted (new or edited since \`hookit trust\`), so it does not run`, fix: `review it, then: hookit trust ${policy.projectDir}` });
  }
  const present = policy.files.filter((f) => f.text !== undefined);
  if (present.length === 0) {
    checks.push({ status: "warn", message: "no policy file found, so hookit has nothing to enforce", fix: "hookit init" });
    return new Set();
  }
  const catalog = loadCatalog(policy.files);
  if (!catalog.ok) {
    for (const d of catalog.diagnostics) checks.push({ status: "error", message: `policy invalid: ${d.file ?? d.storage}: ${d.message}`, fix: "fix the file; hookit validate shows every problem" });
    return new Set();
  }
  const hooks = enabledHookSet(catalog.entries);
  checks.push({ status: "ok", message: `policy valid: ${present.map((f) => f.path).join(" + ")} (${hooks.length} enabled hook${hooks.length === 1 ? "" : "s"})` });
  return new Set(hooks.map((h) => h.event));
}

/** Returns whether hookit is installed for this agent in this scope. */
function agentScopeChecks(agent: AgentId, adapter: Adapter | undefined, scope: Scope, projectDir: string, env: Env, checks: Check[]): boolean {
  const path = targetPath(agent, scope, env);
  const base = { agent, scope: scope.kind } as const;
  if (!existsSync(path)) return false;
  let strings: string[];
  try {
    const text = readFileSync(path, "utf8");
    strings = TARGETS[agent].commands?.(text) ?? collectStrings(parseJsonc(text, [], { allowTrailingComma: true }));
  } catch (error) {
    checks.push({ ...base, status: "error", message: `${path} cannot be read: ${(error as Error).message}` });
    return false;
  }
  if (agent === "pi") {
    const entry = strings.find((s) => isHookitPiExtension(s));
    if (!entry) return false;
    if (!existsSync(entry)) checks.push({ ...base, status: "error", message: `Pi loads hookit from ${entry}, which does not exist (stale entry)`, fix: `hookit install --agent pi --${scope.kind}` });
    else checks.push({ ...base, status: "ok", message: `Pi loads hookit's extension (${path})` });
    return true;
  }
  if (agent === "opencode") {
    const entry = strings.find((s) => isHookitOpencodePlugin(s));
    if (!entry) return false;
    const file = entry.replace(/^file:\/\//, "");
    if (!existsSync(file)) checks.push({ ...base, status: "error", message: `OpenCode loads hookit from ${file}, which does not exist (stale entry); OpenCode then runs unguarded`, fix: `hookit install --agent opencode --${scope.kind}` });
    else checks.push({ ...base, status: "ok", message: `OpenCode loads hookit's plugin (${path})` });
    return true;
  }
  const commands = strings.filter((s) => isHookitCommand(s, agent));
  if (commands.length === 0) return false;
  const hookAgent = agent as HookAgentId;
  const missing = adapter!.registrations.filter((r) => !commands.some((c) => hookEventOf(c) === r.native));
  if (missing.length > 0) {
    checks.push({ ...base, status: "error", message: `${TARGETS[agent].title}: ${missing.map((r) => r.native).join(", ")} not registered in ${path}`, fix: `hookit install --agent ${agent} --${scope.kind}` });
  }
  const preTool = commands.find((c) => hookEventOf(c) === probeEventName(hookAgent));
  if (preTool) {
    const probe = probeCommand(hookAgent, preTool, projectDir, env as NodeJS.ProcessEnv);
    checks.push(probe.ok
      ? { ...base, status: "ok", message: `${TARGETS[agent].title}: installed in ${path}; the hook command runs and ${probe.detail}` }
      : { ...base, status: "error", message: `${TARGETS[agent].title}: the installed hook command fails (${probe.detail}); the agent is not guarded`, fix: `hookit install --agent ${agent} --${scope.kind} (re-writes the command for this hookit)` });
  }
  for (const step of TARGETS[agent].nextSteps(scope, env)) checks.push({ ...base, status: "info", message: step });
  return true;
}

function gapChecks(agent: AgentId, adapter: { title: string; capabilities: readonly CapabilityRow[] }, events: Set<string>, checks: Check[]): void {
  for (const event of events) {
    const row = adapter.capabilities.find((r) => r.feature === event);
    if (!row || row.support === "native") continue;
    checks.push({ agent, status: row.support === "impossible" ? "warn" : "info", message: `${event} hooks on ${adapter.title}: ${row.support} — ${row.notes}` });
  }
}

function collectStrings(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) for (const v of value) collectStrings(v, out);
  else if (value && typeof value === "object") for (const v of Object.values(value)) collectStrings(v, out);
  return out;
}
