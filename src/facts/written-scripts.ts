// Files the line itself writes before it runs them: `echo 'rm -rf ~' > x.sh; bash x.sh`, `cat > x.py
// <<EOF … EOF && python3 x.py`. What runs is what the line wrote, not what the disk holds when the
// call is judged, so a script file the line wrote is read from the line (script-files.ts): its text
// when the writer's output is known (`echo`, `printf`, `cat` of a here-document), and otherwise not
// at all, which leaves it a `script file:` the facts cannot see into rather than the stale file.
import { existsSync } from "node:fs";
import { joinPath } from "../base/path-join.ts";
import { boundedFileText } from "../base/file-text.ts";
import { CHANGED_UNREAD } from "../base/changed-unread.ts";
import type { Redirect, Simple } from "./ast.ts";
import type { Field, ShellState } from "./expand.ts";
import { lexicalPath, type PathRecorder } from "./record.ts";
import type { Walker } from "./walk.ts";

/** A larger file on disk that `>>` adds to is taken as unknown (script-files.ts reads at most 64 KiB). */
const MAX_TEXT = 64 * 1024;

/** The key a written file is remembered under: its path as the path facts name it (undefined in an unknown directory). */
function writtenKey(text: string, cwd: string | null): string | undefined {
  if (text.startsWith("/")) return lexicalPath(text);
  return cwd === null ? undefined : lexicalPath(joinPath(cwd, text));
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

/** A redirect that writes its file, and that file as the walker expanded it. */
export interface OutputRedirect {
  redir: Redirect;
  field: Field;
}

/**
 * Remembers what output redirects write: the text a simple command `cmd` prints when the line says
 * it (`echo`, `printf`, `cat <<EOF`); a group's output, or a read-write `<>`, is not known.
 */
export function rememberRedirectWrites(walker: Walker, outputs: readonly OutputRedirect[], state: ShellState, cmd?: Simple): void {
  if (outputs.length === 0) return;
  const others = cmd?.redirs.filter((redir) => !outputs.some((output) => output.redir === redir));
  const printed = cmd && others && walker.subValue([{ cmds: [{ ...cmd, redirs: others }] }], state);
  for (const { redir, field } of outputs) {
    const text = printed === undefined || redir.op === "<>" ? null : `${printed}\n`;
    rememberWritten(walker, field, state.cwd, text, redir.op.endsWith(">>"));
  }
}

/**
 * A file's text as the line finds it when it reads it: what the line wrote there, else the disk's
 * (a regular file of at most `max` bytes). A file the line changed without saying how (`sed -i …
 * run.sh && bash run.sh`) has no text: the call is marked, since the disk's copy is not what runs.
 */
export function textAsRun(recorder: PathRecorder, file: string, cwd: string | null, max: number): string | undefined {
  const written = writtenText(recorder, file, cwd);
  const key = written === null ? writtenKey(file, cwd) : undefined;
  const copied = key === undefined ? undefined : recorder.copies.get(key);
  if (copied !== undefined) return boundedFileText(copied, null, max);
  if (written === null) recorder.unresolved(`${CHANGED_UNREAD}: ${file}`);
  return written !== undefined ? (written ?? undefined) : boundedFileText(file, cwd, max);
}

/**
 * `cp run.sh.tmpl run.sh`: the copy holds what `source` holds at that point. What the line wrote
 * there is carried over; a file from the disk is remembered by name only (`copies`), so its text
 * is read where the copy runs and never becomes a value of the line (`$(cat run.sh)`).
 */
export function rememberCopy(recorder: PathRecorder, source: Field, copy: Field, cwd: string | null): void {
  const from = source.resolved ? writtenKey(source.text, cwd) : undefined;
  const to = copy.resolved ? writtenKey(copy.text, cwd) : undefined;
  if (from === undefined || to === undefined) return;
  const written = recorder.written.get(from);
  if (written !== undefined) recorder.written.set(to, written);
  else recorder.copies.set(to, recorder.copies.get(from) ?? from);
}
