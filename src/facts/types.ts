// The facts hookit derives for a tool call. They are trusted (hookit computes
// them; the model cannot set them) and documented in docs/events.md.
import type { Location } from "./paths.ts";

export type { Location };

export type Effect = "read" | "write" | "delete" | "list" | "access";

export interface CommandFact {
  /** After quote removal and every expansion hookit could resolve; argv[0] is the program as written. */
  argv: string[];
  /** argv[0]'s basename (`/bin/rm` → `rm`); `""` when argv[0] could not be resolved. */
  program: string;
  /** The shell's directory when it runs; `null` when a `cd` went somewhere unknown. */
  cwd: string | null;
  /** How it was reached when not directly: `sh -c`, `eval`, `$()`, `sudo`, `xargs`, `find -exec`, … */
  via?: string;
  /** It runs on another machine (`ssh host '…'`), whose files and repositories hookit cannot see: that host, as written. */
  host?: string;
  /** Some argument holds a value hookit could not know. */
  unresolved?: true;
  /** What the line hands it on standard input, when the line says: a here-document, a here-string, `echo …|`. */
  input?: string;
  /** Its standard input comes from something hookit cannot read (a pipe from a program, a file). */
  fed?: true;
  /** The file on its standard input (`< x.sql`), as written. */
  inputFile?: string;
}

export interface PathFact {
  /** Absolute, `..` and symlinks resolved for the part that exists (a deleted link: the link). */
  path: string;
  /** Absolute as written, `..` removed, symlinks not followed. */
  lexical: string;
  effect: Effect;
  recursive?: true;
  location: Location;
  /** `location` is `project` or `project-root`. */
  inside: boolean;
  /** `false`: the path holds a value hookit could not know (it is then the text as written). */
  resolved: boolean;
  /** The program (or `redirect`, or the file tool) the effect comes from. */
  by: string;
  /** The real path as `~/…` when it lies below the home folder: a policy names a file of the home wherever the home is. */
  fromHome?: string;
}

export interface Facts {
  commands: CommandFact[];
  paths: PathFact[];
  /** Environment variables the line sets for the commands it runs (`NAME=… cmd`, `export NAME=…`, `env NAME=…`). */
  sets?: string[];
  /** What could not be known statically, e.g. `variable $DIR`, `inline code: python -c`, `syntax: …`. */
  unresolved: string[];
  /** Files read through a program that changes their text, whose content holds a secret (disguised.ts): `<path>: <kinds>`; only when there are any. */
  disguised?: string[];
  /** Work git cannot bring back that the call would lose, read from the repository (repo-state.ts); only on a call that puts some at risk. */
  discards?: string[];
  /** The pack rules the commands trigger (packs/registry.ts), when asked for. */
  packs?: string[];
  /**
   * The texts the line writes into files where it says them (`printf … > .env`, `echo … | tee
   * x.sql`), by absolute path: self-protection and the packs read them. Not enumerable.
   */
  written?: Readonly<Record<string, string>>;
}

export interface FactOptions {
  /** Where the shell (or the tool) runs. */
  cwd: string;
  /** The project directory; "inside the project" means under it. Defaults to `cwd`. */
  projectDir?: string;
  /** For `$HOME` and friends; defaults to process.env. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Read the repository for `discards` (spawns git, only for a line that puts work at risk): for a policy that looks at them. */
  discards?: boolean;
  /** Match the commands against the shipped packs (`packs`): for a policy that looks at them. */
  packs?: boolean;
  /**
   * One tool call's reading of its command, shared by every derivation of that call (self-protection,
   * then each hook): pass the same map to each, and a new one for the next call — the file system may
   * have changed in between. Keyed by the command, `cwd`, `projectDir` and `env` together.
   */
  shared?: SharedFacts;
}

/** See FactOptions.shared. */
export type SharedFacts = Map<string, { env: unknown; facts: Facts }>;
