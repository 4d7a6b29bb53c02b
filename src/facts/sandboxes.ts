// bubblewrap (`bwrap [options] command …`): its options take zero, one or two words each, and
// the first word after them is the command it runs in the sandbox.
import { exec, type Handler } from "./programs-kit.ts";

export const bwrap: Handler = (args, run, program) => {
  let at = 0;
  while (at < args.length && args[at]!.text.startsWith("--")) {
    const option = args[at++]!.text;
    if (option === "--") break;
    at += BWRAP_VALUES[option] ?? 0;
  }
  exec(run, args.slice(at), program);
};

/** bubblewrap's options and how many words each takes after it (the rest take none). */
const BWRAP_VALUES: Readonly<Record<string, number>> = {
  ...Object.fromEntries(
    [
      "--bind",
      "--bind-try",
      "--ro-bind",
      "--ro-bind-try",
      "--dev-bind",
      "--dev-bind-try",
      "--symlink",
      "--setenv",
      "--file",
      "--bind-data",
      "--ro-bind-data",
      "--chmod",
    ].map((o) => [o, 2]),
  ),
  ...Object.fromEntries(
    [
      "--args",
      "--argv0",
      "--chdir",
      "--uid",
      "--gid",
      "--hostname",
      "--tmpfs",
      "--dev",
      "--proc",
      "--mqueue",
      "--dir",
      "--remount-ro",
      "--unsetenv",
      "--lock-file",
      "--sync-fd",
      "--info-fd",
      "--json-status-fd",
      "--block-fd",
      "--userns-block-fd",
      "--seccomp",
      "--add-seccomp-fd",
      "--exec-label",
      "--file-label",
      "--cap-add",
      "--cap-drop",
      "--userns",
      "--userns2",
      "--pidns",
      "--size",
      "--perms",
    ].map((o) => [o, 1]),
  ),
};
