// Where policy sources live and how they are recorded. The registry
// (`<config>/sources.json`) holds each source's URL, ref, path, pinned commit
// and the sha256 of its policy text; the fetched copy and the git repository
// are kept under `<state>/sources/`. Both directories are hookit's own, so
// self-protection refuses a tool call that would edit a copy or its pin.
// This module is on the hot path: node:fs only.
import { fstatSync } from "node:fs";
import { join } from "node:path";
import { configDir, stateDir, type Env } from "../base/paths.ts";
import { readIfExists } from "../base/read-if-exists.ts";
import { HookitError } from "../base/errors.ts";

export interface SourceRecord {
  /** `owner/repo`: the Section its hooks are merged under (entry ids `<name>/<hook>`). */
  name: string;
  /** Any URL or path `git fetch` takes. */
  url: string;
  /** The branch, tag or commit asked for; absent: the remote's HEAD. */
  ref?: string;
  /** The file, or folder of `*.json` files, inside the repository. */
  path: string;
  /** The pinned commit. */
  commit: string;
  /** sha256 of the policy text (the stored copy). */
  sha256: string;
  /**
   * The stored copy's inode, size and change time (ns) when it was written
   * and hashed. A copy that still has them is unchanged since then (a change
   * time cannot be set back without root), so the hook need not hash it again.
   */
  stamp?: string;
  /** When the pinned copy was fetched (ISO time). */
  fetchedAt: string;
}

/** Letters, digits, `.`, `_` and `-` on each side: a Section name Preset refs can name too. */
export const SOURCE_NAME = /^[A-Za-z0-9._-]+\/[A-Za-z0-9._-]+$/;

export function sourcesFile(env: Env): string {
  return join(configDir(env), "sources.json");
}

/** The folder of one source's copy and repository. */
export function sourceDir(name: string, env: Env): string {
  return join(stateDir(env), "sources", name.replace("/", "+"));
}

/**
 * The stored policy text of a source (a hookit.json with the one Section
 * `name`), named by its digest: a new copy is written beside the old one
 * before the registry points at it, so a crash in between leaves the old pin
 * with its own copy, never a pin without one.
 */
export function sourceCopyPath(source: Pick<SourceRecord, "name" | "sha256">, env: Env): string {
  return join(sourceDir(source.name, env), `policy-${source.sha256.slice(0, 16)}.json`);
}

export function sourceRepoPath(name: string, env: Env): string {
  return join(sourceDir(name, env), "repo.git");
}

/**
 * The recorded sources, in the order they were added. No registry: none. A
 * registry that exists but cannot be read or parsed is an error (the caller
 * fails closed), never "no sources".
 */
export function readSources(env: Env): SourceRecord[] {
  let text: string | undefined;
  try {
    text = readIfExists(sourcesFile(env));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new HookitError(
      "E_STATE",
      `hookit's policy source registry ${sourcesFile(env)} cannot be read (${code ?? (error as Error).message})`,
      {
        cause: error,
      },
    );
  }
  if (text === undefined) return [];
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    data = undefined;
  }
  const list = (data as { sources?: unknown } | undefined)?.sources;
  if (!Array.isArray(list) || !list.every(isRecord)) {
    throw new Error(
      `hookit's policy source registry ${sourcesFile(env)} is damaged (it is not a list of sources); restore it, or delete it and add the sources again with \`hookit source add\``,
    );
  }
  return list;
}

function isRecord(value: unknown): value is SourceRecord {
  const r = value as Partial<SourceRecord> | null;
  return (
    r !== null &&
    typeof r === "object" &&
    typeof r.name === "string" &&
    SOURCE_NAME.test(r.name) &&
    typeof r.url === "string" &&
    typeof r.path === "string" &&
    typeof r.commit === "string" &&
    typeof r.sha256 === "string" &&
    typeof r.fetchedAt === "string" &&
    (r.ref === undefined || typeof r.ref === "string") &&
    (r.stamp === undefined || typeof r.stamp === "string")
  );
}

/** What `stamp` records for an open copy. */
export function copyStamp(fd: number): string {
  const stat = fstatSync(fd, { bigint: true });
  return `${stat.ino}:${stat.size}:${stat.ctimeNs}`;
}
