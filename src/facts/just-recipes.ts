// `just [recipe…]` runs recipes of the justfile it finds (in the folder or one above it): each
// recipe line in a shell of its own, its dependencies first. They are read while judging the call,
// as make's recipes are (make-recipes.ts), so a model that writes `clean:\n    rm -rf ~` and runs
// `just clean` is judged on what runs. The reading is a justfile's plain shape: recipes, their
// parameters and dependencies, `name := "value"` variables and `{{…}}` interpolation; an
// expression it cannot evaluate is left as it is (an unknown path), and a recipe with a `#!` line
// other than a shell's is not read (it stays `just recipe: …` in `hookit.unresolved`).
import { joinPath, parentDir, resolvePath } from "../base/path-join.ts";
import { copy, type Field } from "./expand.ts";
import { parseOptions } from "./options.ts";
import { generic, type Handler, type Run } from "./programs-kit.ts";
import { walkScriptText } from "./script-files.ts";
import { textAsRun } from "./written-scripts.ts";

const MAX_JUSTFILE = 256 * 1024;
/** At most this many recipes are followed through their dependencies. */
const MAX_RECIPES = 64;
const NAMES = ["justfile", "Justfile", ".justfile", "JUSTFILE"];
const OPTIONS = {
  short: "fdc",
  long: ["justfile", "working-directory", "set", "shell", "shell-arg", "command", "dotenv-filename", "dotenv-path"],
};
/** just's options that list, print or check recipes without running them. */
const RUNS_NOTHING = ["l", "list", "s", "show", "summary", "n", "dry-run", "evaluate", "dump", "fmt", "variables", "init", "edit"];
const SHELLS = /^#!\s*(?:\/usr\/bin\/env\s+(?:-S\s+)?)?(?:\S*\/)?(?:ba|da|z|k)?sh\b/;

interface Recipe {
  params: string[];
  dependencies: string[];
  body: string[];
}
interface Justfile {
  recipes: Map<string, Recipe>;
  variables: Map<string, string>;
  first?: string;
}

function parseJustfile(text: string): Justfile {
  const file: Justfile = { recipes: new Map(), variables: new Map() };
  let current: Recipe | undefined;
  for (const raw of text.split("\n")) {
    if (current && /^[ \t]/.test(raw)) {
      if (raw.trim() !== "") current.body.push(raw.trim());
      continue;
    }
    current = undefined;
    const line = raw.replace(/\s+#.*$/, "");
    const variable = /^(?:export\s+)?([A-Za-z_][\w-]*)\s*:=\s*(['"])(.*)\2\s*$/.exec(line);
    if (variable) {
      file.variables.set(variable[1] as string, variable[3] as string);
      continue;
    }
    const header = /^@?([A-Za-z_][\w-]*)((?:\s+[^:=\s][^:]*)?)\s*:(?!=)(.*)$/.exec(line);
    if (!header || /^(set|alias|import|mod|export)\b/.test(line)) continue;
    const params = (header[2] as string)
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map((p) => p.replace(/^[+*$]/, "").replace(/=.*$/, ""));
    const dependencies = [...(header[3] as string).matchAll(/\(?([A-Za-z_][\w-]*)/g)].map((m) => m[1] as string);
    current = { params, dependencies, body: [] };
    file.recipes.set(header[1] as string, current);
    file.first ??= header[1] as string;
  }
  return file;
}

/** `{{name}}` of a variable or parameter; any other expression stays as written. */
function interpolate(line: string, values: Map<string, string>): string {
  return line.replace(/\{\{\s*([A-Za-z_][\w-]*)\s*\}\}/g, (whole, name: string) => values.get(name) ?? whole);
}

/** The justfile: one named, else the first of just's names in the folder or a folder above it (to the root). */
function findJustfile(named: Field | undefined, cwd: string | null, run: Run): { text: string; dir: string } | undefined {
  if (named) {
    if (!named.resolved || cwd === null) return undefined;
    const path = resolvePath(cwd, named.text);
    const text = textAsRun(run.walker, path, null, MAX_JUSTFILE);
    return text === undefined ? undefined : { text, dir: parentDir(path) };
  }
  for (let dir = cwd; dir !== null; dir = parentDir(dir)) {
    for (const name of NAMES) {
      const text = textAsRun(run.walker, joinPath(dir, name), null, MAX_JUSTFILE);
      if (text !== undefined) return { text, dir };
    }
    if (dir === "/") break;
  }
  return undefined;
}

export const justRecipes: Handler = (args, run, program) => {
  const parsed = parseOptions(args, OPTIONS);
  generic(parsed.operands, run, program);
  if (RUNS_NOTHING.some((flag) => parsed.flags.has(flag))) return;
  const named = [...(parsed.values.get("f") ?? []), ...(parsed.values.get("justfile") ?? [])].at(-1);
  const found = findJustfile(named, run.state.cwd, run);
  if (found === undefined) return;
  const file = parseJustfile(found.text);
  const workDir = [...(parsed.values.get("d") ?? []), ...(parsed.values.get("working-directory") ?? [])].at(-1);
  const state = {
    ...copy(run.state),
    cwd: workDir ? (workDir.resolved ? resolvePath(run.state.cwd ?? "/", workDir.text) : null) : found.dir,
  };
  const done = new Set<string>();
  const build = (name: string, values: Map<string, string>) => {
    const recipe = file.recipes.get(name);
    if (!recipe || done.has(name) || done.size >= MAX_RECIPES) return;
    done.add(name);
    for (const dependency of recipe.dependencies) build(dependency, file.variables);
    if (recipe.body[0]?.startsWith("#!") && !SHELLS.test(recipe.body[0])) return run.walker.unresolved(`just recipe: ${name}`);
    const lines = recipe.body.filter((line) => !line.startsWith("#")).map((line) => interpolate(line.replace(/^[@-]+/, ""), values));
    walkScriptText({ ...run, state }, lines.join("\n"), copy(state), `${program} ${name}`);
  };
  const words = parsed.operands.map((o) => o.text);
  if (words.length === 0 && file.first) build(file.first, file.variables);
  // `just deploy prod test`: a recipe's parameters take the words after it; the next word is a recipe again.
  for (let k = 0; k < words.length; ) {
    const name = words[k++] as string;
    const recipe = file.recipes.get(name);
    if (!recipe) continue;
    const values = new Map(file.variables);
    for (const param of recipe.params) values.set(param, words[k++] ?? "");
    build(name, values);
  }
};
