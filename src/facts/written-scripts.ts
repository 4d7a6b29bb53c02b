// Files the line itself writes before it runs them: `echo 'rm -rf ~' > x.sh; bash x.sh`, `cat > x.py
// <<EOF … EOF && python3 x.py`. What runs is what the line wrote, not what the disk holds when the
// call is judged, so a script file the line wrote is read from the line (script-files.ts): its text
// when the writer's output is known (`echo`, `printf`, `cat` of a here-document), and otherwise not
// at all, which leaves it a `script file:` the facts cannot see into rather than the stale file.
import { existsSync } from "node:fs";
import { joinPath, normalPath } from "../base/path-join.ts";
import { boundedFileText } from "../base/file-text.ts";
import type { Simple } from "./ast.ts";
import { expandWord, type Field, type ShellState } from "./expand.ts";
import type { PathRecorder } from "./record.ts";
import type { Walker } from "./walk.ts";

/** Redirects that write their file (`>`, `>|`, `>>`, `&>`, `&>>`, `<>`). */
const WRITES = new Set([">", ">|", ">>", "&>", "&>>", "<>"]);
/** A larger file on disk that `>>` adds to is taken as unknown (script-files.ts reads at most 64 KiB). */
const MAX_TEXT = 64 * 1024;

/** The key a written file is remembered under: its absolute, normalized path (undefined in an unknown directory). */
function writtenKey(text: string, cwd: string | null): string | undefined {
  if (!text.startsWith("/") && cwd === null) return undefined;
  return normalPath(text.startsWith("/") ? text : joinPath(cwd as string, text)).replace(/(?<=.)\/+$/, "");
}

/** What the line wrote to `file` before this point: its text, null when not known, undefined when it wrote nothing there. */
export function writtenText(recorder: PathRecorder, file: string, cwd: string | null): string | null | undefined {
  if (recorder.written.size === 0) return undefined;
  const key = writtenKey(file, cwd);
  return key === undefined ? undefined : recorder.written.get(key);
}

/** What `>>` adds to: the file's text, "" when there is no file yet, null when it cannot be read. */
function fileTextOrNone(path: string): string | null {
  return existsSync(path) ? (boundedFileText(path, null, MAX_TEXT) ?? null) : "";
}

/** Remembers that `file` now holds `text` (null: not known), added to what it held with `append`. */
export function rememberWritten(recorder: PathRecorder, file: Field, cwd: string | null, text: string | null, append = false): void {
  const key = file.resolved ? writtenKey(file.text, cwd) : undefined;
  if (key === undefined) return;
  const before = !append ? "" : recorder.written.has(key) ? recorder.written.get(key) : fileTextOrNone(key);
  recorder.written.set(key, text === null || before === null || before === undefined ? null : `${before}${text}`);
}

/** Remembers what a simple command's output redirects write: the text its program prints, when the line says it. */
export function rememberRedirectWrites(walker: Walker, cmd: Simple, state: ShellState): void {
  const outputs = cmd.redirs.filter((redir) => redir.target !== undefined && WRITES.has(redir.op));
  if (outputs.length === 0) return;
  const printed = walker.subValue([{ cmds: [{ ...cmd, redirs: cmd.redirs.filter((redir) => !outputs.includes(redir)) }] }], state);
  for (const redir of outputs) {
    const field = expandWord(redir.target!, state, walker.expand)[0];
    if (field) rememberWritten(walker, field, state.cwd, printed === undefined ? null : `${printed}\n`, redir.op.endsWith(">>"));
  }
}
