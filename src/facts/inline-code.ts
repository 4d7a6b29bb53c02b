// Code hookit cannot run (`python -c`, `perl -e`, an awk program) still names
// the files it opens. A dotenv name anywhere in it counts as an access; a
// quoted path counts with the effect the code's verbs suggest — a delete when
// it calls unlink/rmtree/rm, a write when it opens for writing — so
// `perl -e 'unlink glob("~/*")'` is judged like `rm -rf ~/*`. The call stays
// flagged unresolved: this is what can be named, not all the code may do.
import type { Field } from "./expand.ts";
import { copy } from "./expand.ts";
import type { Run } from "./programs.ts";

const DOTENV_NAME = /(?:^|[^A-Za-z0-9_./-])((?:[A-Za-z0-9_.-]*\/)*\.env(?:\.[A-Za-z0-9_-]+)*)(?![A-Za-z0-9_-])/g;
const QUOTED = /(["'`])((?:(?!\1)[^\\\n]|\\.){1,4096}?)\1/g;
const DELETES = /\b(unlink|unlinkSync|rmtree|rmdir|rmdirSync|rm_rf|rm_r|rmSync|rimraf|remove|removedirs|delete|deleteSync|rm)\b|\brm\s+-/;
const WRITES =
  /\b(writeFile|writeFileSync|appendFile|appendFileSync|write_text|write_bytes|createWriteStream|copyFile|copyFileSync|cp|copy|copy2|copyfile|copytree|move|rename|renameSync|symlink|symlinkSync|chmod|truncate|mkdir|mkdirSync|makedirs|touch|File\.write|IO\.write)\b|open\s*\([^)]*,\s*["'][wax+]|open\s*\(\s*[A-Z]*\s*,\s*["']?[>+]|>\s*\$?["']/;

/** A quoted string that names a file: absolute, from home, or relative with a slash or a leading dot. */
const pathLike = (text: string) => /^(\/|~(\/|$)|\.{1,2}\/)/.test(text) || (/^[\w.-]+\/[\w./*-]*$/.test(text) && !/^\w+:\/\//.test(text));

/** Calls that hand a string to a shell: `system("…")`, `os.system`, `execSync`, `popen`, backticks, `qx(…)`. */
const SHELLS_OUT =
  /\b(system|popen|execSync|exec|spawnSync|getoutput|getstatusoutput|check_output|check_call|call|run|Popen)\s*\(|`|%x[({[]|\bqx\s*[({/]/;

export function codeMentions(code: string, run: Run, program: string): void {
  const { walker } = run;
  const cwd = run.state.cwd;
  // A quoted command line the code runs through a shell is judged as that command line.
  if (SHELLS_OUT.test(code))
    for (const m of code.matchAll(QUOTED))
      if (/\s/.test(m[2] as string)) walker.shell(m[2] as string, copy(run.state), `${program} inline code`, run.depth);
  for (const m of code.matchAll(DOTENV_NAME)) walker.path({ text: m[1] as string, resolved: true }, "access", program, cwd);
  const verb = DELETES.test(code) ? "delete" : WRITES.test(code) ? "write" : undefined;
  if (!verb) return;
  for (const m of code.matchAll(QUOTED)) {
    const raw = m[2] as string;
    if (!pathLike(raw) || raw.includes("${") || raw.includes("$(")) continue;
    const text = raw === "~" ? walker.expand.home : raw.startsWith("~/") ? walker.expand.home + raw.slice(1) : raw;
    const field: Field = { text, resolved: true, ...(/[*?[]/.test(text) && { pattern: text }) };
    if (verb === "delete") walker.path(field, "delete", program, cwd, { recursive: true, noFollow: true });
    else walker.path(field, "write", program, cwd);
  }
}
