// Test runners and build tools run the project's own code: its test files, conftest.py, a jest
// config. That code on the disk is the project's (as `npm test` runs it); code the same line
// writes first is not (`echo '…' > conftest.py && pytest`): what the line wrote in a code file is
// read as typed code, as `python3 k.py` reads a k.py the line just wrote (script-files.ts).
import { inlineCodeNow } from "./occasional.lazy.ts";
import { generic, type Handler, type Run } from "./programs-kit.ts";

/** The interpreter whose code a file of this ending holds. */
const LANGUAGE: Readonly<Record<string, string>> = {
  py: "python3",
  js: "node",
  mjs: "node",
  cjs: "node",
  ts: "node",
  mts: "node",
  cts: "node",
  jsx: "node",
  tsx: "node",
  rb: "ruby",
  php: "php",
  pl: "perl",
};

/** Reads every code file the line wrote earlier, with the text it wrote, as code its language's interpreter runs. */
export function runsWrittenCode(run: Run): void {
  for (const [path, text] of run.walker.written) {
    if (typeof text !== "string") continue;
    const language = LANGUAGE[path.slice(path.lastIndexOf(".") + 1)];
    if (language !== undefined) inlineCodeNow().codeMentions(text, run, language);
  }
}

/** A runner of the project's code: its path-like words as any program's, and the code the line wrote. */
export const projectRunner: Handler = (args, run, program) => {
  generic(args, run, program);
  runsWrittenCode(run);
};

/** Programs that run the project's test or build code. */
export const PROJECT_RUNNERS = ["pytest", "py.test", "jest", "vitest", "mocha", "ava", "phpunit", "rspec", "tox", "nox"];
