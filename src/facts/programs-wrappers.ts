// Programs that run another command: privilege and scheduling wrappers,
// package runners, `env`, `xargs`, `parallel`, `at`, `make`'s recipes.
import { resolve } from "node:path";
import type { Field } from "./expand.ts";
import { parseOptions } from "./options.ts";
import { copy } from "./expand.ts";
import { parallel, xargs } from "./xargs.ts";
import { makeRecipes } from "./make-recipes.ts";
import { crontab } from "./crontab.ts";
import { justRecipes } from "./just-recipes.ts";
import { screen, tmux } from "./multiplexers.ts";
import { bwrap } from "./sandboxes.ts";
import { walkShellScript } from "./script-files.ts";
import { exec, mark, wrapper, type Program, type Run } from "./programs-kit.ts";

export const WRAPPERS: Program[] = [
  {
    names: ["xargs"],
    does: xargs,
  },
  {
    names: ["env"],
    does: env,
  },
  {
    names: ["sudo"],
    does: wrapper({
      short: "ugpCDhrtTUR",
      long: ["user", "group", "prompt", "chdir", "host", "role", "type", "close-from", "other-user", "command-timeout"],
      posix: true,
    }),
  },
  {
    names: ["doas"],
    does: wrapper({ short: "uC", posix: true }),
  },
  {
    names: ["command"],
    does: (args, run, program) => {
      const parsed = parseOptions(args, { posix: true });
      if (parsed.flags.has("v") || parsed.flags.has("V")) return;
      exec(run, args.slice(parsed.rest), program);
    },
  },
  {
    names: ["builtin"],
    does: wrapper({ posix: true }),
  },
  {
    names: ["exec"],
    does: wrapper({ short: "a", posix: true }),
  },
  {
    names: ["taskset"],
    does: (args, run, program) => {
      const parsed = parseOptions(args, { short: "", posix: true });
      // `taskset MASK CMD…`, `taskset -c LIST CMD…`: the first operand is the CPU list; `-p` acts on a pid.
      if (!parsed.flags.has("p") && !parsed.flags.has("pid")) exec(run, args.slice(parsed.rest + 1), program);
    },
  },
  {
    names: ["prlimit"],
    does: (args, run, program) =>
      exec(run, args.slice(parseOptions(args, { short: "p", long: ["pid", "output"], posix: true }).rest), program),
  },
  {
    names: ["setpriv"],
    does: wrapper({
      long: ["reuid", "regid", "groups", "inh-caps", "ambient-caps", "bounding-set", "securebits", "selinux-label", "apparmor-profile"],
      posix: true,
    }),
  },
  {
    names: ["chrt"],
    does: (args, run, program) => {
      const parsed = parseOptions(args, { short: "TPD", long: ["sched-runtime", "sched-period", "sched-deadline"], posix: true });
      if (!parsed.flags.has("p") && !parsed.flags.has("pid")) exec(run, args.slice(parsed.rest + 1), program); // the priority first
    },
  },
  {
    names: ["numactl"],
    does: wrapper({ short: "CNmMpP", long: ["cpunodebind", "membind", "physcpubind", "preferred", "interleave"], posix: true }),
  },
  // `npx -c 'cmd'` runs the string in a shell; otherwise the first operand is the package's program.
  {
    names: ["npx", "pnpx", "bunx"],
    does: (args, run, program) => {
      const parsed = parseOptions(args, { short: "pc", long: ["package", "call"], posix: true });
      const call = [...(parsed.values.get("c") ?? []), ...(parsed.values.get("call") ?? [])];
      for (const c of call) run.walker.shell(c.text, copy(run.state), `${program} -c`, run.depth);
      if (call.length === 0) exec(run, args.slice(parsed.rest), program);
    },
  },
  {
    names: ["nohup", "setsid", "chronic", "unbuffer"],
    does: wrapper({ posix: true }),
  },
  // Run a command as another user (polkit's pkexec, systemd's run0) or under a session bus.
  {
    names: ["pkexec"],
    does: wrapper({ long: ["user"], posix: true }),
  },
  {
    names: ["run0"],
    does: wrapper({
      short: "ugD",
      long: ["user", "group", "chdir", "nice", "setenv", "unit", "property", "description", "slice", "machine", "background"],
      posix: true,
    }),
  },
  {
    names: ["dbus-launch", "dbus-run-session"],
    does: wrapper({ long: ["config-file", "dbus-daemon", "autolaunch"], posix: true }),
  },
  // Terminal multiplexers: what they run in a shell of their own (multiplexers.ts).
  { names: ["tmux"], does: tmux },
  { names: ["screen"], does: screen },
  {
    names: ["caffeinate"],
    does: wrapper({ short: "tw", posix: true }),
  },
  {
    names: ["nice"],
    does: wrapper({ short: "n", long: ["adjustment"], posix: true }),
  },
  {
    names: ["ionice"],
    does: wrapper({ short: "cnp", long: ["class", "classdata", "pid"], posix: true }),
  },
  {
    names: ["stdbuf"],
    does: wrapper({ short: "ioe", long: ["input", "output", "error"], posix: true }),
  },
  {
    names: ["time"],
    does: (args, run, program) => {
      const parsed = parseOptions(args, { short: "of", long: ["output", "format"], posix: true });
      mark(run, parsed.values.get("o") ?? parsed.values.get("output") ?? [], "write", program);
      exec(run, args.slice(parsed.rest), program);
    },
  },
  // A debugger runs the program it is given (`gdb --args prog …`, `lldb -- prog …`) when told to
  // `run`, and its own commands can run shell lines (program-commands.ts): the program counts as run.
  {
    names: ["gdb", "lldb", "cgdb"],
    does: (args, run, program) => {
      const at = args.findIndex((a) => a.text === (program === "lldb" ? "--" : "--args"));
      if (at >= 0) exec(run, args.slice(at + 1), program);
    },
    use: "runs-code",
  },
  {
    names: ["timeout"],
    does: (args, run, program) => {
      const parsed = parseOptions(args, { short: "sk", long: ["signal", "kill-after"], posix: true });
      exec(run, args.slice(parsed.rest + 1), program); // the first operand is the duration
    },
  },
  {
    names: ["watch"],
    does: (args, run, program) => {
      const parsed = parseOptions(args, { short: "nqd", long: ["interval", "differences", "chgexit"], posix: true });
      run.walker.shell(
        args
          .slice(parsed.rest)
          .map((a) => a.text)
          .join(" "),
        run.state,
        program,
        run.depth,
      );
    },
  },
  {
    names: ["flock"],
    does: (args, run, program) => {
      const parsed = parseOptions(args, { short: "wEc", long: ["timeout", "conflict-exit-code", "command"], posix: true });
      // `flock FILE -c CMD`: the options may follow the lock file.
      const after = parseOptions(args.slice(parsed.rest + 1), {
        short: "wEc",
        long: ["timeout", "conflict-exit-code", "command"],
        posix: true,
      });
      const command = [parsed, after].flatMap((p) => [...(p.values.get("c") ?? []), ...(p.values.get("command") ?? [])]);
      if (command.length > 0) for (const c of command) run.walker.shell(c.text, run.state, program, run.depth);
      else exec(run, args.slice(parsed.rest + 1 + after.rest), program);
    },
  },
  // A Makefile's recipes for the targets named (make-recipes.ts); its words may name any file it makes.
  {
    names: ["make", "gmake"],
    does: makeRecipes,
    use: "opaque",
  },
  {
    names: ["busybox", "toybox"],
    does: (args, run, program) => exec(run, args, program),
  },
  {
    names: ["su"],
    does: (args, run, program) => {
      const parsed = parseOptions(args, { short: "cgGsw", long: ["command", "group", "supp-group", "shell", "whitelist-environment"] });
      for (const command of [...(parsed.values.get("c") ?? []), ...(parsed.values.get("command") ?? [])])
        run.walker.shell(command.text, copy(run.state), `${program} -c`, run.depth);
    },
  },
  {
    names: ["runuser"],
    does: wrapper({ short: "ugG", long: ["user", "group", "supp-group"], posix: true }),
  },
  {
    names: ["chroot"],
    does: (args, run, program) =>
      exec(run, args.slice(parseOptions(args, { long: ["userspec", "groups"], posix: true }).rest + 1), program),
  },
  // Namespaces and sandboxes that run a command inside: util-linux's nsenter, PRoot, bubblewrap.
  {
    names: ["nsenter"],
    does: wrapper({ short: "tSG", long: ["target", "setuid", "setgid"], posix: true }),
  },
  {
    names: ["proot"],
    does: wrapper({
      short: "rbmwqkiv",
      long: ["rootfs", "bind", "mount", "cwd", "pwd", "qemu", "kernel-release", "change-id", "verbose"],
      posix: true,
    }),
  },
  {
    names: ["bwrap"],
    does: bwrap,
  },
  // `sg GROUP -c CMD`, `sg GROUP CMD …`: the command runs in a shell with that group.
  {
    names: ["sg"],
    does: (args, run, program) => {
      const operands = args.filter((a) => a.text !== "-");
      const line =
        operands[1]?.text === "-c"
          ? operands[2]?.text
          : operands
              .slice(1)
              .map((a) => a.text)
              .join(" ");
      if (line) run.walker.shell(line, copy(run.state), `${program} -c`, run.depth);
    },
  },
  {
    names: ["strace"],
    does: wrapper({ short: "oeEpPsSuabIX", posix: true }),
  },
  {
    names: ["ltrace"],
    does: wrapper({ short: "oeEpsSuan", posix: true }),
  },
  {
    names: ["fakeroot"],
    does: wrapper({ short: "isb", posix: true }),
  },
  {
    names: ["proxychains", "proxychains4"],
    does: wrapper({ short: "f", posix: true }),
  },
  {
    names: ["torsocks"],
    does: wrapper({ short: "uapP", posix: true }),
  },
  {
    names: ["firejail"],
    does: wrapper({ posix: true }),
  },
  {
    names: ["unshare"],
    does: wrapper({ short: "S", posix: true }),
  },
  {
    names: ["systemd-run"],
    does: wrapper({
      short: "pEu",
      long: ["property", "setenv", "unit", "working-directory", "uid", "gid", "nice", "description", "slice"],
      posix: true,
    }),
  },
  // `at now <<< 'cmd'`, `echo cmd | batch`: commands from its input (or `-f file`).
  {
    names: ["at", "batch"],
    does: atLike,
  },
  // A justfile's recipes for the recipes named (just-recipes.ts).
  {
    names: ["just"],
    does: justRecipes,
    use: "opaque",
  },
  // The jobs a crontab installs run later (crontab.ts).
  {
    names: ["crontab"],
    does: crontab,
  },
  // `parallel CMD ::: a b`, `… | parallel CMD`: xargs.ts.
  {
    names: ["parallel"],
    does: parallel,
  },
];

function env(args: Field[], run: Run, program: string): void {
  // `-P DIR`: BSD env's search path for the program.
  const parsed = parseOptions(args, { short: "uCSP", long: ["unset", "chdir", "split-string"], posix: true });
  const split = parsed.values.get("S") ?? parsed.values.get("split-string");
  let rest = args.slice(parsed.rest);
  // A lone `-` is `-i` (start with an empty environment), not the program.
  while (rest[0]?.text === "-" && rest[0].resolved) rest = rest.slice(1);
  const chdir = parsed.values.get("C") ?? parsed.values.get("chdir");
  const state = copy(run.state);
  // `-C /abs` goes there, `-C ..` from where the shell is.
  if (chdir)
    state.cwd =
      chdir[0]?.resolved && (run.state.cwd !== null || chdir[0].text.startsWith("/")) ? resolve(run.state.cwd ?? "/", chdir[0].text) : null;
  for (
    let m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(rest[0]?.text ?? "");
    m;
    m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(rest[0]?.text ?? "")
  ) {
    const value = rest[0]!.resolved ? (m[2] as string) : null;
    state.vars.set(m[1] as string, value);
    run.walker.assigned(m[1] as string, value, run.state, run.depth);
    rest = rest.slice(1);
  }
  if (split) {
    run.walker.shell([...split.map((s) => s.text), ...rest.map((r) => r.text)].join(" "), state, program, run.depth);
    return;
  }
  if (rest.length > 0) exec(run, rest, program, state);
}

function atLike(args: Field[], run: Run, program: string): void {
  const parsed = parseOptions(args, { short: "fqmMt" });
  // `-f FILE`: the commands are the file's, read as a script (a file that cannot be read stays unresolved).
  const file = parsed.values.get("f")?.[0];
  if (file) {
    mark(run, [file], "read", program);
    if (!walkShellScript(run, file, copy(run.state), `${program} -f ${file.text}`)) run.walker.unresolved(`script file: ${file.text}`);
    return;
  }
  if (run.stdin !== undefined) run.walker.shell(run.stdin, copy(run.state), `${program} <<<`, run.depth);
  else run.walker.unresolved(`${program} reads commands from its input`);
}
