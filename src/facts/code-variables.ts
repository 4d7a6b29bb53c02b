// Environment variables whose value a later program runs (a command line: `GIT_PAGER`,
// `LESSOPEN`, git-config.ts), or that make a program load code from a file before anything else:
// a shell sources `BASH_ENV` (bash, not interactive) or `ENV` (sh, dash, interactive), Node runs
// each `--require`/`--import` of `NODE_OPTIONS`, Python runs `PYTHONSTARTUP` and imports
// `sitecustomize`/`usercustomize` from `PYTHONPATH`. Set on a line (`BASH_ENV=./x.sh bash -c
// true`), what they load is judged where they are set, as the file run by hand (a file the line
// itself wrote is read as written), as is a file `RUBYOPT` requires (`-r./x.rb`). Those that load
// native code or a module by name (`LD_PRELOAD`, `PERL5OPT=-M…`, `RUBYOPT=-rjson`) name nothing hookit
// can read: they are marked unresolved.
import { existsSync } from "node:fs";
import { joinPath } from "../base/path-join.ts";
import { shellQuote } from "./candidate.ts";
import { COMMAND_VARIABLES, variableCommand } from "./git-config.ts";
import type { PathRecorder } from "./record.ts";
import { writtenText } from "./written-scripts.ts";

/** Variables whose code hookit cannot read at all. */
const LOADS_UNREADABLE = new Set(["LD_PRELOAD", "LD_AUDIT", "DYLD_INSERT_LIBRARIES", "PERL5OPT", "JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS"]);

/** Variables that make a program load a file first: its code is read as that file run by hand. */
const LOADS_FILES = new Set(["BASH_ENV", "ENV", "NODE_OPTIONS", "PYTHONSTARTUP", "PYTHONPATH", "RUBYOPT"]);

/** NODE_OPTIONS' options that load a file or module first. */
const NODE_LOADS = new Set(["--require", "-r", "--import", "--loader", "--experimental-loader"]);

export type CodeVariable = { lines: string[] } | { unknown: string } | undefined;

/** What setting `name` to `value` makes a later program run: shell lines to judge, or what cannot be known (`present`: a file is there, or the line wrote it). */
export function codeVariable(name: string, value: string | null, present: (file: string) => boolean): CodeVariable {
  // A variable whose value is a command line (`GIT_PAGER`, `LESSOPEN`): judged as run where it is set.
  if (COMMAND_VARIABLES.has(name))
    return value === null
      ? { unknown: `${name} of a value hookit cannot know` }
      : value === ""
        ? undefined
        : { lines: [variableCommand(name, value)] };
  // less's options from the environment: a `+!cmd` among them runs cmd at the start (program-commands.ts).
  if (name === "LESS" || name === "MORE") {
    if (value === null) return { unknown: `${name} of a value hookit cannot know` };
    const line = /(?:^|\s)\+\+?\s*!(.+)$/s.exec(value)?.[1];
    return line === undefined ? undefined : { lines: [line] };
  }
  if (LOADS_UNREADABLE.has(name)) return value === "" ? undefined : { unknown: `${name} loads code hookit cannot read` };
  if (!LOADS_FILES.has(name)) return undefined;
  if (value === null) return { unknown: `${name} of a value hookit cannot know` };
  if (value === "") return undefined;
  switch (name) {
    case "BASH_ENV":
    case "ENV":
      return { lines: [`. ${shellQuote(value)}`] };
    case "PYTHONSTARTUP":
      return { lines: [`python3 ${shellQuote(value)}`] };
    case "RUBYOPT": {
      // `-r./x.rb` loads that file; `-rjson` a library by name, which hookit cannot read.
      const required = rubyRequires(value);
      return required.some((lib) => !/^[./~]/.test(lib))
        ? { unknown: `${name} loads code hookit cannot read` }
        : { lines: required.map((file) => `ruby ${shellQuote(file)}`) };
    }
    case "PYTHONPATH":
      return {
        lines: value
          .split(":")
          .filter(Boolean)
          .flatMap((dir) => ["sitecustomize.py", "usercustomize.py"].map((file) => `${dir.replace(/\/+$/, "")}/${file}`))
          // only a file that is there, or that the line wrote: `PYTHONPATH=src pytest` names no program of its own
          .filter(present)
          .map((file) => `python3 ${shellQuote(file)}`),
      };
    default:
      return { lines: nodeLoads(value).map((file) => `node ${shellQuote(file)}`) };
  }
}

/** The files `NODE_OPTIONS` has Node load first (`--require ./x.js`, `-r x`, `--import=./y.mjs`). */
function nodeLoads(value: string): string[] {
  const words = value.split(/\s+/).filter(Boolean);
  const files: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    const eq = word.indexOf("=");
    if (eq > 0 && NODE_LOADS.has(word.slice(0, eq))) files.push(word.slice(eq + 1));
    else if (NODE_LOADS.has(word) && words[i + 1] !== undefined) files.push(words[++i] as string);
  }
  return files.map((file) => file.replace(/^(["'])(.*)\1$/, "$2"));
}

/** The libraries or files `RUBYOPT` has Ruby require first (`-r./x.rb`, `-r x`). */
function rubyRequires(value: string): string[] {
  const words = value.split(/\s+/).filter(Boolean);
  const required: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    if (word === "-r" && words[i + 1] !== undefined) required.push(words[++i] as string);
    else if (word.startsWith("-r")) required.push(word.slice(2));
  }
  return required;
}

/** A file that is there from `cwd`, or that the line wrote before (`echo … > sitecustomize.py && PYTHONPATH=. …`). */
export const presentFor =
  (recorder: PathRecorder, cwd: string | null) =>
  (file: string): boolean =>
    writtenText(recorder, file, cwd) !== undefined ||
    (file.startsWith("/") ? existsSync(file) : cwd !== null && existsSync(joinPath(cwd, file)));
