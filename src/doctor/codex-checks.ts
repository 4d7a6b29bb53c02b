// Codex skips hooks it does not trust, and reads a project's hooks.json only in a
// trusted project, all without a word: doctor asks the real Codex (codex-hooks.ts)
// which of hookit's hooks it will run, instead of repeating the advice.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse as parseToml } from "smol-toml";
import { isRecord } from "../base/is-record.ts";
import type { Env } from "../base/paths.ts";
import { codexHome } from "../agents/codex/install.ts";
import { targetPath, TARGETS } from "../installer/index.ts";
import { RESTART_STEP } from "../install/common.ts";
import { isHookitCommand } from "../install/marker.ts";
import type { Scope } from "../install/types.ts";
import type { Check } from "./index.ts";
import { findCodex, listCodexHooks } from "./codex-hooks.ts";

export async function codexChecks(scopes: string[], projectDir: string, env: Env, checks: Check[], advice: Set<string>): Promise<void> {
  // The user already trusted the project in Codex's config: stop telling them to.
  if (scopes.includes("project") && codexTrustsProject(env, projectDir)) {
    for (const step of [...advice]) if (step.includes(`[projects."${projectDir}"] trust_level`)) advice.delete(step);
  }
  const codex = findCodex(env);
  if (!codex) return; // not on PATH: the install advice (trust in /hooks) stands
  const list = await listCodexHooks(codex, projectDir, env);
  if (!list.ok) {
    checks.push({
      agent: "codex",
      status: "warn",
      message: `could not ask Codex which hooks it trusts: ${list.detail}`,
      fix: "open Codex, run /hooks and check hookit's hooks are trusted",
    });
    return;
  }
  for (const kind of scopes) {
    const scope: Scope = kind === "project" ? { kind: "project", dir: projectDir } : { kind: "global" };
    const file = targetPath("codex", scope, env);
    const base = { agent: "codex" as const, scope: scope.kind };
    // The real state is known now: the generic advice about trust no longer applies.
    for (const step of TARGETS.codex.nextSteps(scope, env)) if (step !== RESTART_STEP) advice.delete(step);
    for (const error of list.errors.filter((e) => e.path === file)) {
      checks.push({
        ...base,
        status: "error",
        message: `Codex cannot load ${file}: ${error.message}: hookit would not be enforced`,
        fix: `fix ${file}, or re-write it: hookit install --agent codex --${scope.kind}`,
      });
    }
    const ours = list.hooks.filter((h) => h.sourcePath === file && isHookitCommand(h.command, "codex"));
    if (ours.length === 0) {
      checks.push({
        ...base,
        status: "error",
        message: `Codex does not load hookit's hooks from ${file}${scope.kind === "project" ? " (Codex reads a project's hooks only once the project is trusted)" : ""}: hookit would not be enforced`,
        fix:
          scope.kind === "project"
            ? `open Codex in ${projectDir} and trust the project, then run /hooks and trust hookit's hooks`
            : `hookit install --agent codex --global`,
      });
      continue;
    }
    const off = ours.filter((h) => !h.enabled);
    const untrusted = ours.filter((h) => h.trustStatus !== "trusted" && h.trustStatus !== "managed");
    if (off.length > 0) {
      checks.push({
        ...base,
        status: "error",
        message: `Codex has ${off.length} of hookit's hooks from ${file} switched off: hookit would not be enforced`,
        fix: "open Codex, run /hooks and enable hookit's hooks",
      });
    }
    if (untrusted.length > 0) {
      const states = [...new Set(untrusted.map((h) => h.trustStatus))].join("/");
      checks.push({
        ...base,
        status: "error",
        message: `Codex skips ${untrusted.length} of hookit's ${ours.length} hooks from ${file} (${states}): hookit would not be enforced`,
        fix: "open Codex, run /hooks and trust hookit's hooks (trust again after an install that changed them)",
      });
    }
    if (off.length === 0 && untrusted.length === 0) {
      checks.push({
        ...base,
        status: "ok",
        message: `Codex loads and trusts hookit's ${ours.length} hooks from ${file} (asked codex app-server)`,
      });
    }
  }
}

/** `projects."<dir>".trust_level = "trusted"` in Codex's config.toml, however the TOML spells it. */
export function codexTrustsProject(env: Env, dir: string): boolean {
  let config: Record<string, unknown>;
  try {
    config = parseToml(readFileSync(join(codexHome(env), "config.toml"), "utf8"));
  } catch {
    return false; // no file, or one Codex cannot read either
  }
  const projects = config.projects;
  const project = isRecord(projects) ? projects[dir] : undefined;
  return isRecord(project) && project.trust_level === "trusted";
}
