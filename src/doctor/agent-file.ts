// Reading an agent's config file the way that agent does, and finding what in it
// (or in the files the agent merges with it) would keep hookit from running:
// a syntax the agent rejects, hooks switched off, HOOKIT=0 or HOOKIT_CONFIG in the
// environment the agent gives its hooks.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { parse as parseJsonc } from "jsonc-parser";
import type { AgentId } from "../agents/registry.ts";
import { TARGETS } from "../installer/index.ts";
import { describeSyntaxProblem, syntaxProblem } from "../install/syntax.ts";
import { isRecord } from "../base/is-record.ts";
import { effectiveProblems, hasSettingsLayers, type LayerContext } from "./effective.ts";

export interface FileProblem {
  message: string;
  fix: string;
}

/**
 * Problems that mean the agent does not run hookit from `path` as written: the file's own syntax,
 * and what any settings file the agent merges with it says (effective.ts, where the agent's layers
 * are data; otherwise the file and its overlays).
 */
export function agentFileProblems(
  agent: AgentId,
  scope: "project" | "global" | "system",
  path: string,
  text: string,
  ctx: LayerContext,
): FileProblem[] {
  const target = TARGETS[agent];
  const problems: FileProblem[] = [];
  const syntax = target.syntax ?? "jsonc";
  const bad = syntaxProblem(text, syntax);
  if (bad) {
    problems.push({
      message: `${describeSyntaxProblem(path, target.title, syntax, bad)}: hookit would not be enforced`,
      fix: `remove ${bad.what.startsWith("a ") ? `the ${bad.what.slice(2)}` : "the JSON error"} at line ${bad.line}, column ${bad.column}`,
    });
  }
  if (hasSettingsLayers(agent)) return [...problems, ...effectiveProblems(agent, scope, ctx)];
  for (const warning of safely(() => target.warnings?.(text) ?? [])) {
    problems.push({ message: `${path}: ${warning} hookit would not be enforced`, fix: `remove that setting from ${path}` });
  }
  for (const [file, fileText] of mergedFiles(agent, scope, path, text)) {
    problems.push(...envProblems(target.title, file, fileText));
    if (file !== path)
      for (const warning of safely(() => target.warnings?.(fileText) ?? [])) {
        problems.push({ message: `${file}: ${warning} hookit would not be enforced`, fix: `remove that setting from ${file}` });
      }
  }
  return problems;
}

/** The installed file plus the files the agent layers over it (its target's projectOverlays). */
function mergedFiles(agent: AgentId, scope: "project" | "global" | "system", path: string, text: string): [string, string][] {
  const files: [string, string][] = [[path, text]];
  for (const name of scope === "project" ? (TARGETS[agent].projectOverlays ?? []) : []) {
    const overlay = join(dirname(path), name);
    if (existsSync(overlay)) {
      const overlayText = safely(() => readFileSync(overlay, "utf8"));
      if (typeof overlayText === "string") files.push([overlay, overlayText]);
    }
  }
  return files;
}

// Claude Code copies settings `env` into its own environment and so into every hook's:
// HOOKIT=0 there turns hookit off; HOOKIT_CONFIG swaps the policy for another file.
function envProblems(title: string, file: string, text: string): FileProblem[] {
  if (!file.includes(".claude")) return [];
  const settings = safely(() => parseJsonc(text, [], { allowTrailingComma: true }) as unknown);
  const env = isRecord(settings) && isRecord(settings.env) ? settings.env : {};
  const problems: FileProblem[] = [];
  if (Object.hasOwn(env, "HOOKIT") && String(env.HOOKIT) === "0") {
    problems.push({
      message: `${file}: "env" sets HOOKIT=0, so ${title} runs every hookit hook switched off: hookit would not be enforced`,
      fix: `remove "HOOKIT" from "env" in ${file}`,
    });
  }
  if (Object.hasOwn(env, "HOOKIT_CONFIG")) {
    problems.push({
      message: `${file}: "env" sets HOOKIT_CONFIG=${String(env.HOOKIT_CONFIG)}, so ${title}'s hooks use that file instead of your policies`,
      fix: `remove "HOOKIT_CONFIG" from "env" in ${file} (set it in your own shell if you meant it)`,
    });
  }
  return problems;
}

function safely<T>(read: () => T): T | [] {
  try {
    return read();
  } catch {
    return [];
  }
}
