// Files a download on the line saves, and a later command on the same line that runs one of
// them (`curl -o i.sh URL && sh i.sh`, `wget URL/x.py; python3 x.py`, `curl URL > i.sh; ./i.sh`,
// `curl URL | tar xz && ./install.sh`):
// that runs the download as surely as `curl URL | sh` does, and is reported the same way.
import { CHANGED_UNREAD, RUNS_FETCHED } from "../base/changed-unread.ts";
import { DOWNLOADERS } from "../base/downloaders.ts";
import type { Redirect } from "./ast.ts";
import { expandWord, type Field, type ShellState } from "./expand.ts";
import type { Walker } from "./walk.ts";
import { fieldPath } from "./field.ts";

const NAMES: ReadonlySet<string> = new Set(DOWNLOADERS);

/** `curl`, `wget`, … (by basename). */
export const isDownloader = (program: string): boolean => NAMES.has(program);

/** Notes a file a download saves. */
export function downloadsTo(walker: Walker, fields: readonly Field[], cwd: string | null): void {
  for (const field of fields) {
    const path = fieldPath(field, cwd);
    if (path !== undefined) walker.downloads.add(path);
  }
}

/** Where a download's output goes (`curl -fsSL URL > i.sh`): what it prints is saved there. */
export function downloadRedirects(walker: Walker, redirs: readonly Redirect[], state: ShellState): void {
  for (const redir of redirs)
    if (redir.target && !redir.op.startsWith("<") && redir.op !== ">&")
      downloadsTo(walker, expandWord(redir.target, state, walker.expand).slice(0, 1), state.cwd);
}

/**
 * An archive extracted into `into` that a download saved or pipes in (`curl -sL URL | tar xz`,
 * `wget URL/a.tgz && tar xf a.tgz`): what the folder then holds came from the download, so a
 * file the line runs from below it runs the download (`… && ./install.sh`). `fetched`: the folder
 * is itself what was fetched (`git clone URL dir`).
 */
export function extractsDownload(
  walker: Walker,
  archives: readonly Field[],
  into: Field,
  cwd: string | null,
  fed: boolean,
  fetched = false,
): void {
  if (walker.downloads.size === 0 && !fed) return;
  const fromDownload =
    fetched ||
    (archives.length === 0
      ? fed && walker.facts.commands.some((command) => isDownloader(command.program))
      : archives.some((archive) => walker.downloads.has(fieldPath(archive, cwd) ?? "")));
  const folder = fieldPath(into, cwd);
  if (fromDownload && folder !== undefined) walker.downloads.add(`${folder.replace(/\/+$/, "")}/`);
}

/** A file run as a script or a program: when a download earlier on the line saved it (or a folder it was extracted into holds it), what runs is the download. */
export function runsFile(walker: Walker, field: Field | undefined, cwd: string | null, program: string): void {
  if (walker.downloads.size === 0 || field === undefined) return;
  const path = fieldPath(field, cwd);
  if (path === undefined) return;
  if (walker.downloads.has(path)) return walker.unresolved(`${program} runs a command's output`);
  for (const entry of walker.downloads)
    if (entry.endsWith("/") && path.startsWith(entry)) {
      walker.unresolved(`${program} runs a command's output`);
      // what a fetched or unpacked folder will hold is read in a later call, once it is there
      return walker.unresolved(`${CHANGED_UNREAD}: ${field.text}`);
    }
}

/** The file name `curl -O` / `wget` give what a URL names: its last path segment (`wget`: `index.html` without one). */
export function remoteName(url: string, fallback?: string): string | undefined {
  const path = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, "").replace(/[?#].*$/s, "");
  const name = path.slice(path.lastIndexOf("/") + 1);
  if (name === "") return fallback;
  try {
    return decodeURIComponent(name);
  } catch {
    return name; // a stray `%`: the name as written
  }
}

/** deno's options that take the next word as their value (also read by programs-shell.ts for the script deno runs). */
export const DENO_VALUE_OPTIONS = [
  "-c",
  "--config",
  "--import-map",
  "--lock",
  "--cert",
  "--location",
  "--seed",
  "--ext",
  "-L",
  "--log-level",
];

/** Runners that fetch the script they run themselves: their subcommands that run one, and their options that take the next word. */
const FETCHING_RUNNERS = new Map([
  ["deno", [["run", "x", "install", "compile", "test", "bench", "serve"], DENO_VALUE_OPTIONS]],
  ["pipx", [["run"], ["--spec", "--python", "--index-url", "-i", "--pip-args"]]],
]);

/** `deno run -A https://…/x.ts`, `pipx run https://…/x.py`: the script, an address, is fetched and run unread. */
export function runsFetched(program: string, args: readonly Field[], walker: Walker): void {
  const [subs, values] = FETCHING_RUNNERS.get(program) ?? [];
  if (subs === undefined || values === undefined || !subs.includes(args[0]?.text ?? "")) return;
  for (let i = 1; i < args.length; i++) {
    const text = (args[i] as Field).text;
    if (values.includes(text)) i++;
    else if (!text.startsWith("-")) {
      if (/^https?:\/\//i.test(text) || !(args[i] as Field).resolved)
        walker.unresolved(`${RUNS_FETCHED}: ${program} ${args[0]?.text} ${text}`);
      return;
    }
  }
}
