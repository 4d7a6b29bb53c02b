// The one place the installer touches the file system. Reading checks that the
// target is safe to edit; planning runs a pure transform; committing writes
// atomically, keeps a backup of the original, or deletes a file hookit created.
import { lstatSync, readFileSync, realpathSync, rmdirSync, rmSync } from "node:fs";
import { basename, dirname, join, relative, isAbsolute } from "node:path";
import { createTwoFilesPatch } from "diff";
import { writeFileAtomic } from "../base/fs-atomic.ts";
import { InstallError } from "./errors.ts";
import { parseObject } from "./jsonc.ts";
import { scanToml } from "./toml.ts";

const BACKUP_SUFFIX = ".hookit.bak";

export interface TargetFile {
  path: string;
  /** Current text; undefined when the file does not exist. */
  text: string | undefined;
  /** Permission bits to keep when rewriting (settings files may hold secrets). */
  mode: number | undefined;
  /** The file starts with a UTF-8 byte order mark, kept out of `text` and written back. */
  bom?: boolean;
  /** No write permission bit at all (0444): the user protected it, so hookit does not replace it. */
  readOnly?: boolean;
}

const BOM = "\uFEFF";

export type Action = "create" | "update" | "delete" | "unchanged";

export interface Change {
  file: TargetFile;
  /** New text; undefined deletes the file (or leaves it absent). */
  after: string | undefined;
  action: Action;
  /** Write the original here first (install, first time only). */
  backup?: string;
  /** A backup that now equals the file again and is dropped. */
  dropBackup?: string;
}

/**
 * Reads a target, refusing what hookit must not edit: symlinks (the write would
 * land wherever they point), hard links (another name would change too), anything
 * but a regular file, and, for project scope, a path resolving outside `within`.
 */
export function readTarget(path: string, within?: string): TargetFile {
  if (within !== undefined) assertInside(path, within);
  const stat = lstatOrUndefined(path);
  if (!stat) return { path, text: undefined, mode: undefined };
  if (stat.isSymbolicLink()) {
    throw unsafe(path, "is a symbolic link. hookit edits only regular files; edit the file it points to by hand");
  }
  if (!stat.isFile()) throw unsafe(path, "is not a regular file");
  if (stat.nlink > 1) {
    throw unsafe(path, `has ${stat.nlink} hard links, so editing it would change other files too`);
  }
  const text = readFileSync(path, "utf8");
  const mode = stat.mode & 0o777;
  const readOnly = (mode & 0o222) === 0 ? { readOnly: true } : {};
  return text.startsWith(BOM) ? { path, text: text.slice(1), mode, bom: true, ...readOnly } : { path, text, mode, ...readOnly };
}

// A rename replaces a read-only file as easily as any other (the directory is writable); respect the mode instead.
function refuseReadOnly(file: TargetFile): void {
  if (!file.readOnly) return;
  throw new InstallError(
    "E_UNSAFE_TARGET",
    `${file.path} is read-only (mode ${file.mode!.toString(8).padStart(4, "0")}), so hookit will not rewrite it. ` +
      `Make it writable (chmod u+w ${file.path}) and run the command again, or apply the --dry-run diff yourself. hookit changed nothing.`,
  );
}

/** Reads `<file>.hookit.bak` if it is a regular file. */
function readBackup(path: string): string | undefined {
  const backup = path + BACKUP_SUFFIX;
  const stat = lstatOrUndefined(backup);
  return stat?.isFile() ? readFileSync(backup, "utf8").replace(/^\uFEFF/, "") : undefined;
}

export function planInstall(file: TargetFile, after: string): Change {
  checkResult(file.path, after);
  if (after === file.text) return { file, after, action: "unchanged" };
  refuseReadOnly(file);
  if (file.text === undefined) return { file, after, action: "create" };
  const backup = lstatOrUndefined(file.path + BACKUP_SUFFIX) ? undefined : file.path + BACKUP_SUFFIX;
  return { file, after, action: "update", ...(backup ? { backup } : {}) };
}

/**
 * `removed` is the file without hookit's entries. A file left exactly as hookit
 * would have created it is deleted, unless a backup shows the user had it first.
 */
export function planUninstall(file: TargetFile, removed: string | undefined, emptyText: string): Change {
  if (file.text === undefined || removed === file.text) return { file, after: file.text, action: "unchanged" };
  refuseReadOnly(file);
  const original = readBackup(file.path);
  let after = removed;
  if (removed !== undefined) checkResult(file.path, removed);
  if (removed === emptyText) {
    if (original === undefined) after = undefined;
    else if (original.trim() === "") after = original; // the user's empty file, byte for byte
  }
  const dropBackup = original !== undefined && original === after ? file.path + BACKUP_SUFFIX : undefined;
  return { file, after, action: after === undefined ? "delete" : "update", ...(dropBackup ? { dropBackup } : {}) };
}

/** Applies a change. A deleted file's directories, up to `root`, go too when left empty. */
export function commit(change: Change, root: string): void {
  const { file, after } = change;
  if (change.action === "unchanged") return;
  const bom = file.bom ? BOM : "";
  if (change.backup && file.text !== undefined) writeFileAtomic(change.backup, bom + file.text, file.mode);
  try {
    if (after === undefined) {
      rmSync(file.path, { force: true });
      removeEmptyDirs(dirname(file.path), root);
    } else {
      writeFileAtomic(file.path, bom + after, file.mode);
    }
  } catch (error) {
    // The file stays as it was: so must everything next to it (no stray backup).
    if (change.backup) rmSync(change.backup, { force: true });
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "EPERM" && code !== "EACCES" && code !== "EROFS") throw error;
    throw new InstallError(
      "E_UNSAFE_TARGET",
      `${file.path} cannot be replaced (${code}: the file is immutable, e.g. chattr +i, or on a read-only mount). ` +
        `Unlock it and run the command again; ${file.path} was left as it was.`,
    );
  }
  if (change.dropBackup) rmSync(change.dropBackup, { force: true });
}

/** A unified diff of the change, for `--dry-run`. */
export function diffOf(change: Change): string {
  const { file, after } = change;
  return createTwoFilesPatch(
    file.text === undefined ? "/dev/null" : file.path,
    after === undefined ? "/dev/null" : file.path,
    file.text ?? "",
    after ?? "",
  );
}

// --- internal ---

function lstatOrUndefined(path: string) {
  try {
    return lstatSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

// An empty directory holds nothing of the user's; rmdir refuses any that is not empty.
function removeEmptyDirs(dir: string, root: string): void {
  for (let current = dir; isStrictlyInside(current, root); current = dirname(current)) {
    try {
      rmdirSync(current);
    } catch {
      return;
    }
  }
}

function isStrictlyInside(path: string, root: string): boolean {
  const inside = relative(root, path);
  return inside !== "" && !inside.startsWith("..") && !isAbsolute(inside);
}

// The deepest existing ancestor is resolved through symlinks, so a linked
// `.claude` directory pointing elsewhere is caught before anything is created.
function assertInside(path: string, within: string): void {
  const root = realpathSync(within);
  let existing = dirname(path);
  const rest: string[] = [basename(path)];
  while (!lstatOrUndefined(existing) && dirname(existing) !== existing) {
    rest.unshift(basename(existing));
    existing = dirname(existing);
  }
  let resolved: string;
  try {
    resolved = join(realpathSync(existing), ...rest);
  } catch {
    throw unsafe(path, `cannot be resolved (${existing} is a broken link)`);
  }
  if (!isStrictlyInside(resolved, root)) {
    throw unsafe(path, `resolves to ${resolved}, outside the project ${root}`);
  }
}

// hookit never writes a file it cannot read back; this is a last guard against its own bugs.
function checkResult(path: string, text: string): void {
  if (path.endsWith(".toml")) scanToml(text, path);
  else parseObject(text, path);
}

function unsafe(path: string, why: string): InstallError {
  return new InstallError("E_UNSAFE_TARGET", `${path} ${why}. hookit changed nothing.`);
}
