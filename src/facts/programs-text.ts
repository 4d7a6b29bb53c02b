// Programs that edit text: sed (its own commands read, write and run), awk,
// patch, and the editors.
import { RUNS_MADE_UP } from "../base/changed-unread.ts";
import type { Field } from "./expand.ts";
import { join } from "node:path";
import { inlineCodeNow } from "./occasional.lazy.ts";
import { patchTargets, patchText, unreadPatch } from "./patch-text.ts";
import { parseOptions } from "./options.ts";
import { sedScripts } from "./sed-scripts.ts";
import { copy } from "./expand.ts";
import { INLINE_CODE } from "./unchecked.ts";
import { textAsRun } from "./written-scripts.ts";
import { afterFirst, generic, mark, type Program, type Run } from "./programs-kit.ts";

export const TEXT: Program[] = [
  {
    names: ["sed", "gsed"],
    does: (args, run, program) => {
      sedRuns(args, run, program);
      sedFiles(args, run, program);
    },
  },
  {
    names: ["awk", "gawk", "mawk", "nawk"],
    does: awk,
  },
  {
    names: ["patch"],
    does: (args, run, program) => {
      const parsed = parseOptions(args, {
        short: "pFioBrDdYzVgL",
        long: [
          "strip",
          "fuzz",
          "input",
          "output",
          "prefix",
          "reject-file",
          "directory",
          "basename-prefix",
          "suffix",
          "version-control",
          "get",
          "ifdef",
          "quoting-style",
        ],
      });
      const input = parsed.values.get("i") ?? parsed.values.get("input") ?? parsed.operands.slice(1);
      mark(run, input, "read", program);
      if (parsed.flags.has("dry-run")) return;
      const output = parsed.values.get("o") ?? parsed.values.get("output") ?? parsed.operands.slice(0, 1);
      mark(run, output, "write", program);
      if (output.length > 0) return;
      // Without a file to patch, it changes the files the patch names (patch-text.ts), below `-d`.
      const file = input.length > 0 ? (input[0]?.resolved ? input[0].text : undefined) : run.walker.stdinFile;
      const text = file !== undefined ? patchText(run.walker, file, run.state.cwd) : input.length > 0 ? undefined : run.stdin;
      if (text === undefined) {
        run.walker.losses.push(unreadPatch(run.state.cwd));
        return run.walker.unresolved("patch: files named in the patch");
      }
      const strip = parsed.values.get("p")?.[0]?.text ?? parsed.values.get("strip")?.[0]?.text;
      const { writes, deletes } = patchTargets(text, strip !== undefined && /^\d+$/.test(strip) ? Number(strip) : "base");
      const dir = parsed.values.get("d")?.[0] ?? parsed.values.get("directory")?.[0];
      const at = (path: string): Field => ({ text: dir ? join(dir.text, path) : path, resolved: dir?.resolved ?? true });
      mark(run, writes.map(at), "write", program);
      mark(run, deletes.map(at), "delete", program);
    },
  },
  {
    names: ["vim", "vi", "nvim", "nano", "emacs", "code", "subl", "micro", "ed", "red", "ex", "pico", "joe"],
    does: editor,
  },
];

const sedFiles = afterFirst({ short: "eflE", long: ["expression", "file", "line-length"] }, "read", ["e", "expression", "f", "file"]);

/** sed's `e COMMAND` runs COMMAND; a bare `e` and the `s///e` flag run text from the input, which hookit cannot know. */
function sedRuns(args: Field[], run: Run, program: string): void {
  for (const script of sedScripts(args).scripts) {
    sedFileCommands(script, run, program);
    if (!/e/.test(script.text)) continue;
    for (const line of script.text.split(/[\n;]/)) {
      // An address (`1`, `$`, `/re/`, `1,3`) then the command letter.
      const m = /^\s*(?:[0-9$]+|\/(?:[^/\\]|\\.)*\/)?(?:\s*,\s*(?:[0-9$]+|\/(?:[^/\\]|\\.)*\/))?\s*!?\s*e(?:\s+(.*))?$/s.exec(line);
      if (m?.[1]) run.walker.shell(m[1], copy(run.state), `${program} e`, run.depth);
      else if (m) run.walker.unresolved(`${RUNS_MADE_UP}: ${program} e runs a command from its input`);
    }
    // `s/…/…/e` (any delimiter): the pattern space after the substitution runs as a command.
    // An address may come before it (`1s/^/x/e`, `$s/…/…/e`, `/re/s/…/…/e`).
    const s = /(?:^|[^A-Za-z])s([^\sA-Za-z0-9\\])(?:(?!\1)[^\\]|\\.)*\1((?:(?!\1)[^\\]|\\.)*)\1[gpIiMm0-9w]*e/s.exec(script.text);
    if (s) {
      run.walker.unresolved(`${RUNS_MADE_UP}: ${program} s///e runs a command made from its input`);
      run.walker.shell(s[2] as string, copy(run.state), `${program} s///e`, run.depth);
    }
  }
}

/** An address (`1`, `$`, `/re/`, `1,3`, `1~2`) before a sed command. */
const SED_ADDRESS = String.raw`(?:[0-9$~]+|\/(?:[^/\\]|\\.)*\/)?(?:\s*,\s*(?:[0-9$~+]+|\/(?:[^/\\]|\\.)*\/))?\s*!?\s*`;

const SED_FILE = new RegExp(`^\\s*${SED_ADDRESS}([rRwW])\\s+(.+)$`, "s");

/** `s/a/b/w FILE`: the substitution's `w` flag writes the lines it changed. */
const SED_S_WRITE = /(?:^|[;\n{}\s])s(.)(?:(?!\1)[^\\]|\\.)*\1(?:(?!\1)[^\\]|\\.)*\1[gpIiMme0-9]*w\s+(.+)$/s;

/** sed's `r FILE`/`R FILE` read a file into the output, `w FILE`/`W FILE` and `s///w FILE` write one (the name runs to the end of the line). */
function sedFileCommands(script: Field, run: Run, program: string): void {
  if (!/[rRwW]/.test(script.text)) return;
  for (const line of script.text.split("\n")) {
    const m = SED_FILE.exec(line) ?? undefined;
    const name = (m?.[2] ?? SED_S_WRITE.exec(line)?.[2])?.trim();
    if (!name) continue;
    const effect = m && (m[1] === "r" || m[1] === "R") ? "read" : "write";
    run.walker.path({ text: name, resolved: script.resolved }, effect, program, run.state.cwd);
  }
}

function editor(args: Field[], run: Run, program: string): void {
  const files = parseOptions(args, { short: "cSTuiw" }).operands.filter((f) => !f.text.startsWith("+"));
  mark(run, files, "read", program);
  mark(run, files, "write", program);
}

function awk(args: Field[], run: Run, program: string): void {
  const parsed = parseOptions(args, { short: "fvF", long: ["file", "assign", "field-separator", "include", "load"] });
  // gawk's `-i inplace` (the inplace extension) rewrites the files it reads; `-i` takes no value in this spec, so its name is the first operand.
  const shortInplace = parsed.flags.has("i") && parsed.operands[0]?.text === "inplace";
  const inplace = shortInplace || (parsed.values.get("include") ?? []).some((f) => f.text === "inplace");
  const rest = parsed.operands.slice(shortInplace ? 1 : 0);
  const programFile = parsed.values.get("f") ?? parsed.values.get("file");
  const operands = programFile ? rest : rest.slice(1);
  const text = programFile ? undefined : rest[0]?.text;
  // `awk -f prog.awk`, `awk -f /dev/stdin <<< '…'`: the program's file is read as a script's code is (its shell-outs).
  const file = programFile?.[0];
  const fileText =
    file === undefined
      ? undefined
      : ["/dev/stdin", "/dev/fd/0", "-"].includes(file.text)
        ? run.stdin
        : file.resolved
          ? textAsRun(run.walker, file.text, run.state.cwd, 64 * 1024)
          : undefined;
  if (fileText !== undefined) inlineCodeNow().codeMentions(fileText, run, program, true);
  if (text && /system\s*\(|\|\s*getline|"\s*\|/.test(text)) {
    run.walker.unresolved(`${INLINE_CODE}${program}`);
    // `curl … | awk '{system($0)}'`: the commands it runs may be the lines of its piped input
    // (a listing hookit knows, `ls | awk '{system("echo " $1)}'`, is not such input)
    if (run.fed === true && run.lines === undefined && /system\s*\(|\|\s*"/.test(text))
      run.walker.unresolved(`${program} reads commands from its input`);
  }
  if (text && />\s*"/.test(text)) run.walker.unresolved(`${INLINE_CODE}${program} writes files`);
  if (text) inlineCodeNow().codeMentions(text, run, program);
  // `-v f=.env` / `f=.env` operands: a value the program may open (`getline l < f`) is judged as a name it holds.
  const assigned = [
    ...(parsed.values.get("v") ?? []),
    ...(parsed.values.get("assign") ?? []),
    ...rest.filter((f) => /^[A-Za-z_][A-Za-z0-9_]*=/.test(f.text)),
  ];
  for (const field of assigned) {
    const value = field.text.slice(field.text.indexOf("=") + 1);
    inlineCodeNow().codeMentions(JSON.stringify(value), run, program);
    if (!programFile && text && /getline|<|close\s*\(/.test(text)) generic([{ ...field, text: value }], run, program);
  }
  mark(run, programFile ?? [], "read", program);
  const files = operands.filter((f) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(f.text));
  mark(run, files, "read", program);
  if (inplace) mark(run, files, "write", program);
}
