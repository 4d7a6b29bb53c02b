// Records path facts: each path made absolute from the shell's (or tool's)
// directory, resolved and located. Shared by the command walker and the file
// tools, which need no parser.
import { join, normalize, posix } from "node:path";
import type { Field } from "./expand.ts";
import { segmentRegExp } from "./glob.ts";
import { locate, realPath, realPathNoFollow, type Places } from "./paths.ts";
import type { Effect, Facts } from "./types.ts";

export interface PathOptions { recursive?: boolean; noFollow?: boolean }

/** Names an unmatched glob is also tried against: a glob that matches no file today may match a secret tomorrow. */
const PROBES = [".env", ".env.local", ".env.production", ".env.development"];

export class PathRecorder {
  readonly facts: Facts = { commands: [], paths: [], unresolved: [] };
  private readonly seenPaths = new Set<string>();
  private readonly seenReasons = new Set<string>();

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
    const absolute = text.startsWith("/") ? text : cwd !== null && field.resolved ? join(cwd, text) : undefined;
    if (!field.resolved || absolute === undefined) {
      this.add({ path: text, lexical: text, effect, location: "unknown", inside: false, resolved: false, by, recursive: options.recursive });
      if (!field.resolved) this.unresolved(`path: ${text}`);
      else this.unresolved(`relative path in an unknown directory: ${text}`);
      return;
    }
    const lexical = normalize(absolute).replace(/(.)\/$/, "$1");
    const real = options.noFollow ? realPathNoFollow(text.endsWith("/") ? absolute + "/" : absolute) : realPath(absolute);
    const location = locate(real, this.at, lexical);
    this.add({ path: real, lexical, effect, location, inside: location === "project" || location === "project-root", resolved: true, by, recursive: options.recursive });
    if (field.pattern) this.probe(field.pattern, absolute, effect, by, cwd, options);
  }

  private probe(pattern: string, absolute: string, effect: Effect, by: string, cwd: string | null, options: PathOptions): void {
    const slash = pattern.lastIndexOf("/");
    const segment = pattern.slice(slash + 1);
    if (!segment.startsWith(".") && !segment.startsWith("\\.")) return; // `*` never matches a leading dot
    const re = segmentRegExp(segment);
    const dir = posix.dirname(absolute);
    for (const name of PROBES) if (re.test(name)) this.path({ text: join(dir, name), resolved: true }, effect, by, cwd, options);
  }

  private add(fact: { recursive?: boolean } & Omit<Facts["paths"][number], "recursive">): void {
    const key = `${fact.effect}\0${fact.path}\0${fact.lexical}\0${fact.recursive ? 1 : 0}`;
    if (this.seenPaths.has(key)) return;
    this.seenPaths.add(key);
    const { recursive, ...rest } = fact;
    this.facts.paths.push(recursive ? { ...rest, recursive: true } : rest);
  }

}
