// Self-protection judged on the command facts (src/facts): every command the
// line would run, with its argv after every expansion hookit can resolve, and
// every path it would write or delete — symlinks resolved, links made on the
// line followed, `$(find …)`/`$(ls …)` output and `${X:-default}` words as
// candidates. The conservative reader (shell.ts) runs first on every call; the
// facts decide what it cannot see, and are only derived when the reader was
// unsure or the line does something only the facts follow (links, aliases,
// rsync --delete, git clean), so most calls never load the parser.
import { factsNow } from "../engine/facts-loader.lazy.ts";
import { tooComplexMark } from "../facts/budget.ts";
import type { Facts, PathFact } from "../facts/types.ts";
import { protectedTarget, type Effect, type ProtectContext, type Protected } from "./locations.ts";
import { adminCommand, globTarget, markerHit, readShell, type ShellHit } from "./shell.ts";
import { mentionsHookit, namesStartupFile, STARTUP_FILE } from "./startup.ts";
import { holdsWord } from "../word-search.ts";
import { EMBEDDED_MARKS, RUNS_EMBEDDED } from "../facts/embedded-marks.ts";

/** Words of lines whose effect on a path the reader does not follow, even when every word is exact. */
export const FACTS_FOLLOW_WORDS = ["ln", "link", "alias", "rsync", "clean", ...RUNS_EMBEDDED];

/** Whether the line holds one of FACTS_FOLLOW_WORDS as a word, or a text that hands a program a command line (EMBEDDED_MARKS). */
export const onlyFactsFollow = (command: string) =>
  FACTS_FOLLOW_WORDS.some((word) => holdsWord(command, word)) || EMBEDDED_MARKS.some((mark) => command.includes(mark));
const ENV_NAMES = /^(HOOKIT|HOOKIT_CONFIG)=/;

/** The first thing in `command` that would change what hookit enforces: the reader's verdict, then the facts'. */
export function shellHit(command: string, ctx: ProtectContext): ShellHit | undefined {
  const read = readShell(command, ctx);
  if (read.hit) return read.hit;
  const startup = namesStartupFile(command);
  if (!read.unsure && !startup && !onlyFactsFollow(command)) return undefined;
  let facts: Facts;
  try {
    facts = factsNow(command).deriveCommandFacts(command, { cwd: ctx.cwd, projectDir: ctx.projectDir, env: ctx.env });
  } catch {
    return undefined; // the facts never throw; should loading them fail, the reader's verdict stands
  }
  const mark = tooComplexMark(facts.unresolved);
  if (mark) return { type: "complex", mark };
  const writesStartup = startup && facts.paths.some((p) => (p.effect === "write" || p.effect === "access") && STARTUP_FILE.test(p.path));
  if (
    writesStartup &&
    mentionsHookit(
      command,
      facts.commands.map((c) => c.argv),
    )
  )
    return { type: "env", name: "HOOKIT" };
  return factsHit(facts, ctx);
}

/** What the facts say the line would change among hookit's protected places. */
export function factsHit(facts: Facts, ctx: ProtectContext): ShellHit | undefined {
  for (let i = 0; i < facts.commands.length; i++) {
    const command = facts.commands[i]!;
    const words = command.argv.slice(1).map((text) => ({ text, exact: true, glob: false }));
    const admin = adminCommand(command.program, words, ctx);
    if (admin) return { type: "admin", command: admin };
    if (command.program === "env" || command.program === "export") {
      const set = command.argv.find((arg) => ENV_NAMES.test(arg));
      if (set) return { type: "env", name: set.slice(0, set.indexOf("=")) };
    }
  }
  for (let i = 0; i < facts.paths.length; i++) {
    const place = pathHit(facts.paths[i]!, ctx);
    if (place) return { type: "path", place };
  }
  return undefined;
}

function pathHit(fact: PathFact, ctx: ProtectContext): Protected | undefined {
  if (fact.effect !== "write" && fact.effect !== "delete") return undefined; // reading stays allowed; mentions are the reader's
  // `git clean`/`git rm` only remove what git may: the folder around a policy is not wiped by them.
  const effect: Effect = fact.effect === "delete" && fact.by !== "git" ? "delete" : "write";
  if (!fact.resolved) return markerHit(fact.path, ctx);
  return (
    protectedTarget(fact.path, effect, ctx) ??
    (fact.lexical !== fact.path ? protectedTarget(fact.lexical, effect, ctx) : undefined) ??
    // A pattern that matched nothing when hookit looked (`ln -s ~/.local/state st; rm -rf st/hoo*`).
    [fact.path, fact.lexical].map((p) => (/[*?[]/.test(p) ? globTarget(p, effect, ctx, ctx.cwd) : undefined)).find(Boolean)
  );
}
