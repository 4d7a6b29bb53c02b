// Parser for Codex's apply_patch envelope (harness-protocols §3.4):
//
//   *** Begin Patch
//   *** Add File: <path>        then "+line" for every line of the new file
//   *** Delete File: <path>
//   *** Update File: <path>
//   *** Move to: <path>         optional rename, right after Update File
//   @@ <optional context>       starts a hunk; " " context, "-" removed, "+" added
//   *** End of File             optional hunk terminator
//   *** End Patch
//
// Only what a policy needs is kept: the paths, the new content of added files
// and, per hunk, the old and new text (context lines belong to both).
import { HookitError } from "../../base/errors.ts";

interface PatchHunk {
  oldText: string;
  newText: string;
}

export type PatchOperation =
  | { kind: "add"; path: string; content: string }
  | { kind: "delete"; path: string }
  | { kind: "update"; path: string; moveTo?: string; hunks: PatchHunk[] };

/** Thrown with a message that says what is wrong and on which line. */
export class PatchSyntaxError extends HookitError {
  override name = "PatchSyntaxError";
  constructor(message: string) {
    super("E_PATCH_SYNTAX", message);
  }
}

const BEGIN = "*** Begin Patch";
const END = "*** End Patch";
const ADD = "*** Add File:";
const DELETE = "*** Delete File:";
const UPDATE = "*** Update File:";
const MOVE = "*** Move to:";
const END_OF_FILE = "*** End of File";

export function parseApplyPatch(text: string): PatchOperation[] {
  const lines = text
    .trim()
    .split("\n")
    .map((line) => line.replace(/\r$/, ""));
  if (lines[0]?.trim() !== BEGIN) throw new PatchSyntaxError(`the first line must be "${BEGIN}"`);
  if (lines.length < 2 || lines[lines.length - 1]?.trim() !== END) {
    throw new PatchSyntaxError(`the last line must be "${END}"`);
  }
  const body = lines.slice(1, -1);
  const operations: PatchOperation[] = [];
  let index = 0;
  while (index < body.length) {
    const line = body[index] as string;
    const marker = line.trim();
    const lineNo = index + 2;
    if (marker.startsWith(ADD)) {
      const path = pathAfter(marker, ADD, lineNo);
      let content = "";
      for (index++; index < body.length && (body[index] as string).startsWith("+"); index++) {
        content += `${(body[index] as string).slice(1)}\n`;
      }
      operations.push({ kind: "add", path, content });
    } else if (marker.startsWith(DELETE)) {
      operations.push({ kind: "delete", path: pathAfter(marker, DELETE, lineNo) });
      index++;
    } else if (marker.startsWith(UPDATE)) {
      const path = pathAfter(marker, UPDATE, lineNo);
      index++;
      let moveTo: string | undefined;
      const next = body[index]?.trim();
      if (next?.startsWith(MOVE)) {
        moveTo = pathAfter(next, MOVE, index + 2);
        index++;
      }
      const parsed = parseHunks(body, index, path, moveTo !== undefined);
      index = parsed.next;
      const update: PatchOperation = { kind: "update", path, hunks: parsed.hunks };
      if (moveTo !== undefined) update.moveTo = moveTo;
      operations.push(update);
    } else {
      throw new PatchSyntaxError(`line ${lineNo} is not a file operation: ${JSON.stringify(line)}`);
    }
  }
  if (operations.length === 0) throw new PatchSyntaxError("it names no file to add, update or delete");
  return operations;
}

/** One patch operation as hookit's normalized calls, labelled with the file it touches. */
export interface PatchCall {
  toolName: "write" | "edit";
  input: Record<string, unknown>;
  label: string;
}

/**
 * One normalized call per file. Pi has no delete tool: a deletion is hookit's
 * delete form (docs/events.md), a `write` of the path with empty content and
 * `delete: true`, so write-guarding policies see it. A rename shows the same
 * edits on both paths, so a policy guarding either path sees it.
 */
export function patchCalls(op: PatchOperation): PatchCall[] {
  switch (op.kind) {
    case "add":
      return [{ toolName: "write", input: { path: op.path, content: op.content }, label: op.path }];
    case "delete":
      return [{ toolName: "write", input: deleteInput(op.path), label: op.path }];
    case "update": {
      const paths = op.moveTo === undefined ? [op.path] : [op.path, op.moveTo];
      const edits = () => op.hunks.map((hunk) => ({ ...hunk }));
      return paths.map((path) => ({ toolName: "edit", input: { path, edits: edits() }, label: path }));
    }
  }
}

/** hookit's normalized form of "this call deletes `path`" (docs/events.md, "Deletes"). */
export function deleteInput(path: string): { path: string; content: string; delete: true } {
  return { path, content: "", delete: true };
}

// --- internal ---

function pathAfter(marker: string, prefix: string, lineNo: number): string {
  const path = marker.slice(prefix.length).trim();
  if (path === "") throw new PatchSyntaxError(`line ${lineNo} names no path`);
  return path;
}

// Inside a hunk a leading space marks a context line, so markers are matched
// without trimming the start: " *** Add File: x" is context, not a header.
function isFileHeader(line: string): boolean {
  const marker = line.trimEnd();
  return marker.startsWith(ADD) || marker.startsWith(DELETE) || marker.startsWith(UPDATE);
}

function parseHunks(body: string[], start: number, path: string, renamed: boolean): { hunks: PatchHunk[]; next: number } {
  const hunks: PatchHunk[] = [];
  let oldLines: string[] = [];
  let newLines: string[] = [];
  let changed = false;
  const flush = () => {
    if (oldLines.length > 0 || newLines.length > 0) hunks.push({ oldText: oldLines.join("\n"), newText: newLines.join("\n") });
    oldLines = [];
    newLines = [];
  };
  let index = start;
  for (; index < body.length && !isFileHeader(body[index] as string); index++) {
    const line = body[index] as string;
    if (line.startsWith("@@") || line.trimEnd() === END_OF_FILE) {
      flush();
      continue;
    }
    const rest = line.slice(1);
    // Codex accepts a bare empty line as an empty context line.
    if (line === "" || line.startsWith(" ")) {
      oldLines.push(rest);
      newLines.push(rest);
    } else if (line.startsWith("-")) {
      oldLines.push(rest);
      changed = true;
    } else if (line.startsWith("+")) {
      newLines.push(rest);
      changed = true;
    } else {
      throw new PatchSyntaxError(`line ${index + 2} in the update of ${path} is not a hunk line: ${JSON.stringify(line)}`);
    }
  }
  flush();
  // A pure rename may come without hunks; any other update must change a line.
  if (!changed && !renamed) throw new PatchSyntaxError(`the update of ${path} changes no line`);
  return { hunks, next: index };
}

/** One apply_patch envelope found in a shell command, and the directory the command `cd`s into first. */
export interface ShellPatch {
  text: string;
  dir?: string;
}

// Codex runs `apply_patch <<'EOF' … EOF` sent through a shell tool as a patch (and puts an
// `apply_patch` executable on PATH for the shell), optionally after `cd <dir> &&`.
const HEREDOC_PATCH_RE =
  /(?:\bcd\s+(?:'([^']*)'|"([^"]*)"|(\S+))\s*&&\s*)?\bapply_?patch\b[^\n]*?<<-?\s*(['"]?)([\w-]+)\4[^\n]*\n([\s\S]*?)\n\s*\5\s*(?:\n|$)/g;
const ENVELOPE_RE = /\*\*\* Begin Patch[\s\S]*?\*\*\* End Patch/g;

/**
 * The patch envelopes a shell command hands to apply_patch. A command that names apply_patch
 * and carries an envelope in any other form (a quoted argument, a pipe) gets every envelope, so
 * the files it may touch are never missed.
 */
export function patchesInShellCommand(command: string): ShellPatch[] {
  if (!/\bapply_?patch\b/.test(command) || !command.includes("*** Begin Patch")) return [];
  const found: ShellPatch[] = [];
  for (const match of command.matchAll(HEREDOC_PATCH_RE)) {
    const dir = match[1] ?? match[2] ?? match[3];
    const body = match[6] ?? "";
    for (const envelope of body.match(ENVELOPE_RE) ?? []) found.push(dir === undefined ? { text: envelope } : { text: envelope, dir });
  }
  if (found.length > 0) return found;
  return (command.match(ENVELOPE_RE) ?? []).map((text) => ({ text }));
}

/** A patch path as the shell sees it after `cd dir`: relative paths are joined to the directory. */
export function underDir(path: string, dir: string | undefined): string {
  if (dir === undefined || path.startsWith("/") || dir === ".") return path;
  return `${dir.replace(/\/+$/, "")}/${path}`;
}
