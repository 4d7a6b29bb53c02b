// Records path facts: each path made absolute from the shell's (or tool's)
// directory, resolved and located. Shared by the command walker and the file
// tools, which need no parser.
import { readdirSync } from "node:fs";
import { posix } from "node:path";
import { joinPath, normalPath } from "../base/path-join.ts";
import type { Field } from "./expand.ts";
import type { FindListing } from "./field.ts";
import { mayMatch } from "./find-expr.ts";
import { segmentRegExp } from "./glob.ts";
import { locate, physicalPath, realPath, realPathNoFollow, type Places } from "./paths.ts";
import { secretsUnder, type TreeFilter } from "./tree.ts";
import type { Effect, Facts } from "./types.ts";

export interface PathOptions {
  recursive?: boolean;
  noFollow?: boolean;
  /** The write leaves the file's text as it was (a mode, a time), or its caller remembers the text (written-scripts.ts). */
  keepsText?: boolean;
}

/** A repository's config file and hooks (a submodule's too, under `.git/modules/`), in any letter case: on macOS's and Windows's file systems `.GIT/HOOKS/x` is `.git/hooks/x`. */
const GIT_RUNS = /\/\.git\/(?:modules\/.+\/)?(?:config|hooks(?:\/[^/]+)?)$/i;

/** Names an unmatched glob is also tried against: a glob that matches no file today may match a secret tomorrow. */
const PROBES = [".env", ".env.local", ".env.production", ".env.development"];

/** Most entries read below the home folder's dot-entries (a home holds a few dozen; a large one is cut). */
const MAX_HOME_ENTRIES = 2000;

const list = (dir: string): string[] => {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
};

/**
 * The entries of a folder inside the home, three levels down (a browser's profile files are
 * that deep below ~/.config), at most MAX_HOME_ENTRIES: a recursive reader of it opens the
 * credentials kept there, whatever their names (~/.config/gh/hosts.yml).
 */
function entriesBelow(dir: string): string[] {
  const out: string[] = [];
  let level = [dir];
  for (let depth = 0; depth < 3 && level.length > 0; depth++) {
    const next: string[] = [];
    for (const parent of level)
      for (const name of list(parent)) {
        if (out.length >= MAX_HOME_ENTRIES) return out;
        const path = `${parent}/${name}`;
        out.push(path);
        if (name !== ".git" && name !== "node_modules") next.push(path);
      }
    level = next;
  }
  return out;
}

/**
 * The home folder's hidden entries and `Library`, and what each folder of them holds: where the
 * user's credentials live (`~/.ssh/id_rsa`, `~/.aws`, `~/.kube/config`, `~/Library/Keychains`), for
 * the guards to name. Two levels, as the credentials lie.
 */
function homeDotEntries(home: string): string[] {
  const out: string[] = [];
  for (const name of list(home)) {
    if (!name.startsWith(".") && name !== "Library") continue;
    const path = `${home}/${name}`;
    out.push(path);
    for (const inner of list(path)) if (out.length < MAX_HOME_ENTRIES) out.push(`${path}/${inner}`);
  }
  return out;
}

export class PathRecorder {
  readonly facts: Facts = { commands: [], paths: [], unresolved: [] };
  private readonly seenPaths = new Set<string>();
  private readonly seenReasons = new Set<string>();
  /** Links the command itself makes (`ln -s .env y && cat y`): absolute link path → absolute target. */
  readonly links = new Map<string, string>();
  /** Inside a script file the line runs (script-files.ts): a path it computes at run time is left out. */
  scriptDepth = 0;
  /** Files the line writes, by absolute path: the text, when known (written-scripts.ts), else null. */
  readonly written = new Map<string, string | null>();
  /** Files the line copies from a file on the disk, by absolute path: the source's path (written-scripts.ts, rememberCopy). */
  readonly copies = new Map<string, string>();
  /** What the line moves (`mv src keep`): where it lands → what it was, both absolute; a later delete there deletes that. */
  readonly moves = new Map<string, string>();

  constructor(readonly at: Places) {}

  unresolved(reason: string): void {
    if (this.seenReasons.has(reason)) return;
    this.seenReasons.add(reason);
    this.facts.unresolved.push(reason);
  }

  /** Records one path effect, resolved from the shell's directory. */
  path(field: Field, effect: Effect, by: string, cwd: string | null, options: PathOptions = {}): void {
    const text = field.text;
    if (text === "" || (text === "-" && effect !== "delete")) return;
    const absolute = text.startsWith("/") ? text : cwd !== null && field.resolved ? joinPath(cwd, text) : undefined;
    // The values hookit can name for an unknown field get the same effect; the unknown is recorded too.
    const candidates = field.resolved ? undefined : field.candidates;
    if (candidates) for (const candidate of candidates) this.path(candidate, effect, by, cwd, options);
    // In a script file, a path computed at run time is not a path fact (script-files.ts); a strict policy still sees it.
    if (this.scriptDepth > 0 && (!field.resolved || absolute === undefined)) {
      this.unresolved(`path in a script: ${text}`);
      return;
    }
    // `find ~ -name 'id_*' | xargs cat`, `cat $(find …)`: a reader of what a find lists opens what its
    // expression may match below the roots, the secret files among them, as `find … -exec cat {} +` does.
    if (!field.resolved && field.findListing && effect === "read") this.listedSecrets(field.findListing, by, cwd);
    // What `find .`/`ls src` print lies under where they looked: inside the project (or temp), so is every value.
    if (!field.resolved && field.under && field.under.every((root) => this.staysIn(root, cwd))) {
      this.unresolved(`path: ${text}`);
      return;
    }
    if (!field.resolved || absolute === undefined) {
      this.add({
        path: text,
        lexical: text,
        effect,
        location: "unknown",
        inside: false,
        resolved: false,
        by,
        recursive: options.recursive,
      });
      if (!field.resolved) this.unresolved(`path: ${text}`);
      else this.unresolved(`relative path in an unknown directory: ${text}`);
      return;
    }
    const lexical = lexicalPath(absolute);
    // `mv src old && rm -rf old`: what goes is what was moved there, which is on the disk by its old name.
    if (effect === "delete" && this.moves.size > 0) {
      const origin = movedFrom(this.moves, lexical);
      if (origin !== undefined && origin !== lexical) this.path({ text: origin, resolved: true }, "delete", by, null, options);
    }
    // What a write leaves in the file is not known, unless the writer says (written-scripts.ts).
    if ((effect === "write" || effect === "delete") && !options.keepsText) {
      this.written.set(lexical, null);
      this.copies.delete(lexical);
    }
    // `..` after a link leads out of where the link points (the kernel's walk), not back past the link.
    const walked = withoutTrailingSlash(physicalPath(text.startsWith("/") ? text : `${cwd}/${text}`));
    // A delete takes the link itself, not what it points to — unless written with a trailing slash.
    const real =
      options.noFollow && !text.endsWith("/")
        ? realPathNoFollow(joinPath(this.throughLinks(posix.dirname(walked)), posix.basename(walked)))
        : realPath(this.throughLinks(walked));
    // Writing into a temp directory itself (`tar xf x.tar -C /tmp`) is scratch work even where home lies under it (sandboxes, CI).
    const found = locate(real, this.at, lexical);
    let location = found === "outside" && effect === "write" && this.at.temps.includes(real) ? "temp" : found;
    // The repository's own config and hooks are not the project's files: git runs what they say at
    // its next call (the agent's own `git status` too), and no diff shows a change to them. Written
    // by anything but git (`git config` is judged on the value it sets), they count as outside.
    if (effect === "write" && location === "project" && by !== "git" && real.toLowerCase().includes("/.git/") && GIT_RUNS.test(real))
      location = "outside";
    const home = this.at.home;
    this.add({
      path: real,
      lexical,
      effect,
      location,
      inside: location === "project" || location === "project-root",
      resolved: true,
      by,
      recursive: options.recursive,
      ...(home.length > 1 && real.startsWith(`${home}/`) && { fromHome: `~${real.slice(home.length)}` }),
    });
    if (field.pattern) this.probe(field.pattern, absolute, effect, by, cwd, options);
  }

  /** The secret-named files a recursive reader of `field` opens (tree.ts), each a read by `by`. */
  secretsIn(field: Field, by: string, cwd: string | null, filter?: TreeFilter): void {
    if (!field.resolved || (cwd === null && !field.text.startsWith("/"))) return;
    const dir = realPath(this.throughLinks(normalPath(field.text.startsWith("/") ? field.text : joinPath(cwd as string, field.text))));
    const found = secretsUnder(dir, filter);
    if (found.truncated) this.unresolved(`too many files under ${field.text} to list its secrets`);
    for (const path of found.paths) this.path({ text: path, resolved: true }, "read", by, cwd);
    // `grep -r KEY ~`, `tar c /home`: a read of the home folder (or above it) reads the credentials kept there.
    const home = this.at.home;
    if (home === dir || home.startsWith(dir === "/" ? "/" : `${dir}/`))
      for (const path of homeDotEntries(home)) this.path({ text: path, resolved: true }, "read", by, cwd);
    // `grep -r token ~/.config`, `tar c ~/.local`: a folder inside the home holds credentials below it.
    else if (home.length > 1 && dir.startsWith(`${home}/`) && locate(dir, this.at) === "outside")
      for (const path of entriesBelow(dir)) this.path({ text: path, resolved: true }, "read", by, cwd);
  }

  private listedSecrets({ roots, expression }: FindListing, by: string, cwd: string | null): void {
    for (const root of roots)
      this.secretsIn(root, by, cwd, { file: (name, relative) => mayMatch(expression, { name, path: joinPath(root.text, relative) }) });
  }

  private staysIn(root: Field, cwd: string | null): boolean {
    if (!root.resolved || (cwd === null && !root.text.startsWith("/"))) return false;
    const real = realPath(this.throughLinks(normalPath(root.text.startsWith("/") ? root.text : joinPath(cwd as string, root.text))));
    const location = locate(real, this.at);
    return location === "project" || location === "project-root" || location === "temp";
  }

  /** A path under a link made earlier on the line, as the kernel will follow it then. */
  private throughLinks(path: string): string {
    if (this.links.size === 0) return path;
    for (let hops = 0; hops < 8; hops++) {
      let next: string | undefined;
      for (const [link, target] of this.links) {
        if (path === link) next = target;
        else if (path.startsWith(link + "/")) next = target + path.slice(link.length);
        if (next !== undefined) break;
      }
      if (next === undefined) return path;
      path = next;
    }
    return path;
  }

  private probe(pattern: string, absolute: string, effect: Effect, by: string, cwd: string | null, options: PathOptions): void {
    const slash = pattern.lastIndexOf("/");
    const segment = pattern.slice(slash + 1);
    if (!segment.startsWith(".") && !segment.startsWith("\\.")) return; // `*` never matches a leading dot
    const re = segmentRegExp(segment);
    const dir = posix.dirname(absolute);
    for (const name of PROBES) if (re.test(name)) this.path({ text: joinPath(dir, name), resolved: true }, effect, by, cwd, options);
  }

  private add(fact: { recursive?: boolean } & Omit<Facts["paths"][number], "recursive">): void {
    const key = `${fact.effect}\0${fact.path}\0${fact.lexical}\0${fact.recursive ? 1 : 0}`;
    if (this.seenPaths.has(key)) return;
    this.seenPaths.add(key);
    const { recursive, ...rest } = fact;
    this.facts.paths.push(recursive ? { ...rest, recursive: true } : rest);
  }
}

/** `text.replace(/(.)\/$/, "$1")` spelled out (it runs on every path): one trailing `/` dropped, unless it is all there is or follows a line break. */
/** A path as the path facts name it (`lexical`): absolute from `cwd`, normalized, without a trailing slash. */
export const lexicalPath = (absolute: string): string => withoutTrailingSlash(normalPath(absolute));

function withoutTrailingSlash(text: string): string {
  if (text.length < 2 || !text.endsWith("/")) return text;
  const before = text[text.length - 2];
  return before === "\n" || before === "\r" || before === "\u2028" || before === "\u2029" ? text : text.slice(0, -1);
}

/** The path a line's move put at `path` (or at a folder holding it) had before: `undefined` when none did. */
function movedFrom(moves: ReadonlyMap<string, string>, path: string): string | undefined {
  for (const [landing, origin] of moves) if (path === landing || path.startsWith(`${landing}/`)) return origin + path.slice(landing.length);
  return undefined;
}
