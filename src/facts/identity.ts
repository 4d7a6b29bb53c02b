// Which program a command really runs, when its name does not say: a copy or a
// link of a known program (`cp /usr/bin/git ./g; ./g push -f`, made on this line
// or before it), a name `hash -p` bound to a path, or a shell function that runs
// its body with the call's arguments. The walker judges the command under its
// name and again under what it is (walk.ts `run`), so a guard on `git push -f`
// sees `./g push -f`. Also the builtins that change what later words mean:
// `set -- …` (the positional parameters) and `hash -p`.
import { closeSync, lstatSync, openSync, readSync, realpathSync, statSync } from "node:fs";
import { basename } from "node:path";
import { joinPath as join } from "../base/path-join.ts";
import type { Field, ShellState } from "./expand.ts";

/**
 * Programs whose copies hookit looks for by their bytes: those the starter guards and
 * self-protection judge by name (a copy of any other program does what it does under any name).
 */
export const GUARDED_PROGRAMS = [
  "git",
  "rm",
  "find",
  "rsync",
  "shred",
  "unlink",
  "bash",
  "sh",
  "dash",
  "zsh",
  "env",
  "xargs",
  "busybox",
  "node",
];
const PROBE_BYTES = 64 * 1024;
const PAGE = 4096;

/** What the line taught the walker about names (walk.ts holds one per line). */
export interface Identities {
  /** `hash -p /usr/bin/git g`: name → path. */
  hashed: Map<string, string>;
  /** `cp /usr/bin/git ./g`, `ln -s …`, `install …`: absolute path → the program it is a copy of. */
  copies: Map<string, string>;
}

export const newIdentities = (): Identities => ({ hashed: new Map(), copies: new Map() });

/** `cp`/`ln`/`install` of a file that is a guarded program: where the copy will be, and of what. */
export function noteCopy(program: string, argv: readonly Field[], state: ShellState, ids: Identities, env: Env): void {
  if (program !== "cp" && program !== "ln" && program !== "install") return;
  const operands = argv.slice(1).filter((f) => !f.text.startsWith("-"));
  if (operands.length < 2 || !operands.every((f) => f.resolved) || state.cwd === null) return;
  const dest = absolute(operands[operands.length - 1]!.text, state.cwd);
  for (const source of operands.slice(0, -1)) {
    const what = programAt(absolute(source.text, state.cwd), ids, env) ?? knownName(source.text);
    if (what === undefined) continue;
    const into = isDir(dest) ? join(dest, basename(source.text)) : dest;
    ids.copies.set(into, what);
  }
}

/** `hash -p PATH NAME`: later `NAME` runs PATH. */
export function noteHash(argv: readonly Field[], ids: Identities): void {
  const p = argv.findIndex((f) => f.text === "-p");
  const path = argv[p + 1];
  const name = argv[p + 2];
  if (p > 0 && path?.resolved && name?.resolved) ids.hashed.set(name.text, path.text);
}

type Env = Readonly<Record<string, string | undefined>>;

/** `set -- a b`, `set a b`: the new positional parameters (`-o name` and other options set none). */
export function setWords(argv: readonly Field[]): Field[] | undefined {
  let k = 1;
  while (k < argv.length && argv[k]!.text !== "--" && /^[-+]/.test(argv[k]!.text)) k += /^[-+]o$/.test(argv[k]!.text) ? 2 : 1;
  return k < argv.length ? argv.slice(argv[k]!.text === "--" ? k + 1 : k) : undefined;
}

/**
 * The guarded program a command's first word runs when its name is not that program's:
 * `undefined` when it is the program its name says (or one hookit does not guard by name).
 */
export function realProgram(first: string, state: ShellState, ids: Identities, env: Env): string | undefined {
  const name = basename(first);
  const hashed = first.includes("/") ? undefined : ids.hashed.get(first);
  const path =
    hashed ??
    (first.includes("/")
      ? state.cwd === null && !first.startsWith("/")
        ? undefined
        : absolute(first, state.cwd ?? "/")
      : onPath(first, env));
  if (path === undefined) return hashed === undefined ? undefined : knownName(hashed);
  const real = programAt(path, ids, env);
  return real !== undefined && real !== name ? real : undefined;
}

/** The guarded program the file at `path` is: a copy made on this line, a link's target's name, or the same bytes. */
function programAt(path: string, ids: Identities, env: Env): string | undefined {
  const copied = ids.copies.get(path);
  if (copied !== undefined) return copied;
  let target: string;
  try {
    target = realpathSync.native(path);
  } catch {
    return undefined;
  }
  const linked = knownName(target);
  if (linked !== undefined) return linked;
  return sameBytesAs(target, env);
}

const knownName = (path: string): string | undefined => {
  const name = basename(path);
  return GUARDED_PROGRAMS.includes(name) ? name : undefined;
};

/**
 * A regular file whose first 64 KiB are those of a guarded program on PATH: a copy kept from an
 * earlier call. Read only for a program hookit has no name for; the first 4 KiB are compared
 * first, so an unrelated binary costs a page of each guarded program.
 */
function sameBytesAs(file: string, env: Env): string | undefined {
  const head = firstBytes(file, PAGE);
  if (head === undefined || head.length < 4 || head[0] !== 0x7f || head[1] !== 0x45) return undefined; // not an ELF binary
  let full: Buffer | undefined;
  for (const name of GUARDED_PROGRAMS) {
    const installed = onPath(name, env);
    if (installed === undefined) continue;
    let real: string;
    try {
      real = realpathSync.native(installed);
    } catch {
      continue;
    }
    if (real === file) return undefined; // the program itself, under its own name's target
    if (!firstBytes(real, PAGE)?.equals(head)) continue;
    full ??= firstBytes(file, PROBE_BYTES);
    if (full !== undefined && firstBytes(real, PROBE_BYTES)?.equals(full)) return name;
  }
  return undefined;
}

function firstBytes(file: string, size: number): Buffer | undefined {
  try {
    if (!statSync(file).isFile()) return undefined;
    const fd = openSync(file, "r");
    try {
      const buffer = Buffer.alloc(size);
      return buffer.subarray(0, readSync(fd, buffer, 0, size, 0));
    } finally {
      closeSync(fd);
    }
  } catch {
    return undefined;
  }
}

/** Where PATH finds `name` (the first executable file), as the shell would. */
export function onPath(name: string, env: Env): string | undefined {
  for (const dir of (env.PATH ?? "").split(":")) {
    if (dir === "") continue;
    const candidate = join(dir, name);
    try {
      // No exception for a miss: most PATH folders do not hold the name, and a thrown ENOENT costs far more than the stat.
      const stat = statSync(candidate, { throwIfNoEntry: false });
      if (stat?.isFile() && (stat.mode & 0o111) !== 0) return candidate;
    } catch {
      // a folder this user may not search (EACCES), or not a folder (ENOTDIR)
    }
  }
  return undefined;
}

function isDir(path: string): boolean {
  try {
    return lstatSync(path).isDirectory();
  } catch {
    return false;
  }
}

const absolute = (path: string, cwd: string) => (path.startsWith("/") ? path : join(cwd, path));
