// Whether a file `find` meets could pass its expression: the name tests
// (`-name`, `-iname`, `-path`, `-regex`, …) are judged, `-type` for a regular
// file, and every other test (`-size`, `-newer`, `-mtime`, …) may go either
// way. Three-valued — yes, no, maybe — so `! -size +1k` stays maybe, and only
// a sure "no" keeps the file out: a guard must not miss what `-exec` may get.
import type { Field } from "./expand.ts";
import { segmentRegExp } from "./glob.ts";

type Value = 0 | 0.5 | 1;
const NO: Value = 0;
const MAYBE: Value = 0.5;
const YES: Value = 1;

/** Primaries that take one argument; `-exec` and friends run to `;` or `{} +`. */
const ONE_ARG = new Set(
  (
    "-name -iname -path -ipath -wholename -iwholename -regex -iregex -lname -ilname -type -xtype -size -mtime -mmin -atime -amin " +
    "-ctime -cmin -newer -anewer -cnewer -user -group -perm -uid -gid -links -inum -samefile -fstype -maxdepth -mindepth -printf " +
    "-fprint -fprint0 -fls -used -context -regextype -files0-from"
  ).split(" "),
);
const EXECS = new Set(["-exec", "-execdir", "-ok", "-okdir"]);

/** A file `find` meets: its name, and its path as `find` prints it (`./config/.env`). */
export interface Met {
  name: string;
  path: string;
  /** `d` for a folder (`-type d` holds); a regular file otherwise. */
  kind?: "d";
}

/** The expression's verdict on a regular file (or a folder, `kind: "d"`): `false` only when it surely fails. */
export function mayMatch(expression: readonly Field[], file: Met): boolean {
  const reader = new Reader(expression, file);
  return reader.or() !== NO;
}

class Reader {
  private i = 0;
  constructor(
    private readonly args: readonly Field[],
    private readonly file: Met,
  ) {}

  or(): Value {
    let value = this.and();
    while (this.peek() === "-o" || this.peek() === "-or" || this.peek() === ",") {
      const comma = this.peek() === ",";
      this.i++;
      const right = this.and();
      value = comma ? right : (Math.max(value, right) as Value);
    }
    return value;
  }

  private and(): Value {
    let value = this.unary();
    for (;;) {
      const next = this.peek();
      if (next === undefined || next === ")" || next === "-o" || next === "-or" || next === ",") return value;
      if (next === "-a" || next === "-and") this.i++;
      value = Math.min(value, this.unary()) as Value;
    }
  }

  private unary(): Value {
    const token = this.peek();
    if (token === "!" || token === "-not") {
      this.i++;
      return (1 - this.unary()) as Value;
    }
    if (token === "(") {
      this.i++;
      const value = this.or();
      if (this.peek() === ")") this.i++;
      return value;
    }
    return this.primary();
  }

  private primary(): Value {
    const field = this.args[this.i++];
    if (!field) return MAYBE;
    const name = field.text;
    if (EXECS.has(name)) {
      while (this.i < this.args.length) {
        const text = this.args[this.i++]?.text;
        if (text === ";" || (text === "+" && this.args[this.i - 2]?.text === "{}")) break;
      }
      return MAYBE;
    }
    if (!ONE_ARG.has(name)) return name === "-false" ? NO : name === "-true" ? YES : MAYBE;
    const arg = this.args[this.i++];
    if (!arg?.resolved) return MAYBE;
    return test(name, arg.text, this.file);
  }

  private peek(): string | undefined {
    return this.args[this.i]?.text;
  }
}

function test(name: string, arg: string, file: Met): Value {
  const yes = (matched: boolean): Value => (matched ? YES : NO);
  switch (name) {
    case "-name":
      return yes(segmentRegExp(arg).test(file.name));
    case "-iname":
      return yes(new RegExp(segmentRegExp(arg).source, "is").test(file.name));
    case "-path":
    case "-wholename":
      return yes(pathRegExp(arg, "s").test(file.path));
    case "-ipath":
    case "-iwholename":
      return yes(pathRegExp(arg, "is").test(file.path));
    case "-regex":
    case "-iregex":
      try {
        return yes(new RegExp(`^(?:${arg})$`, name === "-iregex" ? "is" : "s").test(file.path));
      } catch {
        return MAYBE; // emacs syntax JavaScript cannot read
      }
    case "-type":
      return arg.split(",").includes(file.kind ?? "f") ? YES : NO;
    case "-lname":
    case "-ilname":
      return NO; // a regular file is no link
    default:
      return MAYBE;
  }
}

/** `-path`'s pattern: like `-name`'s, but `*` and `?` also match `/`. */
function pathRegExp(pattern: string, flags: string): RegExp {
  const source = segmentRegExp(pattern).source.replaceAll("[^/]*", ".*").replaceAll("[^/]", ".");
  return new RegExp(source, flags);
}
