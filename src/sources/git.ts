// The real `git` client, for `hookit source`: whatever URL git itself takes
// (a path, file://, git://, https, ssh, the user's own insteadOf rules and
// credentials) works here. Each source has a bare repository of its own; a
// fetch lands on a private ref, and the pinned commit stays reachable under
// refs/hookit/pinned so the version under review can always be diffed against.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { HookitError } from "../base/errors.ts";

/** A git failure, with git's own words (what the user needs to fix a URL, a ref, a network). */
/** A git command for a policy source that failed; the message is git's own. */
export class GitError extends HookitError {
  override name = "GitError";
  constructor(message: string, options?: { cause?: unknown }) {
    super("E_GIT", message, options);
  }
}

const FETCH_TIMEOUT_MS = 120_000;

function git(args: readonly string[], options: { dir?: string; timeout?: number; input?: string } = {}): string {
  const result = spawnSync("git", options.dir ? ["-C", options.dir, ...args] : [...args], {
    encoding: "utf8",
    timeout: options.timeout ?? 30_000,
    input: options.input,
    maxBuffer: 64 * 1024 * 1024,
    // Never wait for a password prompt: hookit runs it for the user, not at a git prompt.
    env: { ...process.env, GIT_TERMINAL_PROMPT: "0", GIT_ASKPASS: process.env.GIT_ASKPASS ?? "", LC_ALL: "C" },
  });
  if (result.error) {
    const code = (result.error as NodeJS.ErrnoException).code;
    throw new GitError(
      code === "ENOENT"
        ? "git is not installed (hookit source uses the git client)"
        : code === "ETIMEDOUT"
          ? `git ${args[0]} took too long and was stopped`
          : result.error.message,
    );
  }
  if (result.status !== 0) throw new GitError((result.stderr || result.stdout || `git ${args[0]} exited with ${result.status}`).trim());
  return result.stdout;
}

/** Refuses what git would read as an option (`--upload-pack=…`), whatever else the text is. */
function checkArgument(what: string, value: string): void {
  if (value.startsWith("-") || value.includes("\u0000") || value.trim() === "")
    throw new GitError(`${what} "${value}" cannot be used (it is empty or starts with "-")`);
}

export function ensureRepository(dir: string): void {
  if (!existsSync(dir)) git(["init", "--quiet", "--bare", "--template=", dir]);
}

/** Fetches `ref` (a branch, tag or full commit id; none: the remote's HEAD) and returns its commit. */
export function fetchCommit(dir: string, url: string, ref: string | undefined): string {
  checkArgument("the URL", url);
  if (ref !== undefined) checkArgument("the ref", ref);
  git(["fetch", "--quiet", "--no-tags", url, `+${ref ?? "HEAD"}:refs/hookit/fetched`], { dir, timeout: FETCH_TIMEOUT_MS });
  return git(["rev-parse", "--verify", "--quiet", "refs/hookit/fetched^{commit}"], { dir }).trim();
}

/** Keeps `commit` as the pinned one (reachable, so it survives git's cleanup). */
export function pinCommit(dir: string, commit: string): void {
  git(["update-ref", "refs/hookit/pinned", commit], { dir });
}

export function hasCommit(dir: string, commit: string): boolean {
  try {
    git(["cat-file", "-e", `${commit}^{commit}`], { dir });
    return true;
  } catch {
    return false;
  }
}

/**
 * The `*.json` files at `path` in `commit`: the file itself, or every one
 * under the folder, sorted by path. Empty when there is nothing there.
 */
export function policyFilesAt(dir: string, commit: string, path: string): { path: string; text: string }[] {
  const clean = path.replace(/^\.?\/+/, "").replace(/\/+$/, "");
  const listing = git(["ls-tree", "-r", "-z", "--full-tree", commit, "--", clean === "" ? "." : clean], { dir });
  const blobs = listing
    .split("\u0000")
    .filter(Boolean)
    .map((line) => {
      const [meta, file] = line.split("\t") as [string, string];
      const [, type, oid] = meta.split(" ") as [string, string, string];
      return { type, oid, file };
    })
    .filter((b) => b.type === "blob" && (b.file === clean || b.file.endsWith(".json")));
  blobs.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return blobs.map((b) => ({ path: b.file, text: git(["cat-file", "blob", b.oid], { dir }) }));
}
