// hookit as Gemini CLI's extension (`gemini extensions link <package>/dist/gemini-extension`), as
// Gemini CLI records it, for `hookit doctor`. Checked on 0.61.0 (test/fixtures/gemini/extension/):
// - ~/.gemini/extensions/<name>/.gemini-extension-install.json: {"source": <folder>, "type": "link"};
//   Gemini loads a linked extension from `source`, any other from the record's own folder.
// - ~/.gemini/extensions/extension-enablement.json: {"<name>": {"overrides": [rule, …]}}, a rule
//   being `[!]<folder>/*` (`!` disables, a trailing `*` takes the subfolders). The last rule that
//   matches the folder Gemini runs in wins; none matching means enabled. `gemini extensions
//   disable <name>` writes `!<HOME>/*` (scope User), `--scope workspace` `!<folder>/*`.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { findPackageRoot, homeDir } from "../../install/locate.ts";
import type { AddOnState, FileAddOn } from "../../install/types.ts";
import { isRecord } from "../../base/is-record.ts";
import type { Env } from "../../base/paths.ts";
import { parseDotenv } from "./dotenv.ts";
import { EXTENSION_VARIABLES } from "../../protect/startup.ts";

/** The extension's name (gemini-extension.json), which is also its folder under ~/.gemini/extensions. */
const GEMINI_EXTENSION_NAME = "hookit";
/** Where `npm run build` writes the extension, under the package root (scripts/agent-plugins.mjs). */
const BUILT_EXTENSION = join("dist", "gemini-extension");

const extensionsDir = (env: Env) => join(homeDir(env), ".gemini", "extensions");

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as unknown;
  } catch {
    return undefined;
  }
}

/** Gemini's folder matching: `/` on both ends of the folder, a rule's `*` standing for `(/anything)?`. */
function ruleMatches(rule: string, folder: string): boolean {
  const base = rule.startsWith("!") ? rule.slice(1) : rule;
  const pattern = base.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/(\/?)\*/g, "($1.*)?");
  const path = `${folder.startsWith("/") ? "" : "/"}${folder}${folder.endsWith("/") ? "" : "/"}`;
  return new RegExp(`^${pattern}$`).test(path);
}

/** The rule that decides the extension for `folder` (the last that matches), if any. */
function decidingRule(rules: readonly string[], folder: string): string | undefined {
  return rules.findLast((rule) => ruleMatches(rule, folder));
}

/** The `overrides` list of the extension; Gemini treats a file it cannot read as no rules. */
function overrides(file: string): string[] {
  const config = readJson(file);
  const entry = isRecord(config) ? config[GEMINI_EXTENSION_NAME] : undefined;
  const rules = isRecord(entry) ? entry.overrides : undefined;
  return Array.isArray(rules) && rules.every((r) => typeof r === "string") ? rules : [];
}

/**
 * The folder Gemini loads hookit's extension from, and whether it still holds this extension and
 * the hookit its hooks run. `gemini extensions install <folder>` copies the extension (record type
 * "local", 0.61.0) into the record's folder, away from the hookit beside it.
 */
function loadedFolder(recordDir: string): { folder: string; holdsHookit: boolean; copiedFrom?: string } {
  const record = readJson(join(recordDir, ".gemini-extension-install.json"));
  const linked = isRecord(record) && record.type === "link" && typeof record.source === "string";
  const folder = linked ? (record.source as string) : recordDir;
  const copiedFrom = !linked && isRecord(record) && typeof record.source === "string" ? record.source : undefined;
  const manifest = readJson(join(folder, "gemini-extension.json"));
  const named = isRecord(manifest) && manifest.name === GEMINI_EXTENSION_NAME;
  // The hooks run `node "${extensionPath}/../bin.cjs"`: the extension lives inside hookit's dist/.
  const holdsHookit = named && existsSync(join(folder, "hooks", "hooks.json")) && existsSync(join(folder, "..", "bin.cjs"));
  return { folder, holdsHookit, ...(copiedFrom !== undefined && { copiedFrom }) };
}

/**
 * The extension's settings files (0.61.0, `experimental.extensionConfig`, on by default): the
 * folder's own `.env` (scope workspace, in a trusted folder) and the one in the extension's
 * record folder (scope user). Each of their variables is filled into `${…}` in the extension's
 * hooks after Gemini's own, so an `extensionPath` there renames the folder the hooks run from
 * (test/e2e/gemini-extension.e2e.test.ts).
 */
function renamingEnvFile(projectDir: string, recordDir: string): { file: string; name: string } | undefined {
  for (const file of [join(projectDir, ".env"), join(recordDir, ".env")]) {
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch {
      continue;
    }
    const parsed = parseDotenv(text);
    const name = EXTENSION_VARIABLES.find((n) => Object.hasOwn(parsed, n));
    if (name) return { file, name };
  }
  return undefined;
}

function readStates({ projectDir, env }: { projectDir: string; env: Env }): AddOnState[] {
  const recordDir = join(extensionsDir(env), GEMINI_EXTENSION_NAME);
  if (!existsSync(recordDir)) return [];
  const id = GEMINI_EXTENSION_NAME;
  const { folder, holdsHookit, copiedFrom } = loadedFolder(recordDir);
  if (!holdsHookit) {
    const root = findPackageRoot();
    const link = `gemini extensions link --consent ${root ? join(root, BUILT_EXTENSION) : (copiedFrom ?? `<hookit's package>/${BUILT_EXTENSION}`)}`;
    const why =
      copiedFrom !== undefined
        ? `was copied into ${folder} (gemini extensions install ${copiedFrom}), where its hooks find no hookit (../bin.cjs): Gemini CLI blocks every tool call`
        : `is linked to ${folder}, which no longer holds hookit's extension (gemini-extension.json named "${id}", hooks/hooks.json, and ../bin.cjs beside it)`;
    return [{ id, loaded: false, why, fix: `gemini extensions uninstall ${id}, then ${link} (a link, not a copy)` }];
  }
  const renamed = renamingEnvFile(projectDir, recordDir);
  if (renamed) {
    return [
      {
        id,
        loaded: false,
        why: `has its hook command rewritten: ${renamed.file} sets ${renamed.name}, which Gemini CLI (0.61.0) fills into \`\${${renamed.name}}\` in place of the extension's own value, so the program named there runs as hookit's hooks`,
        fix: `remove ${renamed.name} from ${renamed.file}; in a repository you did not write, prefer \`hookit install --agent gemini\` (its hooks name hookit by absolute path)`,
      },
    ];
  }
  const file = join(extensionsDir(env), "extension-enablement.json");
  const rules = overrides(file);
  const home = homeDir(env);
  const here = decidingRule(rules, projectDir);
  if (here?.startsWith("!")) {
    // `enable` at scope User drops the rules below HOME; a folder elsewhere needs its own.
    const userRule = ruleMatches(here, home);
    return [
      {
        id,
        loaded: false,
        why: `is disabled for ${projectDir} by the rule "${here}" in ${file}`,
        fix: userRule ? `gemini extensions enable ${id}` : `gemini extensions enable --scope workspace ${id} (run in ${projectDir})`,
      },
    ];
  }
  const atHome = decidingRule(rules, home);
  const from = `linked from ${folder}; ${here ? `enabled here by "${here}" in ${file}` : "no rule disables it here"}`;
  return [
    {
      id,
      loaded: true,
      from,
      ...(atHome?.startsWith("!") && {
        warning: {
          message: `Gemini CLI's extension ${id} is disabled for your user by the rule "${atHome}" in ${file}: it runs here, but not in the other folders under ${home}`,
          fix: `gemini extensions enable ${id}`,
        },
      }),
    },
  ];
}

export const geminiExtension: FileAddOn = { kind: "extension", read: readStates };
