// Where a word of a command could reach hookit's protected places when the facts
// cannot say for sure: a pattern (as the shell would expand it, today or once
// the place exists), a path whose text names a protected place, or a marker in
// text hookit cannot resolve (`$(…)/.hookit`, inline code).
import { lstatSync, readdirSync, statSync } from "node:fs";
import { isAbsolute } from "node:path";
import { segmentRegExp } from "../facts/glob.ts";
import { resolvePath } from "../base/path-join.ts";
import {
  classify,
  concretePlaces,
  PROTECTED_MARKERS,
  protectedTarget,
  type Effect,
  type ProtectContext,
  type Protected,
} from "./locations.ts";

/** Names of protected files and folders, for patterns whose folder is unknown. */
const PROTECTED_NAMES = [
  ".hookit",
  "hookit.json",
  "hookit",
  "settings.json",
  "settings.local.json",
  "hooks.json",
  "config.toml",
  "trust.json",
  "decisions.jsonl",
  "opencode.json",
  "opencode.jsonc",
  "bin.cjs",
];

const GLOB = /[*?[]/;

/** Whether a word names a protected place at all: as a path (an option's `=value` too), as a pattern, or anywhere in its text. */
export function mention(word: string, cwd: string | null, ctx: ProtectContext): Protected | undefined {
  const value = /^-{1,2}[\w-]+=/.test(word) ? word.slice(word.indexOf("=") + 1) : word;
  if (value !== "" && !GLOB.test(value) && (cwd !== null || isAbsolute(value))) {
    const hit = classify(resolvePath(cwd ?? ctx.cwd, value), ctx);
    if (hit) return hit;
  }
  if (GLOB.test(value)) {
    const hit = globTarget(isAbsolute(value) || cwd === null ? value : resolvePath(cwd, value), "write", ctx);
    if (hit) return hit;
  }
  return markerHit(word, ctx);
}

/** Each context's protected paths in lower case, made once (markerHit runs for every word that may name one). */
const foldedPaths = new WeakMap<readonly Protected[], string[]>();

/** A protected place whose path or marker the text holds. */
export function markerHit(text: string, ctx: ProtectContext): Protected | undefined {
  const folded = text.toLowerCase(); // in any letter case, as classify compares (locations.ts)
  const places = concretePlaces(ctx);
  let paths = foldedPaths.get(places);
  if (!paths) foldedPaths.set(places, (paths = places.map((place) => place.path.toLowerCase())));
  for (let i = 0; i < places.length; i++) if (folded.includes(paths[i] as string)) return places[i];
  for (const marker of PROTECTED_MARKERS) if (folded.includes(marker)) return { path: marker, what: "a file hookit protects" };
  return undefined;
}

/** One path segment of a shell pattern: `*` and `?` never match a leading dot the pattern does not spell. */
function segmentMatcher(segment: string): (name: string) => boolean {
  const re = segmentRegExp(segment);
  const dotOk = segment.startsWith(".");
  return (name) => (dotOk || !name.startsWith(".")) && re.test(name);
}

/**
 * A pattern the shell expands: every protected place (or, for a delete, a
 * folder holding one) that it could match, and the files it matches now (a
 * symlink among them counts as where it points). A relative pattern is matched
 * on names alone.
 */
export function globTarget(pattern: string, effect: Effect, ctx: ProtectContext): Protected | undefined {
  if (!isAbsolute(pattern)) {
    const matches = segmentMatcher(pattern.split("/").pop() ?? pattern);
    return PROTECTED_NAMES.some(matches) ? { path: pattern, what: "a file hookit protects" } : undefined;
  }
  const parts = pattern.split("/").slice(1).map(segmentMatcher);
  for (const place of concretePlaces(ctx)) {
    const own = place.path.split("/").slice(1);
    const common = Math.min(parts.length, own.length);
    if (!own.slice(0, common).every((name, i) => parts[i]!(name))) continue;
    // The shell expands a pattern on what is there: a place that does not exist is matched by
    // none (an unmatched pattern stays a literal name, never the place's), so `rm -rf ./*` in a
    // project without OpenCode's config does not touch it. A dangling link still counts.
    if (lstatSync(place.path, { throwIfNoEntry: false }) === undefined) continue;
    // The pattern names the place or something inside it; for a delete, a folder above it too.
    if (parts.length >= own.length) return { path: pattern, what: place.what };
    if (effect === "delete") return { path: pattern, what: `a folder holding ${place.what}` };
  }
  const dir = pattern.slice(0, pattern.lastIndexOf("/")) || "/";
  if (GLOB.test(dir)) return undefined;
  const last = segmentMatcher(pattern.slice(pattern.lastIndexOf("/") + 1));
  try {
    if (!statSync(dir).isDirectory()) return undefined;
    for (const name of readdirSync(dir)) {
      if (!last(name)) continue;
      // A symlink (or hard link) among the matches counts as what it points to.
      const hit = protectedTarget(`${dir === "/" ? "" : dir}/${name}`, effect, ctx);
      if (hit) return hit;
    }
  } catch {
    // unreadable folder: nothing the shell would find either
  }
  return undefined;
}
