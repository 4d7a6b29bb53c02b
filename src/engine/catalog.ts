// Loading a Hook Catalog from the global and project storage files
// (hookit-semantics §2.1–2.5): per-file validation (first problem per file),
// section eligibility (all problems), whole-record merge, nested-Preset check.
import { factFilterProblem, hookRulesHold, hookSchema, presetSchema } from "./schema.ts";
import { isPlainPattern } from "./filter.ts";
import { markManaged } from "./enabled.ts";
import { deepFreeze } from "./freeze.ts";
import {
  errorDetail,
  invalidNameProblem,
  invalidRegexProblem,
  nestedPresetProblem,
  schemaMismatchProblem,
  unknownEventProblem,
  type InvalidRegex,
} from "./texts.ts";
import { EVENTS, type CatalogEntry, type Hook, type Preset } from "./types.ts";

/** hookit extension: "managed" is the administrator's layer (docs/configuration.md, "The managed layer"). */
export type Storage = "managed" | "global" | "project";

export interface Diagnostic {
  storage?: Storage;
  /** The file the problem is in, when known. */
  file?: string;
  message: string;
}

export interface StorageFile {
  storage: Storage;
  path?: string;
  /** File text; `undefined` when the file does not exist (treated as `{}`). */
  text: string | undefined;
  /**
   * hookit extension: the entries of a locked file (an organization policy
   * source) keep their record when a later file holds the same Section and
   * name, so a user's or project's file cannot override or disable them.
   */
  locked?: true;
}

export type CatalogResult = { ok: true; entries: readonly CatalogEntry[] } | { ok: false; diagnostics: Diagnostic[] };

interface ParsedFile {
  storage: Storage;
  locked?: true;
  path?: string;
  repos: string[];
  /** Every section key in file order, including empty sections (eligibility is per section). */
  sections: string[];
  entries: CatalogEntry[];
}

const SOURCE_RE = /^[^/]+\/[^/]+$/;
const META_KEYS = new Set(["$schema", "repos"]);

export function loadCatalog(files: readonly StorageFile[]): CatalogResult {
  const diagnostics: Diagnostic[] = [];
  const parsed: ParsedFile[] = [];
  for (const file of files) {
    const result = parseStorageFile(file);
    if (typeof result === "string") diagnostics.push(diag(file, result));
    else parsed.push(result);
  }
  // Like HooKit, a file that fails its own checks stops the load before any
  // source check: the other file's section problems are not reported yet.
  if (diagnostics.length > 0) return { ok: false, diagnostics };
  for (const file of parsed) {
    for (const message of eligibilityProblems(file)) diagnostics.push(diag(file, message));
  }
  if (diagnostics.length > 0) return { ok: false, diagnostics };

  const merged = new Map<string, { entry: CatalogEntry; file: ParsedFile }>();
  for (const file of parsed) {
    for (const entry of file.entries) {
      const key = `${entry.source}\u0000${entry.name}`;
      // A later file replaces a record whole (HooKit), except a locked one (a policy source, the managed layer).
      if (!merged.get(key)?.file.locked) merged.set(key, { entry: file.storage === "managed" ? markManaged(entry) : entry, file });
    }
  }
  const byRef = new Map<string, CatalogEntry>();
  for (const { entry } of merged.values()) byRef.set(entry.ref, entry);
  for (const { entry, file } of merged.values()) {
    if (entry.kind !== "preset") continue;
    for (const ref of entry.preset) {
      if (byRef.get(ref)?.kind === "preset") {
        diagnostics.push(diag(file, nestedPresetProblem(entry.ref, ref)));
      }
    }
  }
  if (diagnostics.length > 0) return { ok: false, diagnostics };
  return { ok: true, entries: Object.freeze([...merged.values()].map((m) => m.entry)) };
}

function diag(file: { storage: Storage; path?: string }, message: string): Diagnostic {
  return file.path === undefined ? { storage: file.storage, message } : { storage: file.storage, file: file.path, message };
}

/** Validates one file; returns its first problem as a string. */
export function parseStorageFile(file: StorageFile): ParsedFile | string {
  let data: unknown = {};
  if (file.text !== undefined) {
    try {
      data = JSON.parse(file.text);
    } catch (error) {
      return (error as Error).message;
    }
  }
  if (data === null || typeof data !== "object" || Array.isArray(data)) return "hookit.json content is not a JSON object";
  const root = data as Record<string, unknown>;
  if (Object.hasOwn(root, "$schema") && typeof root.$schema !== "string") return `"$schema" must be a string`;
  let repos: string[] = [];
  if (Object.hasOwn(root, "repos")) {
    const value = root.repos;
    const valid =
      Array.isArray(value) && value.every((r) => typeof r === "string" && SOURCE_RE.test(r)) && new Set(value).size === value.length;
    if (!valid) return `"repos" must be a unique array of owner/repo strings`;
    repos = value as string[];
  }
  const entries: CatalogEntry[] = [];
  const sections: string[] = [];
  for (const source of Object.keys(root)) {
    if (META_KEYS.has(source)) continue;
    sections.push(source);
    const section = root[source];
    if (section === null || typeof section !== "object" || Array.isArray(section)) return `section "${source}" must be an object`;
    for (const name of Object.keys(section)) {
      if (name === "" || name.includes("/") || name.includes("\u0000")) {
        return invalidNameProblem(source, name);
      }
      const entry = parseEntry(source, name, (section as Record<string, unknown>)[name]);
      if (typeof entry === "string") return entry;
      entries.push(entry);
    }
  }
  return { storage: file.storage, path: file.path, repos, sections, entries, ...(file.locked && { locked: true as const }) };
}

function parseEntry(source: string, name: string, raw: unknown): CatalogEntry | string {
  const ref = `${source}/${name}`;
  const entry = validEntry(source, name, ref, raw);
  if (entry === undefined) return entryProblem(ref, raw);
  // hookit extension: `hookit.*` filter keys must be known facts (docs/configuration.md).
  return (entry.kind === "hook" && factFilterProblem(ref, entry.event, entry.filter)) || entry;
}

/** The entry when it is a valid Preset or Hook (filter regexes included), else undefined. */
function validEntry(source: string, name: string, ref: string, raw: unknown): CatalogEntry | undefined {
  const record = asRecord(raw);
  // HooKit tries the Preset shape first, then the Hook shape. Both are strict and
  // only a Preset has a `preset` key, so the key decides which one can succeed;
  // checking just that one keeps a 10,000-entry catalog fast to load.
  if (record && Object.hasOwn(record, "preset")) {
    const preset = presetSchema.safeParse(raw);
    if (!preset.success || new Set(preset.data.preset).size !== preset.data.preset.length) return undefined;
    return Object.freeze({
      kind: "preset",
      source,
      name,
      ref,
      description: preset.data.description,
      preset: Object.freeze([...preset.data.preset]) as string[],
      default: preset.data.default === true,
    } satisfies Preset);
  }
  const hook = hookSchema.safeParse(raw);
  if (!hook.success || !hookRulesHold(hook.data) || invalidFilterRegex(record) !== undefined) return undefined;
  const { description, event, filter, when, shell, action, timeout, ask, redact } = hook.data;
  const out: Hook = { kind: "hook", source, name, ref, description, event, shell: shell ?? "true", default: hook.data.default === true };
  if (filter !== undefined) out.filter = filter;
  if (when !== undefined) out.when = when;
  if (action !== undefined) out.action = action;
  if (timeout !== undefined) out.timeout = timeout;
  if (ask === true) out.ask = true;
  if (redact === true) out.redact = true;
  return deepFreeze(out);
}
/** Why an invalid entry is invalid, in HooKit's order: unknown event, then any bad regex, then the catch-all. */
function entryProblem(ref: string, raw: unknown): string {
  const record = asRecord(raw);
  if (record && typeof record.event === "string" && !(EVENTS as readonly string[]).includes(record.event)) {
    return unknownEventProblem(ref, record.event, EVENTS);
  }
  const regex = invalidFilterRegex(record);
  if (regex) return invalidRegexProblem(ref, regex);
  return schemaMismatchProblem(ref);
}

/**
 * The first filter string that does not compile, whatever else is wrong with
 * the entry (HooKit reports it ahead of the catch-all). In a `hook_result`
 * filter only `outcome` is exempt: it holds outcome names, never patterns.
 */
function invalidFilterRegex(record: Record<string, unknown> | undefined): InvalidRegex | undefined {
  const filter = asRecord(record?.filter);
  if (!record || !filter) return undefined;
  for (const [key, value] of Object.entries(filter)) {
    if (record.event === "hook_result" && key === "outcome") continue;
    const list = Array.isArray(value) ? value : [value];
    for (let i = 0; i < list.length; i++) {
      const pattern = list[i];
      if (typeof pattern !== "string" || isPlainPattern(pattern)) continue; // plain text always compiles
      try {
        new RegExp(pattern);
      } catch (error) {
        return { key, index: Array.isArray(value) ? i : undefined, pattern, reason: errorDetail(error) };
      }
    }
  }
  return undefined;
}

const asRecord = (value: unknown): Record<string, unknown> | undefined =>
  value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

function eligibilityProblems(file: ParsedFile): string[] {
  const problems: string[] = [];
  for (const source of file.sections) {
    if (source === "local") continue;
    if (!SOURCE_RE.test(source)) problems.push(`section "${source}" is not a valid source; expected local or owner/repo`);
    else if (file.storage === "project" && !file.repos.includes(source)) {
      problems.push(`repository section "${source}" is not declared in project "repos"`);
    }
  }
  return problems;
}
