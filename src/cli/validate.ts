import { defineCommand } from "citty";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { loadCatalog, type StorageFile } from "../engine/catalog.ts";
import type { CatalogEntry } from "../engine/types.ts";
import { HOOK_TIMEOUT_SECONDS } from "../install/common.ts";
import { globalPolicyPath, PROJECT_POLICY } from "../paths.ts";
import { workTreeRoot } from "../policy/policy.ts";
import { isTrusted } from "../policy/trust.ts";
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
    const problems: string[] = [];
    let count = 0;
    const seen = new Set<string>();
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
        const first = formatDiagnostic(d);
        if (seen.has(first)) continue;
        seen.add(first);
        const source = set.find((f) => f.path === d.file);
        const detail = source?.text !== undefined && source.path ? policyDetails(source.path, source.text) : [];
        count += Math.max(1, detail.length);
        problems.push([`  • ${first}`, ...detail.map((line) => `      ${line}`)].join("\n"));
      }
    }
    if (problems.length > 0) {
      const n = count;
      logger.error(`hookit: ${n} problem${n === 1 ? "" : "s"} found; no hook runs until ${n === 1 ? "it is" : "they are"} fixed:`);
      process.stderr.write(problems.join("\n") + "\n");
    }
    for (const { file, entries } of valid) report(file, entries);
    if (problems.length > 0 || missing.length > 0) process.exitCode = 1;
  },
});

function report(file: StorageFile, entries: readonly CatalogEntry[]): void {
  const hooks = entries.filter((e) => e.kind === "hook");
  const presets = entries.length - hooks.length;
  const enabled = entries.filter((e) => e.default).length;
  const trust =
    file.storage === "project" && file.path && file.text !== undefined && !isTrusted(file.path, file.text)
      ? ` (not trusted, so it does not run yet: review it, then hookit trust ${dirname(dirname(file.path))})`
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
  return { storage: "project", path: absolute, text: existsSync(absolute) ? readFileSync(absolute, "utf8") : undefined };
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
