// Programs that make, change, copy, move and delete files: coreutils and friends.
import { STDIN_FILES } from "./data-programs.ts";
import { join } from "node:path";
import type { Field } from "./expand.ts";
import { parseOptions, type OptionSpec } from "./options.ts";
import { expandGlob, hasGlob } from "./glob.ts";
import { overwriteLoss } from "./work-loss.ts";
import { rememberCopy, rememberWritten } from "./written-scripts.ts";
import { intoDirectory, mark, rememberLink, rememberMoves, secretsOf, writes, type Program, type Run } from "./programs-kit.ts";

export const FILES: Program[] = [
  // srm overwrites, trash moves to the trash can: either way the file is gone from where it was.
  {
    names: ["rm", "srm", "trash", "trash-put"],
    does: (args, run, program) => {
      const parsed = parseOptions(args);
      const recursive = ["r", "R", "recursive"].some((f) => parsed.flags.has(f));
      mark(run, parsed.operands, "delete", program, { recursive, noFollow: true });
    },
  },
  // npm's deleters, run through npx, `npm exec`, `pnpm dlx` and the like: rimraf removes each
  // operand's whole tree; del-cli each operand (a glob it expands itself) and all below it.
  {
    names: ["rimraf", "del-cli", "del"],
    does: (args, run, program) => {
      const parsed = parseOptions(args, { long: ["impl"] });
      if (parsed.flags.has("d") || parsed.flags.has("dry-run")) return;
      // Its own glob (`del 'dist/**'`, `rimraf --glob 'src/*'`): what the shell's would match, `**` as `*`, and all below.
      const cwd = run.state.cwd ?? "/";
      const operands = parsed.operands.flatMap((f): Field[] =>
        f.resolved && hasGlob(f.text)
          ? expandGlob(f.text.replaceAll("**", "*"), cwd).map((text) => ({ text, resolved: true, glob: true }))
          : [f],
      );
      mark(run, operands, "delete", program, { recursive: true, noFollow: true });
    },
  },
  {
    names: ["rmdir", "unlink"],
    does: (args, run, program) => mark(run, parseOptions(args).operands, "delete", program, { noFollow: true }),
  },
  // shred overwrites a file's text so nothing can bring it back: a delete, whether or not `-u` then unlinks the name.
  {
    names: ["shred"],
    does: (args, run, program) => {
      const parsed = parseOptions(args, { short: "nsx", long: ["iterations", "size", "remove", "random-source"] });
      mark(run, parsed.operands, "delete", program);
    },
  },
  {
    names: ["cp"],
    does: (args, run, program) => copyLike(args, run, program, false),
  },
  {
    names: ["mv"],
    does: (args, run, program) => copyLike(args, run, program, true),
  },
  {
    names: ["install"],
    does: (args, run, program) => {
      const parsed = parseOptions(args, INSTALL_OPTIONS);
      if (parsed.flags.has("d")) return mark(run, parsed.operands, "write", program);
      copyLike(args, run, program, false, INSTALL_OPTIONS);
    },
  },
  {
    names: ["ln"],
    does: (args, run, program) => {
      const parsed = parseOptions(args, { short: "tS", long: ["target-directory", "suffix"] });
      const target = parsed.values.get("t") ?? parsed.values.get("target-directory");
      if (target) return mark(run, target, "write", program);
      if (parsed.operands.length < 2) return;
      const [from, to] = parsed.operands.slice(-2) as [Field, Field];
      mark(run, [to], "write", program);
      const symbolic = parsed.flags.has("s") || parsed.flags.has("symbolic");
      // A hard link is a second name of the same file: whatever writes through it writes `from`.
      if (!symbolic) mark(run, [from], "write", program);
      rememberLink(run, from, to, symbolic);
    },
  },
  {
    names: ["tee", "sponge"],
    does: (args, run, program) => {
      mark(run, parseOptions(args).operands, "write", program, { keepsText: true });
      // `echo 'rm -rf ~' | tee x.sh`: what it writes is its input, when the line says it (written-scripts.ts).
      const append =
        program === "tee" ? args.some((a) => /^-[a-z]*a/.test(a.text) || a.text === "--append") : args.some((a) => a.text === "-a");
      for (const file of args.filter((a) => !a.text.startsWith("-")))
        rememberWritten(run.walker, file, run.state.cwd, run.stdin === undefined ? null : `${run.stdin}\n`, append);
    },
  },
  {
    names: ["mkfifo"],
    does: writes({ short: "mZ", long: ["mode", "context"] }),
  },
  {
    names: ["mknod"],
    does: (args, run, program) =>
      mark(run, parseOptions(args, { short: "mZ", long: ["mode", "context"] }).operands.slice(0, 1), "write", program),
  },
  // `mktemp ~/x.XXXX`, `mktemp -p DIR`: the file (or folder) it makes.
  {
    names: ["mktemp"],
    does: (args, run, program) => {
      const parsed = parseOptions(args, { short: "p", long: ["tmpdir", "suffix"] });
      const dir = parsed.values.get("p")?.[0] ?? parsed.values.get("tmpdir")?.[0];
      const template = parsed.operands[0];
      if (dir) mark(run, [template ? { ...template, text: join(dir.text, template.text) } : dir], "write", program);
      else if (template?.text.includes("/")) mark(run, [template], "write", program);
    },
  },
  {
    names: ["touch"],
    does: (args, run, program) => {
      const parsed = parseOptions(args, { short: "dtr", long: ["date", "reference", "time"] });
      mark(run, parsed.operands, "write", program, { keepsText: true });
    },
  },
  {
    names: ["mkdir"],
    does: writes({ short: "m", long: ["mode", "context"] }),
    // An empty folder on PATH runs nothing: `mkdir -p ~/.local/bin` is honest set-up.
    use: "makes-folders",
  },
  // `truncate -s 0` empties a file, a delete of what it held; any other size changes it.
  {
    names: ["truncate"],
    does: (args, run, program) => {
      const parsed = parseOptions(args, { short: "sr", long: ["size", "reference"] });
      const size = (parsed.values.get("s") ?? parsed.values.get("size"))?.at(-1)?.text;
      mark(run, parsed.operands, size !== undefined && /^0+[KMGTPEZY]?(iB|B)?$/i.test(size) ? "delete" : "write", program);
    },
  },
  {
    names: ["chmod", "chown", "chgrp"],
    does: modeThenFiles,
    // `-R` changes what is already below a folder (an archive extracted there only adds to it).
    use: "changes-below",
  },
  // File attributes and access lists: `chattr -R +i ~` or `setfacl -R -m u:me:--- ~` locks the
  // owner out of every file below, as `chmod -R 000` does.
  {
    names: ["chattr", "setfacl"],
    does: (args, run, program) => {
      const spec =
        program === "chattr"
          ? { short: "vp" }
          : { short: "mxMX", long: ["modify", "remove", "set", "modify-file", "remove-file", "set-file"] };
      // chattr's mode is a word of its own that starts with + - or = (`-i` is a mode, not an option)
      const words = program === "chattr" ? args.filter((a) => !/^[+=]/.test(a.text) && !/^-[aAcCdDeFijmPsStTux]+$/.test(a.text)) : args;
      const parsed = parseOptions(words, spec);
      const recursive = parsed.flags.has("R") || parsed.flags.has("recursive");
      mark(run, parsed.operands, "write", program, { keepsText: true, recursive });
    },
    use: "changes-below",
  },
  {
    names: ["dd"],
    does: (args, run, program) => {
      for (const arg of args) {
        if (arg.text.startsWith("if=")) run.walker.path({ ...arg, text: arg.text.slice(3) }, "read", program, run.state.cwd);
        if (arg.text.startsWith("of=")) run.walker.path({ ...arg, text: arg.text.slice(3) }, "write", program, run.state.cwd);
      }
    },
  },
];

/** cp's options that take a value; `install` adds its mode and owner. */
const COPY_OPTIONS: OptionSpec = {
  short: "tS",
  // `--backup`, `--reflink` and `--preserve` take a value only after `=` (`cp --reflink ~/.ssh/id_rsa k` copies the key)
  long: ["target-directory", "suffix", "sparse", "no-preserve"],
};
const INSTALL_OPTIONS: OptionSpec = { short: "tSmog", long: [...(COPY_OPTIONS.long ?? []), "mode", "owner", "group"] };

function copyLike(args: Field[], run: Run, program: string, move: boolean, spec: OptionSpec = COPY_OPTIONS): void {
  const parsed = parseOptions(args, spec);
  const target = parsed.values.get("t") ?? parsed.values.get("target-directory");
  const sources = target ? parsed.operands : parsed.operands.slice(0, -1);
  const dest = target ?? parsed.operands.slice(-1);
  const recursive = ["r", "R", "a", "recursive", "archive"].some((f) => parsed.flags.has(f));
  mark(run, sources, "read", program, recursive ? { recursive } : {});
  // A directory copied (or moved) whole takes its dotenv files along.
  if (recursive || move) secretsOf(run, sources, program, []);
  if (move) mark(run, sources, "delete", program, { noFollow: true });
  const landings = intoDirectory(run, dest, sources, target !== undefined);
  mark(run, landings, "write", program);
  if (move) rememberMoves(run, sources, landings);
  // `cp run.sh.tmpl run.sh && bash run.sh`: one file copied holds the source's text (written-scripts.ts).
  if (!recursive && sources.length === 1 && landings.length === 1) {
    // `cp /dev/stdin x.sh <<< '…'`: what it writes is its input, known when the line says it.
    if (STDIN_FILES.includes((sources[0] as Field).text))
      rememberWritten(run.walker, landings[0] as Field, run.state.cwd, run.stdin === undefined ? null : `${run.stdin}\n`, false);
    else rememberCopy(run.walker, sources[0] as Field, landings[0] as Field, run.state.cwd);
  }
  overwriteLoss(sources, landings, recursive, run.state.cwd, run.walker.losses);
}

function modeThenFiles(args: Field[], run: Run, program: string): void {
  // `chmod -x file`, `chmod -w,+r f`: a mode that starts with `-` is the mode (chmod has no such option), not a flag.
  const dashMode = program === "chmod" ? args.findIndex((a) => /^-[rwxXst]+(,[ugoa]*[-+=][rwxXst]*)*$/.test(a.text)) : -1;
  const words = dashMode < 0 ? args : [...args.slice(0, dashMode), ...args.slice(dashMode + 1)];
  const parsed = parseOptions(words, { long: ["reference", "from"] });
  const files = parsed.values.has("reference") || dashMode >= 0 ? parsed.operands : parsed.operands.slice(1);
  // `-R` changes everything below each folder.
  // A mode or an owner changes no text: a script written earlier on the line keeps what it says.
  mark(run, files, "write", program, { keepsText: true, recursive: parsed.flags.has("R") || parsed.flags.has("recursive") });
}
