// Programs that copy to and from other machines or fetch from the network:
// the local files they read and write, and the commands ssh runs (on another host, marked with it).
import { fileUrlPath } from "../base/file-url.ts";
import type { Field, ShellState } from "./expand.ts";
import { parseOptions, type OptionSpec } from "./options.ts";
import { copy } from "./expand.ts";
import { generic, mark, secretsOf, type Program, type Run } from "./programs-kit.ts";
import { downloadsTo, remoteName } from "./downloads.ts";

/** wget's options that take a value. */
const WGET_OPTIONS: OptionSpec = {
  short: "OoiPaeUtTwYQDlXIAR",
  long: [
    "output-document",
    "output-file",
    "input-file",
    "directory-prefix",
    "post-file",
    "body-file",
    "append-output",
    "user-agent",
    "header",
    "post-data",
    "body-data",
    "method",
    "tries",
    "timeout",
    "wait",
  ],
};

export const NETWORK: Program[] = [
  {
    names: ["scp"],
    does: (args, run, program) => remoteCopy(args, run, program, { short: "cFiJloPS" }),
  },
  {
    names: ["rsync"],
    does: (args, run, program) =>
      remoteCopy(args, run, program, {
        short: "eBfT",
        long: [
          "exclude",
          "include",
          "rsh",
          "filter",
          "exclude-from",
          "include-from",
          "files-from",
          "backup-dir",
          "partial-dir",
          "temp-dir",
          "compare-dest",
          "link-dest",
          "chmod",
          "chown",
          "timeout",
          "port",
          "log-file",
          "password-file",
          "rsync-path",
        ],
      }),
  },
  {
    names: ["curl"],
    does: curl,
  },
  // HTTPie and xh: their words as any program's (`@file` is a body they read); with `--download`
  // (`-d`) they save what they fetch under the URL's name, or `-o FILE`: a file the line may run.
  {
    names: ["http", "https", "xh", "xhs"],
    does: (args, run, program) => {
      generic(args, run, program);
      if (!args.some((a) => a.text === "--download" || /^-[a-zA-Z]*d[a-zA-Z]*$/.test(a.text))) return;
      const at = args.findIndex((a) => a.text === "-o" || a.text === "--output");
      const named =
        at >= 0
          ? args.slice(at + 1, at + 2)
          : args.filter((a) => a.text.startsWith("--output=")).map((a) => ({ ...a, text: a.text.slice(9) }));
      const urls = args.filter((a) => !a.text.startsWith("-") && /^([a-z][a-z0-9+.-]*:\/\/)?[\w.-]+(:\d+)?\/\S+/i.test(a.text));
      const saved = named.length > 0 ? named : savedAs(urls, undefined);
      mark(run, saved, "write", program);
      downloadsTo(run.walker, saved, run.state.cwd);
    },
  },
  // Downloaders that save each URL under its own name unless told one (`-o`), in `-d DIR` (aria2c):
  // a write, and a file the line may then run.
  {
    names: ["aria2c", "axel", "lwp-download"],
    does: (args, run, program) => {
      const parsed = parseOptions(args, { short: program === "aria2c" ? "odisx" : "onsHU", long: ["out", "dir", "output", "input-file"] });
      const urls = parsed.operands.filter((f) => /^[a-z][a-z0-9+.-]*:\/\//i.test(f.text));
      const named = [...(parsed.values.get("o") ?? []), ...(parsed.values.get("out") ?? []), ...(parsed.values.get("output") ?? [])];
      // `lwp-download URL FILE`: the second operand is where it goes
      const local = program === "lwp-download" ? parsed.operands.filter((f) => !urls.includes(f)) : [];
      const dir = [...(parsed.values.get("d") ?? []), ...(parsed.values.get("dir") ?? [])].at(-1);
      const given = [...named, ...local].map((f) =>
        dir?.resolved && f.resolved ? { text: `${dir.text.replace(/\/+$/, "")}/${f.text}`, resolved: true } : f,
      );
      const saved = given.length > 0 ? given : savedAs(urls, dir);
      mark(run, saved, "write", program);
      downloadsTo(run.walker, saved, run.state.cwd);
      mark(run, [...(parsed.values.get("i") ?? []), ...(parsed.values.get("input-file") ?? [])], "read", program);
    },
  },
  {
    names: ["wget"],
    does: (args, run, program) => {
      const parsed = parseOptions(args, WGET_OPTIONS);
      for (const name of ["O", "output-document", "o", "output-file", "a", "append-output", "P", "directory-prefix"])
        mark(
          run,
          (parsed.values.get(name) ?? []).filter((f) => f.text !== "-"),
          "write",
          program,
        );
      const documents = [...(parsed.values.get("O") ?? []), ...(parsed.values.get("output-document") ?? [])];
      if (documents.length > 0) downloadsTo(run.walker, documents, run.state.cwd);
      // Without -O, each URL is saved under its own name (in `-P DIR`): a write, and a file the line may run.
      else if (!parsed.flags.has("spider")) {
        const dir = [...(parsed.values.get("P") ?? []), ...(parsed.values.get("directory-prefix") ?? [])].at(-1);
        const saved = savedAs(parsed.operands, dir, "index.html");
        mark(run, saved, "write", program);
        downloadsTo(run.walker, saved, run.state.cwd);
      }
      for (const name of ["i", "input-file", "post-file", "body-file"]) mark(run, parsed.values.get(name) ?? [], "read", program);
    },
  },
  {
    names: ["ssh"],
    does: (args, run, program) => {
      const parsed = parseOptions(args, { short: "bcDEeFIiJLlmOoPpQRSWw", posix: true });
      // Commands ssh runs on another machine: still read as if here (their shape), and marked with
      // that host, where no file or repository state is visible (the remote-copy pack reads them).
      // `-o HostName=…` replaces the name given (`ssh -o HostName=db localhost` reaches db); the first one counts.
      const renamed = (parsed.values.get("o") ?? []).find((o) => /^\s*HostName\s*[=\s]/i.test(o.text));
      const named = args[parsed.rest];
      const destination = renamed && { ...renamed, text: renamed.text.replace(/^\s*HostName\s*[=\s]\s*/i, "") };
      const host = run.state.host ?? (named === undefined || thisMachine(destination ?? named) ? undefined : named.text);
      const there = (state: ShellState): ShellState => (host === undefined ? state : { ...state, host });
      sshOptions(parsed.values.get("o") ?? [], run, program, there);
      const command = args.slice(parsed.rest + 1);
      // It runs in the remote account's home: for localhost, this machine's.
      if (command.length > 0)
        run.walker.shell(
          command.map((c) => c.text).join(" "),
          there({ ...copy(run.state), cwd: run.walker.expand.home }),
          program,
          run.depth,
        );
    },
  },
];

/** `localhost`, `127.0.0.1`, `::1` (with a user, a port or the `ssh://` form): the commands run here. */
function thisMachine(destination: Field): boolean {
  if (!destination.resolved) return false;
  const host = destination.text
    .replace(/^ssh:\/\//i, "")
    .replace(/^[^@]*@/, "")
    .replace(/^\[(.*)\](:\d+)?$/, "$1")
    .replace(/(?<=[^:]):\d+$/, "");
  return /^(localhost(\.localdomain)?|127(\.\d{1,3}){3}|::1|0:0:0:0:0:0:0:1)\.?$/i.test(host);
}

/**
 * `-o ProxyCommand=…`, `-o LocalCommand=…`, `-o KnownHostsCommand=…` (any case, `=` or a blank): commands run on
 * this machine; `-o RemoteCommand=…` runs on the other one.
 */
function sshOptions(options: readonly Field[], run: Run, program: string, there: (state: ShellState) => ShellState): void {
  for (const option of options) {
    const m = /^\s*(ProxyCommand|LocalCommand|KnownHostsCommand|RemoteCommand)\s*[=\s]\s*(.+)$/is.exec(option.text);
    if (!m || /^none$/i.test(m[2] as string)) continue;
    if (!option.resolved) run.walker.unresolved(`${program} -o of a value hookit cannot know`);
    const state = /^RemoteCommand$/i.test(m[1] as string) ? there(copy(run.state)) : copy(run.state);
    run.walker.shell((m[2] as string).replaceAll(/%[%hprnCdiLlkKTuf]/g, "x"), state, `${program} -o ${m[1]}`, run.depth);
  }
}

function remoteCopy(args: Field[], run: Run, program: string, spec: OptionSpec): void {
  const parsed = parseOptions(args, spec);
  const local = (f: Field) => !/^[^/]*:/.test(f.text);
  const sources = parsed.operands.slice(0, -1).filter(local);
  const dest = parsed.operands.slice(-1).filter(local);
  mark(run, sources, "read", program, { recursive: true });
  if (program === "rsync" || parsed.flags.has("r")) secretsOf(run, sources, program, parsed.values.get("exclude") ?? []);
  // `rsync -n`: a dry run lists what it would do and changes nothing (what it reads is still read).
  const dry = program === "rsync" && (parsed.flags.has("n") || parsed.flags.has("dry-run"));
  if (!dry) mark(run, dest, "write", program);
  if (!dry && program === "rsync" && [...parsed.flags].some((f) => f.startsWith("delete") || f === "del"))
    mark(run, dest, "delete", program, { recursive: true });
  // `--remove-source-files`: what was sent is deleted from where it came.
  if (!dry && program === "rsync" && parsed.flags.has("remove-source-files")) mark(run, sources, "delete", program, { recursive: true });
  for (const name of ["exclude-from", "include-from", "files-from", "password-file"])
    mark(run, parsed.values.get(name) ?? [], "read", program);
  // `-F` is an ssh config file it reads; `-i` a key ssh signs with, as `ssh -i` (which sends no key).
  mark(run, parsed.values.get("F") ?? [], "read", program);
  // `rsync -e 'ssh -p 2222'`: the remote shell is a command line run on this machine.
  if (program === "rsync")
    for (const field of [...(parsed.values.get("e") ?? []), ...(parsed.values.get("rsh") ?? [])]) {
      if (!field.resolved) run.walker.unresolved("rsync -e of a value hookit cannot know");
      run.walker.shell(field.text, copy(run.state), "rsync -e", run.depth);
    }
}

function curl(args: Field[], run: Run, program: string): void {
  const parsed = parseOptions(args, {
    short: "odTFKbcDHXAeuUxrEwmYy",
    long: [
      "output",
      "data",
      "data-binary",
      "data-raw",
      "data-ascii",
      "data-urlencode",
      "upload-file",
      "form",
      "form-string",
      "config",
      "cookie",
      "cookie-jar",
      "dump-header",
      "header",
      "request",
      "user-agent",
      "referer",
      "user",
      "proxy",
      "range",
      "cert",
      "key",
      "cacert",
      "output-dir",
      "json",
      "trace",
      "trace-ascii",
      "stderr",
      "write-out",
      "max-time",
      "connect-timeout",
      "retry",
      "url",
    ],
  });
  const values = (names: string[]) => names.flatMap((name) => parsed.values.get(name) ?? []);
  // `curl file:///home/me/.ssh/id_rsa` prints a local file as `cat` would.
  for (const url of [...parsed.operands, ...values(["url"])]) {
    const path = url.resolved ? fileUrlPath(url.text) : undefined;
    if (path !== undefined) run.walker.path({ text: path, resolved: true }, "read", program, run.state.cwd);
  }
  mark(
    run,
    values(["o", "output", "c", "cookie-jar", "D", "dump-header", "trace", "trace-ascii", "stderr"]).filter((f) => f.text !== "-"),
    "write",
    program,
  );
  mark(run, values(["T", "upload-file", "K", "config", "cert", "key", "cacert"]), "read", program);
  for (const field of values([
    "d",
    "data",
    "data-binary",
    "data-ascii",
    "data-urlencode",
    "F",
    "form",
    "json",
    "b",
    "cookie",
    "H",
    "header",
  ])) {
    const m = /^(?:[^=@<]*[=])?[@<](.+)$/s.exec(field.text);
    if (m) run.walker.path({ ...field, text: (m[1] as string).replace(/;.*$/, "") }, "read", program, run.state.cwd);
  }
  downloadsTo(run.walker, values(["o", "output"]), run.state.cwd);
  if (parsed.flags.has("O") || parsed.flags.has("remote-name") || parsed.flags.has("remote-name-all")) {
    mark(run, values(["output-dir"]).length ? values(["output-dir"]) : [{ text: ".", resolved: true }], "write", program);
    downloadsTo(run.walker, savedAs(parsed.operands, values(["output-dir"]).at(-1)), run.state.cwd);
  }
}

/** The files URLs are saved as under their own names (`curl -O`, `wget`), in `dir` when one is given. */
function savedAs(urls: readonly Field[], dir: Field | undefined, fallback?: string): Field[] {
  const saved: Field[] = [];
  for (const url of urls) {
    const name = url.resolved ? remoteName(url.text, fallback) : undefined;
    if (name === undefined || name === "." || name === ".." || name.includes("/")) continue;
    if (dir === undefined) saved.push({ text: name, resolved: true });
    else if (dir.resolved) saved.push({ text: `${dir.text.replace(/\/+$/, "")}/${name}`, resolved: true });
  }
  return saved;
}
