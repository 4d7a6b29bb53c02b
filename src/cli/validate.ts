import { defineCommand } from "citty";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve, sep } from "node:path";
import { loadCatalog, type StorageFile } from "../engine/catalog.ts";
import type { CatalogEntry } from "../engine/types.ts";
import { HOOK_TIMEOUT_SECONDS } from "../install/common.ts";
import { globalPolicyPath, PROJECT_POLICY } from "../base/paths.ts";
import { workTreeRoot } from "../policy/policy.ts";
import { isTrusted, trustReader } from "../policy/trust.ts";
import { logger } from "./_output.ts";
import { formatDiagnostic } from "./_policy.ts";
import { policyDetails } from "./_policy-detail.ts";

export default defineCommand({
  meta: { name: "validate", description: "Validate every policy file hookit can find, trusted or not (or one FILE)" },
  args: {
    file: { type: "positional", required: false, description: "A policy file to validate on its own" },
  },
  run({ args }) {
    const files = args.file ? [one(args.file)] : policyFiles(process.cwd(), process.env);
    if (files.length === 0) {
      logger.info(
        `no policy file found (looked for ${globalPolicyPath()} and ${PROJECT_POLICY} up to the repository root); create one with \`hookit init\``,
      );
      return;
    }
    const missing = files.filter((f) => f.text === undefined);
    for (const f of missing) logger.error(`${f.path}: no such file`);
    const invalid = new Map<string, { file: StorageFile | undefined; hookit: string[]; detail: string[] }>();
    const valid: { file: StorageFile; entries: readonly CatalogEntry[] }[] = [];
    const global = files.find((f) => f.storage === "global" && f.text !== undefined);
    // Each project file is checked together with the global one, as hookit loads them.
    for (const file of files.filter((f) => f.text !== undefined)) {
      const set = file.storage === "project" && global ? [global, file] : [file];
      const catalog = loadCatalog(set);
      if (catalog.ok) {
        // Counted per file: the file's own entries, not the global ones it was loaded with.
        const own = set.length === 1 ? catalog : loadCatalog([file]);
        valid.push({ file, entries: own.ok ? own.entries : [] });
        continue;
      }
      for (const d of catalog.diagnostics) {
        const source = set.find((f) => f.path === d.file);
        const key = source?.path ?? d.file ?? d.storage ?? "the policy";
        const group = invalid.get(key) ?? { file: source, hookit: [], detail: [] };
        invalid.set(key, group);
        const first = formatDiagnostic(d);
        if (group.hookit.includes(first)) continue;
        group.hookit.push(first);
        // hookit's detail lists every problem of the file (HooKit's message names only the first): read once per file.
        if (group.hookit.length === 1 && source?.text !== undefined && source.path) group.detail = policyDetails(source.path, source.text);
      }
    }
    // The count is the bullets listed: hookit's detail lines when it has them (under HooKit's own message), else HooKit's.
    for (const [path, group] of invalid) {
      const bullets = group.detail.length > 0 ? group.detail : group.hookit;
      const intro = group.detail.length > 0 ? group.hookit.map((line) => `  HooKit: ${line}`) : [];
      const n = bullets.length;
      logger.error(`hookit: ${n} problem${n === 1 ? "" : "s"} in ${path}:`);
      process.stderr.write([...intro, ...bullets.map((line) => `  • ${line}`), `  So: ${consequence(group.file)}.`].join("\n") + "\n");
    }
    for (const { file, entries } of valid) report(file, entries);
    if (invalid.size > 0 || missing.length > 0) process.exitCode = 1;
  },
});

/** What an invalid file means for the hooks that run now: the truth differs by where it is and its trust. */
function consequence(file: StorageFile | undefined): string {
  const stop = "until it is fixed, no hook of the policy runs and hookit blocks tool calls (it fails closed)";
  if (!file?.path || file.text === undefined || file.storage !== "project") return stop;
  const project = projectDirOf(file.path);
  if (project === undefined) return `hookit does not load it from here (a project's policy is <project>/${PROJECT_POLICY})`;
  const trust = trustReader();
  if (trust.trusted(file.path, file.text)) return stop;
  if (trust.lastTrusted(file.path) !== undefined)
    return `hookit keeps enforcing the version you trusted; this edit runs once it is fixed and you run hookit trust ${project}`;
  return `it is not trusted, so it does not run; fix it, review it, then: hookit trust ${project}`;
}

/** The project a policy file belongs to: the folder holding `.hookit/hookit.json`, or undefined for a file elsewhere. */
function projectDirOf(path: string): string | undefined {
  return path.endsWith(`${sep}${PROJECT_POLICY}`) ? dirname(dirname(path)) : undefined;
}

function report(file: StorageFile, entries: readonly CatalogEntry[]): void {
  const hooks = entries.filter((e) => e.kind === "hook");
  const presets = entries.length - hooks.length;
  const enabled = entries.filter((e) => e.default).length;
  const project = file.path ? projectDirOf(file.path) : undefined;
  const trust =
    file.storage !== "project" || !file.path || file.text === undefined
      ? ""
      : project === undefined
        ? ` (hookit does not load it from here: a project's policy is <project>/${PROJECT_POLICY}; put it there, then hookit trust <project>)`
        : !isTrusted(file.path, file.text)
          ? ` (not trusted, so it does not run yet: review it, then hookit trust ${project})`
          : "";
  logger.success(
    `${file.path}: valid: ${hooks.length} hook${hooks.length === 1 ? "" : "s"}, ${presets} preset${presets === 1 ? "" : "s"}, ${enabled} enabled by default${trust}`,
  );
  const limit = HOOK_TIMEOUT_SECONDS * 1000;
  for (const hook of hooks) {
    if (hook.kind === "hook" && hook.timeout !== undefined && hook.timeout >= limit) {
      logger.warn(
        `${file.path}: ${hook.ref}: "timeout": ${hook.timeout} ms is not shorter than the ${HOOK_TIMEOUT_SECONDS} s the agents give hookit's hooks (as \`hookit install\` wrote them): the agent stops hookit first, so this hook never finishes. Keep it under ${limit} ms.`,
      );
    }
  }
}

function one(path: string): StorageFile {
  const absolute = resolve(path);
  // The global policy named by its path is still the global one (no trust, and it fails closed when invalid).
  const env = process.env;
  const isGlobal = absolute === globalPolicyPath(env) || (env.HOOKIT_CONFIG !== undefined && absolute === resolve(env.HOOKIT_CONFIG));
  return {
    storage: isGlobal ? "global" : "project",
    path: absolute,
    text: existsSync(absolute) ? readFileSync(absolute, "utf8") : undefined,
  };
}

/** HOOKIT_CONFIG alone when set; else the global policy and every project policy up to the work tree's root. */
function policyFiles(cwd: string, env: NodeJS.ProcessEnv): StorageFile[] {
  if (env.HOOKIT_CONFIG) {
    const path = resolve(cwd, env.HOOKIT_CONFIG);
    return [{ storage: "global", path, text: existsSync(path) ? readFileSync(path, "utf8") : undefined }];
  }
  const files: StorageFile[] = [];
  const global = globalPolicyPath(env);
  if (existsSync(global)) files.push({ storage: "global", path: global, text: readFileSync(global, "utf8") });
  const stop = workTreeRoot(cwd);
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    const path = join(dir, PROJECT_POLICY);
    if (existsSync(path)) files.push({ storage: "project", path, text: readFileSync(path, "utf8") });
    if (dir === stop || dirname(dir) === dir) break;
  }
  return files;
}
