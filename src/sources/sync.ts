// Fetching a policy source and recording its pin (`hookit source add/update/
// remove`). A source's policy is HooKit's repository shape: a JSON file, or a
// folder of them (HooKit's `hooks/**/*.json`), each a flat object of
// name → Hook or Preset. hookit puts the entries under the source's Section
// and keeps that text as the copy the hooks run from.
import { crypto } from "../base/crypto.lazy.ts";
import { closeSync, openSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { HookitError } from "../base/errors.ts";
import { loadCatalog, type Diagnostic } from "../engine/catalog.ts";
import { writeFileAtomic } from "../base/fs-atomic.ts";
import type { Env } from "../base/paths.ts";
import { ensureRepository, fetchCommit, hasCommit, pinCommit, policyFilesAt } from "./git.ts";
import { storedCopy } from "./layer.ts";
import { copyStamp, readSources, SOURCE_NAME, sourceCopyPath, sourceDir, sourceRepoPath, sourcesFile, type SourceRecord } from "./store.ts";

export interface Wanted {
  name: string;
  url: string;
  ref?: string;
  path: string;
}

export interface Fetched extends Wanted {
  commit: string;
  text: string;
  sha256: string;
}

/** A problem the user can fix (a URL, a ref, a policy file): said as it is, no stack. */
/** An organization policy source that cannot be used: the message says which file and why. */
export class SourceError extends HookitError {
  override name = "SourceError";
  constructor(message: string, options?: { cause?: unknown }) {
    super("E_SOURCE", message, options);
  }
}

export const digest = (text: string) => crypto().createHash("sha256").update(text).digest("hex");

/** Fetches the wanted commit into the source's own repository and reads its policy (not yet recorded). */
export function fetchSource(wanted: Wanted, env: Env): Fetched {
  const repo = sourceRepoPath(wanted.name, env);
  ensureRepository(repo);
  const commit = fetchCommit(repo, wanted.url, wanted.ref);
  const text = policyText(wanted, repo, commit);
  const problems = policyProblems(wanted.name, text);
  if (problems.length > 0) {
    throw new SourceError(
      `the policy of ${wanted.url} at ${commit.slice(0, 12)} is invalid, so none of its hooks could run:\n${problems.map((d) => `  • ${d.message}`).join("\n")}`,
    );
  }
  return { ...wanted, commit, text, sha256: digest(text) };
}

/** The policy text of `commit`: the entries of every file at the source's path under its one Section. */
function policyText(wanted: Wanted, repo: string, commit: string): string {
  const files = policyFilesAt(repo, commit, wanted.path);
  if (files.length === 0)
    throw new SourceError(
      `${wanted.url} has no policy at "${wanted.path}" in commit ${commit.slice(0, 12)} (expected a JSON file, or a folder of them); choose it with --path`,
    );
  const entries: Record<string, unknown> = {};
  const from = new Map<string, string>();
  for (const file of files) {
    let data: unknown;
    try {
      data = JSON.parse(file.text);
    } catch (error) {
      throw new SourceError(`${file.path} in ${wanted.url} at ${commit.slice(0, 12)} is not valid JSON: ${(error as Error).message}`, {
        cause: error,
      });
    }
    if (data === null || typeof data !== "object" || Array.isArray(data))
      throw new SourceError(`${file.path} in ${wanted.url} is not a JSON object of hooks`);
    for (const [name, entry] of Object.entries(data)) {
      const other = from.get(name);
      if (other !== undefined)
        throw new SourceError(
          `"${name}" is defined in both ${other} and ${file.path} of ${wanted.url}; hook names must be unique in a source`,
        );
      from.set(name, file.path);
      entries[name] = entry;
    }
  }
  return JSON.stringify({ [wanted.name]: entries }, null, 2) + "\n";
}

function policyProblems(name: string, text: string): Diagnostic[] {
  const catalog = loadCatalog([{ storage: "global", path: name, text }]);
  return catalog.ok ? [] : catalog.diagnostics;
}

/** The text approved last time: the stored copy, else (a copy gone or changed) the pinned commit again. */
export function pinnedText(source: SourceRecord, env: Env): string | undefined {
  const copy = storedCopy(source, env);
  if (typeof copy === "string") return copy;
  const repo = sourceRepoPath(source.name, env);
  try {
    if (!hasCommit(repo, source.commit)) return undefined;
    const text = policyText(source, repo, source.commit);
    return digest(text) === source.sha256 ? text : undefined;
  } catch {
    return undefined;
  }
}

/** Records `fetched` as the source's pin: its copy first, then the registry, then old copies go. */
export function recordSource(fetched: Fetched, env: Env, now = new Date()): SourceRecord {
  const record: SourceRecord = {
    name: fetched.name,
    url: fetched.url,
    ...(fetched.ref !== undefined && { ref: fetched.ref }),
    path: fetched.path,
    commit: fetched.commit,
    sha256: fetched.sha256,
    fetchedAt: now.toISOString(),
  };
  const copy = sourceCopyPath(record, env);
  writeFileAtomic(copy, fetched.text, 0o600);
  // Stamped after the rename, which sets the change time the hook compares.
  const fd = openSync(copy, "r");
  try {
    record.stamp = copyStamp(fd);
  } finally {
    closeSync(fd);
  }
  pinCommit(sourceRepoPath(record.name, env), record.commit);
  const sources = readSources(env);
  const at = sources.findIndex((s) => s.name === record.name);
  if (at >= 0) sources[at] = record;
  else sources.push(record);
  writeSources(sources, env);
  const dir = sourceDir(record.name, env);
  for (const name of readdirSync(dir)) if (name.startsWith("policy-") && join(dir, name) !== copy) rmSync(join(dir, name), { force: true });
  return record;
}

export function removeSource(name: string, env: Env): boolean {
  const sources = readSources(env);
  const rest = sources.filter((s) => s.name !== name);
  if (rest.length === sources.length) return false;
  writeSources(rest, env);
  rmSync(sourceDir(name, env), { recursive: true, force: true });
  return true;
}

function writeSources(sources: readonly SourceRecord[], env: Env): void {
  writeFileAtomic(sourcesFile(env), JSON.stringify({ sources }, null, 2) + "\n", 0o600);
}

/** `owner/repo` from the URL's last two path parts (`.git` dropped), if it has two. */
export function nameFromUrl(url: string): string | undefined {
  const parts = url
    .replace(/[?#].*$/, "")
    .replace(/\/+$/, "")
    .replace(/\.git$/, "")
    .split(/[/:]/)
    .filter(Boolean);
  const [owner, repo] = parts.slice(-2);
  const name = owner !== undefined && repo !== undefined ? `${owner}/${repo}` : undefined;
  return name && SOURCE_NAME.test(name) ? name : undefined;
}
