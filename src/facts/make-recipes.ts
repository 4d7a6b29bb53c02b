// `make [target…]` runs the recipes of a Makefile the project holds: shell lines, one shell each.
// They are read from the Makefile while judging the call and walked like a script file
// (script-files.ts), so a model that writes `clean:\n\trm -rf ~` and runs `make clean` is judged
// on what runs. The reading is a Makefile's plain shape: rules and their prerequisites, simple
// variables (`X = …`, `X := …`, `X ?= …`, `X += …`), automatic `$@` `$<` `$^`, recipe prefixes
// `@ - +`. A function (`$(shell …)`, `$(wildcard …)`) or a variable an `include` or a conditional
// may set is not known: it stays unknown in the line, as a script's run-time value does.
import { join } from "node:path";
import { copy, type Field } from "./expand.ts";
import { parseOptions } from "./options.ts";
import { generic, type Handler, type Run } from "./programs-kit.ts";
import { walkScriptText } from "./script-files.ts";
import { textAsRun } from "./written-scripts.ts";

const MAX_MAKEFILE = 256 * 1024;
/** At most this many rules are followed through their prerequisites. */
const MAX_RULES = 64;
const OPTIONS = {
  short: "CfIoWlE",
  long: [
    "directory",
    "file",
    "makefile",
    "include-dir",
    "old-file",
    "assume-old",
    "what-if",
    "new-file",
    "assume-new",
    "load-average",
    "eval",
    "jobs",
  ],
};
/** make's options that print or check the recipes without running them. */
const RUNS_NOTHING = [
  "n",
  "just-print",
  "dry-run",
  "recon",
  "q",
  "question",
  "t",
  "touch",
  "p",
  "print-data-base",
  "v",
  "version",
  "h",
  "help",
];

interface Makefile {
  rules: Map<string, { prerequisites: string[]; recipe: string[] }>;
  variables: Map<string, string>;
  /** The first target that is not special (`.PHONY`) or a pattern: what `make` alone builds. */
  goal?: string;
  /** It includes other files or has conditionals: a variable it does not define here may be set there. */
  partial: boolean;
}

function parseMakefile(text: string): Makefile {
  const file: Makefile = { rules: new Map(), variables: new Map(), partial: false };
  let recipe: string[] | undefined;
  for (const line of text.replace(/\\\r?\n[ \t]*/g, " ").split(/\r?\n/)) {
    if (line.startsWith("\t")) {
      recipe?.push(line.slice(1));
      continue;
    }
    const plain = line.replace(/(^|[^\\])#.*$/, "$1").trim();
    if (plain === "") continue;
    if (/^(-?include|sinclude|ifn?eq|ifn?def|else|endif|define|endef|export|override)\b/.test(plain)) {
      file.partial ||= !/^(endef|export)\b/.test(plain);
      recipe = undefined;
      continue;
    }
    const assignment = /^([A-Za-z_][\w.-]*)\s*(\+?=|:{1,3}=|\?=|!=)\s*(.*)$/.exec(plain);
    if (assignment) {
      const [, name, op, value] = assignment as unknown as [string, string, string, string];
      const before = file.variables.get(name);
      if (op === "!=") file.partial = true;
      else if (op === "?=") file.variables.set(name, before ?? value);
      else file.variables.set(name, op === "+=" && before !== undefined ? `${before} ${value}` : value);
      recipe = undefined;
      continue;
    }
    const rule = /^([^:=]+?)\s*::?\s*([^=]*)$/.exec(plain);
    if (!rule) {
      recipe = undefined;
      continue;
    }
    const [prerequisites = "", inline] = (rule[2] as string).split(";", 2);
    recipe = inline === undefined ? [] : [inline.trim()];
    for (const target of (rule[1] as string).split(/\s+/)) {
      const known = file.rules.get(target);
      const entry = known ?? { prerequisites: [], recipe: [] };
      entry.prerequisites.push(...(prerequisites.split("|")[0] as string).split(/\s+/).filter(Boolean));
      entry.recipe = recipe.length > 0 || !known ? recipe : entry.recipe;
      file.rules.set(target, entry);
      if (file.goal === undefined && !target.startsWith(".") && !target.includes("%")) file.goal = target;
    }
  }
  return file;
}

/** A recipe line as make hands it to the shell: variables and automatic variables expanded, `$$` a `$`. */
function expand(line: string, file: Makefile, target: string, prerequisites: string[], depth = 0): string {
  return line.replace(/\$(\$|[@<^+*?]|\(([^()]*)\)|\{([^{}]*)\})/g, (whole, one: string, paren?: string, brace?: string) => {
    if (one === "$") return "$";
    if (one === "@") return target;
    if (one === "<") return prerequisites[0] ?? "";
    if (one === "^" || one === "+") return prerequisites.join(" ");
    const name = paren ?? brace;
    if (name === undefined || /\s/.test(name)) return whole; // `$(shell …)` and other functions: not known
    const value = file.variables.get(name);
    if (value !== undefined) return depth < 8 ? expand(value, file, target, prerequisites, depth + 1) : whole;
    // Unset here and nowhere else it could be: make expands it to nothing.
    return file.partial ? `\${${name}}` : "";
  });
}

/**
 * A Makefile's text: `-f -` (or `/dev/stdin`) is what the line hands make on its input (`make -f -
 * <<< 'all: …'`); a file the line itself wrote earlier is what it wrote (written-scripts.ts).
 */
function makefileText(name: string, cwd: string | null, run: Run): string | undefined {
  if (name === "-" || name === "/dev/stdin" || name === "/dev/fd/0") {
    const fed =
      run.stdin ??
      (run.walker.stdinFile === undefined ? undefined : textAsRun(run.walker, run.walker.stdinFile, run.state.cwd, MAX_MAKEFILE));
    if (fed === undefined) run.walker.unresolved("make reads its Makefile from its input");
    return fed;
  }
  return textAsRun(run.walker, name, cwd, MAX_MAKEFILE);
}

export const makeRecipes: Handler = (args, run, program) => {
  const parsed = parseOptions(args, OPTIONS);
  generic(parsed.operands, run, program); // a target may name a file it makes
  if (RUNS_NOTHING.some((flag) => parsed.flags.has(flag))) return;
  const dir = [...(parsed.values.get("C") ?? []), ...(parsed.values.get("directory") ?? [])].at(-1);
  const cwd =
    dir === undefined
      ? run.state.cwd
      : !dir.resolved
        ? null
        : dir.text.startsWith("/")
          ? dir.text
          : run.state.cwd && join(run.state.cwd, dir.text);
  const named = [...(parsed.values.get("f") ?? []), ...(parsed.values.get("file") ?? []), ...(parsed.values.get("makefile") ?? [])];
  const names = named.length > 0 ? named.map((f: Field) => f.text) : ["GNUmakefile", "makefile", "Makefile"];
  const found = names.map((name) => makefileText(name, cwd, run)).find((t) => t !== undefined);
  // `make --eval='x: ; cmd' x`, `-E`: makefile text read before the makefiles, its rules as theirs.
  const evals = [...(parsed.values.get("eval") ?? []), ...(parsed.values.get("E") ?? [])].map((f) => f.text);
  const text = evals.length > 0 ? [...evals, found ?? ""].join("\n") : found;
  if (text === undefined) return;
  const file = parseMakefile(text);
  for (const operand of parsed.operands) {
    const m = /^([A-Za-z_][\w.-]*)=(.*)$/s.exec(operand.text);
    if (m) file.variables.set(m[1] as string, m[2] as string);
  }
  const goals = parsed.operands.filter((o) => !o.text.includes("=")).map((o) => o.text);
  const state = { ...copy(run.state), cwd };
  const done = new Set<string>();
  const build = (target: string) => {
    const rule = file.rules.get(target);
    if (!rule || done.has(target) || done.size >= MAX_RULES) return;
    done.add(target);
    for (const prerequisite of rule.prerequisites) build(prerequisite);
    for (const line of rule.recipe) {
      const command = expand(line.replace(/^[@+\- \t]+/, ""), file, target, rule.prerequisites);
      walkScriptText({ ...run, state }, command, copy(state), `${program} ${target}`);
    }
  };
  for (const goal of goals.length > 0 ? goals : file.goal ? [file.goal] : []) build(goal);
};
