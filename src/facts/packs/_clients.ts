// How the service packs reach a running system other than over HTTP (_service.ts): an SDK's
// call in code an interpreter runs inline, and kubectl. Internal to the packs.
import type { Rule } from "./types.ts";

/**
 * The interpreters whose inline code (`node -e`, `python3 -c`, `ruby -e`, a here-document fed to
 * them) the facts leave in the command's words and input, where a rule's `text` reads it. The
 * code is split at `;`, so a call's pattern must fit in one statement.
 */
const INTERPRETERS = ["node", "nodejs", "bun", "deno", "python", "python2", "python3", "pypy", "pypy3", "ruby", "php", "perl"];

/** A call in inline code that destroys what an SDK manages, when the code matches `call`. */
export const sdkCall = (id: string, call: string, reason: string): Rule => ({
  id,
  programs: INTERPRETERS,
  when: { text: call },
  reason,
  instead: "ask the user to run it",
});

/** kubectl's (and oc's) options that take the next word as their value, so it is not read as the subcommand. */
export const KUBECTL_VALUES = [
  "-n",
  "--namespace",
  "--context",
  "--cluster",
  "--kubeconfig",
  "-l",
  "--selector",
  "-o",
  "--output",
  "-f",
  "--filename",
  "-s",
  "--server",
  "--user",
  "--token",
];
