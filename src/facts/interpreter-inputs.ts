// Where some interpreters take their code besides `-c`/`-e` (programs-shell.ts reads those):
// PowerShell's `-Command` in any abbreviation and `-EncodedCommand`, and the modules Node loads
// before the program (`-r`, `--import`, a `data:` URL). Each is read as inline code or a script.
import { Buffer } from "node:buffer";
import type { Field } from "./expand.ts";
import { inlineCodeNow } from "./occasional.lazy.ts";
import { readCodeScript } from "./script-files.ts";
import { INLINE_CODE } from "./unchecked.ts";
import { mark, type Run } from "./programs-kit.ts";

/**
 * PowerShell's `-Command` (any prefix of it, any case: `-c`, `-Com`) takes the rest of the words as
 * its code; `-EncodedCommand` (`-e`, `-ec`, `-enc`) the same code in base64 of UTF-16LE; `-File`
 * (or a first operand) a script. The code is read as inline code (foreign-code.ts reads its
 * cmdlets as the shell lines they stand for).
 */
export function powershell(args: Field[], run: Run, program: string): void {
  const at = args.findIndex((a) => /^-(c(o(m(m(a(n(d)?)?)?)?)?)?|e(c|n(c(o(d(e(d(c(o(m(m(a(n(d)?)?)?)?)?)?)?)?)?)?)?)?)?)$/i.test(a.text));
  const flag = args.findIndex((a) => /^-f(i(l(e)?)?)?$/i.test(a.text));
  const script = flag >= 0 ? args[flag + 1] : args.find((a) => !a.text.startsWith("-"));
  if (at >= 0) {
    const rest = args.slice(at + 1);
    run.walker.unresolved(`${INLINE_CODE}${program} ${args[at]!.text}`);
    if (rest.some((a) => !a.resolved)) run.walker.unresolved(`${program} code of a value hookit cannot know`);
    const encoded = /^-e/i.test(args[at]!.text);
    const code = encoded ? Buffer.from(rest[0]?.text ?? "", "base64").toString("utf16le") : rest.map((a) => a.text).join(" ");
    inlineCodeNow().codeMentions(code, run, program);
  } else if (script) {
    mark(run, [script], "read", program);
    readCodeScript(run, script, program);
  } else if (run.stdin !== undefined) inlineCodeNow().codeMentions(run.stdin, run, program);
  else if (run.fed === true) run.walker.unresolved(`${program} reads code from its input`);
}

/** Node's options that load a module before the program: its value is code that runs. */
const PRELOADS = new Set(["-r", "--require", "--import", "--loader", "--experimental-loader"]);

/**
 * `node --import 'data:text/javascript,…'`, `node -r ./x.js app.js`: the module each preload
 * option names runs first, a `data:` URL's text as inline code, a file as a script. The words
 * left are the command's without them.
 */
export function preloads(args: Field[], run: Run, program: string): Field[] {
  const rest: Field[] = [];
  for (let k = 0; k < args.length; k++) {
    const text = args[k]!.text;
    const eq = text.indexOf("=");
    const option = eq > 0 && text.startsWith("--") ? text.slice(0, eq) : text;
    if (!PRELOADS.has(option)) {
      rest.push(args[k]!);
      continue;
    }
    const value = eq > 0 && option !== text ? { ...args[k]!, text: text.slice(eq + 1) } : args[++k];
    if (!value) continue;
    if (value.text.startsWith("data:")) {
      run.walker.unresolved(`${INLINE_CODE}${program} ${option} data:`);
      const comma = value.text.indexOf(",");
      const body = value.text.slice(comma + 1);
      inlineCodeNow().codeMentions(
        /;base64$/.test(value.text.slice(0, comma)) ? Buffer.from(body, "base64").toString("utf8") : decodeURIComponentSafe(body),
        run,
        program,
      );
    } else if (/^[./~]/.test(value.text)) {
      mark(run, [value], "read", program);
      readCodeScript(run, value, program);
    }
  }
  return rest;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
