// Archivers and compressors: what they read, what they write, and the commands
// tar runs itself.
import type { Field } from "./expand.ts";
import { parseOptions } from "./options.ts";
import { copy } from "./expand.ts";
import { fieldPath } from "./field.ts";
import { shellQuote } from "./candidate.ts";
import { mark, secretsOf, type Program, type Run } from "./programs-kit.ts";
import { extractsDownload } from "./downloads.ts";
import { archiveMembers, memberLandings } from "./archive-members.ts";
import { overwriteLoss } from "./work-loss.ts";

export const ARCHIVES: Program[] = [
  {
    names: ["tar", "bsdtar", "gtar"],
    does: tar,
  },
  {
    names: ["zip"],
    does: (args, run, program) => {
      // `zip -T -TT 'cmd' x.zip …`: the archive is tested by running `cmd x.zip` in a shell.
      const test = args.findIndex((a) => a.text === "-TT" || a.text === "--unzip-command");
      const words = test < 0 ? args : [...args.slice(0, test), ...args.slice(test + 2)];
      const parsed = parseOptions(words, { short: "bintxP", long: ["temp-path", "password"] });
      mark(run, parsed.operands.slice(0, 1), "write", program);
      mark(run, parsed.operands.slice(1), "read", program);
      if (parsed.flags.has("r") || parsed.flags.has("R") || parsed.flags.has("recurse-paths"))
        secretsOf(run, parsed.operands.slice(1), program, parsed.values.get("x") ?? []);
      const command = test < 0 ? undefined : args[test + 1];
      if (!command) return;
      if (!command.resolved) run.walker.unresolved("zip -TT of a value hookit cannot know");
      run.walker.shell(`${command.text} ${shellQuote(parsed.operands[0]?.text ?? "")}`, copy(run.state), "zip -TT", run.depth);
    },
  },
  {
    names: ["unzip"],
    does: (args, run, program) => {
      const parsed = parseOptions(args, { short: "dxP" });
      mark(run, parsed.operands.slice(0, 1), "read", program);
      // It writes the archive's tree into the folder, as `tar -x -C` does.
      const into = parsed.values.get("d") ?? [{ text: ".", resolved: true }];
      mark(run, into, "write", program, { recursive: true });
      extractsDownload(run.walker, parsed.operands.slice(0, 1), into.at(-1) as Field, run.state.cwd, false);
      const [archive, ...selected] = parsed.operands;
      if (archive) landsMembers(run, archive, into.at(-1) as Field, 0, selected, program);
    },
  },
  {
    names: ["gzip", "gunzip", "bzip2", "bunzip2", "xz", "unxz", "zstd", "lz4"],
    does: readWrite,
  },
  {
    names: ["cpio"],
    does: (args, run, program) => {
      const parsed = parseOptions(args, {
        short: "DEFHIMORC",
        long: ["directory", "pattern-file", "file", "format", "owner", "message"],
      });
      const dir = parsed.values.get("D") ?? parsed.values.get("directory") ?? [{ text: ".", resolved: true }];
      mark(
        run,
        [...(parsed.values.get("F") ?? []), ...(parsed.values.get("file") ?? [])],
        parsed.flags.has("o") ? "write" : "read",
        program,
      );
      // `-i` extracts into the directory, `-p` copies into the one it names: both can write anything below it.
      if (parsed.flags.has("i") || parsed.flags.has("extract")) mark(run, dir, "write", program, { recursive: true });
      if (parsed.flags.has("p") || parsed.flags.has("pass-through"))
        mark(run, parsed.operands.slice(0, 1), "write", program, { recursive: true });
    },
  },
];

function readWrite(args: Field[], run: Run, program: string): void {
  const parsed = parseOptions(args, { short: "S", long: ["suffix"] });
  mark(run, parsed.operands, "read", program);
  if (!parsed.flags.has("c") && !parsed.flags.has("stdout") && !parsed.flags.has("l") && !parsed.flags.has("t"))
    mark(run, parsed.operands, "write", program);
}

function tar(args: Field[], run: Run, program: string): void {
  const first = args[0];
  const bundled = first?.resolved && /^[A-Za-z]+$/.test(first.text) ? [{ ...first, text: `-${first.text}` }, ...args.slice(1)] : args;
  const parsed = parseOptions(bundled, {
    short: "fCbTXIHLNgKF",
    long: [
      "file",
      "to-command",
      "info-script",
      "new-volume-script",
      "rsh-command",
      "directory",
      "files-from",
      "exclude-from",
      "exclude",
      "use-compress-program",
      "transform",
      "format",
      "owner",
      "group",
      "mode",
      "mtime",
      "newer",
      "after-date",
      "strip-components",
    ],
  });
  tarRuns(bundled, parsed, run);
  const archive = (parsed.values.get("f") ?? parsed.values.get("file") ?? []).filter((f) => f.text !== "-");
  const create = ["c", "r", "u", "A", "create", "append", "update"].some((f) => parsed.flags.has(f));
  const extract = ["x", "extract", "get"].some((f) => parsed.flags.has(f));
  const lists = parsed.values.get("T") ?? parsed.values.get("files-from") ?? [];
  mark(run, lists, "read", program);
  // `-T -`: the names arrive on the input; known input names the files it archives.
  if (lists.some((f) => f.text === "-") && run.stdin !== undefined)
    mark(
      run,
      run.stdin
        .split("\n")
        .filter((line) => line.trim() !== "")
        .map((text) => ({ text, resolved: true })),
      "read",
      program,
    );
  if (create) {
    mark(run, archive, "write", program);
    mark(run, parsed.operands, "read", program, { recursive: true });
    secretsOf(run, parsed.operands, program, parsed.values.get("exclude") ?? []);
  } else {
    mark(run, archive, "read", program);
    const dirs = parsed.values.get("C") ?? parsed.values.get("directory") ?? [{ text: ".", resolved: true }];
    const into = dirs.at(-1) as Field;
    if (extract && !["O", "to-stdout", "to-command"].some((f) => parsed.flags.has(f))) {
      mark(run, dirs, "write", program, { recursive: true });
      extractsDownload(run.walker, archive, into, run.state.cwd, run.fed === true);
      // `tar -xf a.tar .hookit/hookit.json`: the members named are written below that folder.
      const members = parsed.operands.map((m) => ({ ...m, resolved: m.resolved && into.resolved, text: `${into.text}/${m.text}` }));
      mark(run, members, "write", program, { recursive: true });
      const strip = Number(parsed.values.get("strip-components")?.at(-1)?.text ?? 0);
      if (archive.length === 1) landsMembers(run, archive[0] as Field, into, Number.isInteger(strip) ? strip : 0, parsed.operands, program);
    }
  }
}

/** The commands tar runs: `--to-command`, `-I`/`--use-compress-program`, `--checkpoint-action=exec=`, volume scripts. */
function tarRuns(args: Field[], parsed: ReturnType<typeof parseOptions>, run: Run): void {
  const commands = ["I", "use-compress-program", "to-command", "info-script", "new-volume-script", "rsh-command"].flatMap(
    (name) => parsed.values.get(name) ?? [],
  );
  for (const field of parsed.values.get("checkpoint-action") ?? [])
    if (field.text.startsWith("exec=")) commands.push({ ...field, text: field.text.slice(5) });
  for (let i = 0; i < args.length; i++) if (args[i]!.text === "-F" && args[i + 1]) commands.push(args[i + 1]!); // `-F` is --info-script
  for (const field of commands) {
    if (!field.resolved) run.walker.unresolved("tar command of a value hookit cannot know");
    run.walker.shell(field.text, copy(run.state), "tar", run.depth);
  }
}

/**
 * `tar -xf a.tgz`, `unzip -o a.zip`: each file the archive on disk holds (archive-members.ts) is a
 * write where it lands (`selected` members only, when the line names some), and a bulk overwrite of
 * those with work (work-loss.ts). An archive hookit cannot read is judged by its folder alone.
 */
function landsMembers(run: Run, archive: Field, into: Field, strip: number, selected: readonly Field[], program: string): void {
  const cwd = run.state.cwd;
  const file = fieldPath(archive, cwd);
  const folder = fieldPath(into, cwd);
  if (file === undefined || folder === undefined || !selected.every((f) => f.resolved)) return;
  const members = archiveMembers(file);
  if (members === undefined) return;
  const wanted = selected.map((f) => f.text.replace(/\/+$/, ""));
  // A pattern (`unzip a.zip '*.json'`, `tar --wildcards`) may choose any of them.
  const every = wanted.length === 0 || wanted.some((w) => /[*?[]/.test(w));
  const chosen = every ? members : members.filter((m) => wanted.some((w) => m === w || m.startsWith(`${w}/`)));
  const landings: Field[] = memberLandings(chosen, folder, strip).map((text) => ({ text, resolved: true }));
  mark(run, landings, "write", program);
  overwriteLoss(landings, landings, true, cwd, run.walker.losses);
}
