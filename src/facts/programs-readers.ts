// Programs that read their operands (and the few that also write an output
// file: `sort -o`, `uniq IN OUT`), searchers, and programs whose arguments are
// only data (`echo`, `ls`, `date`).
import { parseOptions } from "./options.ts";
import { ag, grep, rg } from "./search.ts";
import { ignore, mark, reads, readsOperands, type Program, type Run } from "./programs-kit.ts";
import { DATA_PROGRAMS } from "./data-programs.ts";

const READERS = [
  "cat",
  "tac",
  "nl",
  "less",
  "more",
  "most",
  "bat",
  "batcat",
  "view",
  "od",
  "hexdump",
  "hd",
  "strings",
  "base64",
  "base32",
  "basenc",
  "uudecode",
  "md5sum",
  "sha1sum",
  "sha224sum",
  "sha256sum",
  "sha384sum",
  "sha512sum",
  "b2sum",
  "cksum",
  "sum",
  "wc",
  "paste",
  "fold",
  "fmt",
  "pr",
  "column",
  "diff",
  "cmp",
  "comm",
  "iconv",
  "file",
  "zcat",
  "gzcat",
  "bzcat",
  "xzcat",
  "zstdcat",
  "zless",
  "zmore",
  "expand",
  "unexpand",
  "rev",
  "look",
  "open",
  "xdg-open",
  "lp",
  "lpr",
  "md5",
  "shasum",
  "pbcopy",
  "xclip",
  "xsel",
  "wl-copy",
  "gpg",
  "openssl",
  "diff3",
  "sdiff",
  "colordiff",
  "vimdiff",
  "highlight",
  "pygmentize",
  "glow",
  "mdcat",
  "man",
];

export const READING: Program[] = [
  { names: DATA_PROGRAMS, does: ignore },
  { names: READERS, does: readsOperands },
  // `uniq IN OUT`, `split FILE PREFIX`: the last operand is written.
  {
    names: ["uniq"],
    does: (args, run, program) =>
      inThenOut(
        parseOptions(args, { short: "fsw", long: ["skip-fields", "skip-chars", "check-chars", "group", "all-repeated"] }),
        run,
        program,
      ),
  },
  {
    names: ["split"],
    does: (args, run, program) =>
      inThenOut(
        parseOptions(args, {
          short: "abCdlnt",
          long: ["suffix-length", "additional-suffix", "bytes", "line-bytes", "lines", "number", "separator", "filter"],
        }),
        run,
        program,
      ),
  },
  // `xxd [-r] IN OUT`: OUT is written, with or without -r (which turns a dump back into bytes).
  {
    names: ["xxd"],
    does: (args, run, program) => {
      const parsed = parseOptions(args, { short: "cglsoCn", long: ["cols", "groupsize", "len", "seek", "offset", "name"] });
      mark(run, parsed.operands.slice(0, 1), "read", program);
      mark(run, parsed.operands.slice(1, 2), "write", program);
    },
  },
  // `csplit -f PREFIX FILE PATTERN…`: it writes PREFIX00, PREFIX01, … (`xx` in the current folder by default).
  {
    names: ["csplit"],
    does: (args, run, program) => {
      const parsed = parseOptions(args, { short: "fbn", long: ["prefix", "suffix-format", "digits"] });
      mark(run, parsed.operands.slice(0, 1), "read", program);
      const prefix = parsed.values.get("f") ?? parsed.values.get("prefix") ?? [];
      mark(
        run,
        prefix.map((p) => ({ ...p, text: `${p.text}00` })),
        "write",
        program,
      );
    },
  },
  {
    names: ["shuf"],
    does: (args, run, program) => {
      const parsed = parseOptions(args, { short: "noi", long: ["head-count", "output", "input-range", "random-source"] });
      mark(run, parsed.operands, "read", program);
      mark(run, parsed.values.get("o") ?? parsed.values.get("output") ?? [], "write", program);
    },
  },
  {
    names: ["grep", "egrep", "fgrep", "zgrep", "ack", "rgrep", "ggrep"],
    does: grep,
  },
  {
    names: ["rg"],
    does: rg,
  },
  {
    names: ["ag"],
    does: ag,
  },
  {
    names: ["head"],
    does: reads({ short: "nc", long: ["lines", "bytes"] }),
  },
  {
    names: ["tail"],
    does: reads({ short: "ncs", long: ["lines", "bytes", "sleep-interval", "pid"] }),
  },
  {
    names: ["cut"],
    does: reads({ short: "dfbc", long: ["delimiter", "fields", "bytes", "characters", "output-delimiter"] }),
  },
  {
    names: ["sort"],
    does: (args, run, program) => {
      const parsed = parseOptions(args, {
        short: "otSTkt",
        long: ["output", "key", "field-separator", "buffer-size", "temporary-directory", "files0-from"],
      });
      mark(run, parsed.operands, "read", program);
      mark(run, parsed.values.get("o") ?? parsed.values.get("output") ?? [], "write", program);
    },
  },
  {
    names: ["jq"],
    does: (args, run, program) => {
      const parsed = parseOptions(args, {
        short: "fL",
        long: ["from-file", "indent", "arg", "argjson", "slurpfile", "rawfile", "args", "jsonargs"],
      });
      mark(run, parsed.operands.slice(parsed.values.has("f") || parsed.values.has("from-file") ? 0 : 1), "read", program);
      mark(run, parsed.values.get("f") ?? parsed.values.get("from-file") ?? [], "read", program);
    },
  },
  {
    // `yq [eval] EXPRESSION FILE…`: the expression is data; `-i` rewrites the files.
    names: ["yq"],
    does: (args, run, program) => {
      const parsed = parseOptions(args, { short: "pIo", long: ["input-format", "output-format", "indent", "from-file"] });
      const operands = /^(e|eval|ea|eval-all)$/.test(parsed.operands[0]?.text ?? "") ? parsed.operands.slice(1) : parsed.operands;
      const files = parsed.values.has("from-file") ? operands : operands.slice(1);
      mark(run, [...files, ...(parsed.values.get("from-file") ?? [])], "read", program);
      if (parsed.flags.has("i") || parsed.flags.has("inplace")) mark(run, files, "write", program);
    },
  },
];

function inThenOut(parsed: ReturnType<typeof parseOptions>, run: Run, program: string): void {
  mark(run, parsed.operands.slice(0, 1), "read", program);
  mark(run, parsed.operands.slice(1, 2), "write", program);
}
