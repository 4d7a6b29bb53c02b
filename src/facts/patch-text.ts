// The files a patch writes and deletes, read from its text: `git apply`, `git am`
// and `patch` change what the diff names, whatever the command line says. A
// unified or git diff names each file on its `---`/`+++` lines (git's also on
// `rename`/`copy` lines); `+++ /dev/null` deletes the `---` file. The first
// `strip` components of a name are dropped, as `-p` does (`a/src/x.ts` with -p1
// is `src/x.ts`).
import type { PathRecorder } from "./record.ts";
import type { Loss } from "./work-loss.ts";
import { textAsRun } from "./written-scripts.ts";

/** A patch file larger than this is not read (its files stay unknown). */
const MAX_PATCH = 1024 * 1024;

export interface PatchTargets {
  writes: string[];
  deletes: string[];
}

export function patchTargets(text: string, strip: number | "base"): PatchTargets {
  const writes = new Set<string>();
  const deletes = new Set<string>();
  const name = (path: string) => stripped(path, strip);
  let from: string | undefined;
  for (const line of text.split("\n")) {
    const header = /^(---|\+\+\+) ([^\t\r]+)/.exec(line);
    if (header) {
      const path = (header[2] as string).trim().replace(/^"(.*)"$/, "$1");
      if (header[1] === "---") from = path;
      else if (path !== "/dev/null") writes.add(name(path));
      else if (from !== undefined && from !== "/dev/null") deletes.add(name(from));
      continue;
    }
    // git's own lines name the file without the a/ b/ prefix.
    const moved = /^(rename from|rename to|copy to) (.+)$/.exec(line);
    if (moved) (moved[1] === "rename from" ? deletes : writes).add(stripped(moved[2] as string, 0));
  }
  return { writes: [...writes].filter(Boolean), deletes: [...deletes].filter(Boolean) };
}

function stripped(path: string, strip: number | "base"): string {
  if (strip === "base") return path.slice(path.lastIndexOf("/") + 1);
  const parts = path.split("/").filter((part, i) => part !== "" || i === 0);
  return parts.length > strip ? parts.slice(strip).join("/") : "";
}

/** A patch file's text as the line finds it (what the line wrote there, else a readable regular file of a sane size); undefined otherwise. */
export const patchText = (recorder: PathRecorder, file: string, cwd: string | null): string | undefined =>
  textAsRun(recorder, file, cwd, MAX_PATCH);

/**
 * A patch hookit cannot read (a program's output, a file the line writes, a process substitution)
 * may undo any uncommitted change: `git diff | git apply -R`, `git diff -R > p && patch -p1 < p`.
 * Every change in the repository is at risk; the repository says whether there is any.
 */
export const unreadPatch = (cwd: string | null): Loss => ({ kind: "changes", cwd, git: [] });
