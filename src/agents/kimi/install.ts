// Kimi Code CLI: `[[hooks]]` tables in `$KIMI_CODE_HOME/config.toml` (default
// `~/.kimi-code/config.toml`). Kimi refuses the whole file over one key it does not know, so
// hookit writes only the documented `event`, `matcher`, `command` and `timeout` (seconds), as
// one block between two marker comments appended at the end of the file: everything else stays
// byte for byte, a second install changes nothing, and uninstall takes back exactly what
// install added (the block and the one line break before it).
import { join } from "node:path";
import type { HookRegistration } from "../../contract/types.ts";
import type { Env } from "../../base/paths.ts";
import { HOOK_TIMEOUT_SECONDS, RESTART_STEP } from "../../install/common.ts";
import { InstallError } from "../../install/errors.ts";
import { hookCommand } from "../../install/marker.ts";
import { scanToml, tomlString, where } from "../../install/toml.ts";
import type { InstallTarget, TransformResult } from "../../install/types.ts";
import { KIMI_HOME, kimiHome } from "./home.ts";
import { homeFolderFiles } from "../shared/home-folder.ts";
import { kimiPlugin } from "./plugin.ts";

export const BEGIN_MARKER = "# >>> hookit: added by `hookit install`, removed by `hookit uninstall`; edits here are replaced >>>";
export const END_MARKER = "# <<< hookit <<<";
const BEGIN_RE = /^# >>> hookit\b/;
const END_RE = /^# <<< hookit\b/;

const target: InstallTarget = {
  id: "kimi",
  title: "Kimi Code CLI",
  // Kimi Code has no project-level config; this one is read only through KIMI_CODE_HOME (nextSteps).
  ...homeFolderFiles(KIMI_HOME, "config.toml", ["kimi"]),
  // hookit as Kimi's plugin (kimi.plugin.json), which doctor counts as an install.
  addOn: kimiPlugin,
  emptyText: "",
  apply(text, options) {
    const file = options.file ?? "config.toml";
    const original = text ?? "";
    const scan = scanToml(original, file);
    if (scan.hooksConflict) {
      throw new InstallError(
        "E_UNSUPPORTED",
        `${where(original, scan.hooksConflict.offset, file)}: ${scan.hooksConflict.what}, so TOML cannot take hookit's [[hooks]] tables ` +
          "(and Kimi Code accepts hooks only as [[hooks]] tables). Rewrite them as [[hooks]] tables, then run the command again. hookit changed nothing.",
      );
    }
    const bare = withoutBlock(original, file);
    const eol = original.includes("\r\n") ? "\r\n" : "\n";
    const block = renderBlock(options.registrations, options.commandPrefix, eol);
    const next = bare === "" ? block : bare + eol + block;
    return { text: next, changed: next !== text };
  },
  remove(text, options = {}): TransformResult {
    if (text === undefined) return { text, changed: false };
    const next = withoutBlock(text, options.file ?? "config.toml");
    return { text: next, changed: next !== text };
  },
  // The `command = …` values of every [[hooks]] table: a literal string ('…') as written,
  // a basic one ("…") with JSON's escapes.
  commands: (text) =>
    [...text.matchAll(/^\s*command\s*=\s*(?:'([^'\n]*)'|("(?:[^"\\\n]|\\.)*"))/gm)].map((m) =>
      m[1] !== undefined ? m[1] : (JSON.parse(m[2] as string) as string),
    ),
  nextSteps: (scope, env) => [
    ...(scope.kind === "project"
      ? [
          `Kimi Code CLI reads no project-level configuration: ${join(scope.dir, ".kimi-code", "config.toml")} takes effect only when ` +
            `Kimi runs with KIMI_CODE_HOME=${join(scope.dir, ".kimi-code")}, which moves its whole data directory (sessions and ` +
            "credentials too; keep it out of git). To guard every Kimi session, install with --global instead.",
        ]
      : []),
    `Check the file with \`kimi doctor config\`: Kimi Code ignores every hook, not only hookit's, when ${join(kimiHome(env), "config.toml")} has an entry it does not accept.`,
    RESTART_STEP,
  ],
};

export default target;

// --- internal ---

function renderBlock(registrations: readonly HookRegistration[], prefix: string, eol: string): string {
  const lines = [BEGIN_MARKER];
  registrations.forEach((registration, index) => {
    if (index > 0) lines.push("");
    lines.push("[[hooks]]", `event = ${tomlString(registration.native)}`);
    if (registration.matcher !== undefined) lines.push(`matcher = ${tomlString(registration.matcher)}`);
    lines.push(
      `command = ${tomlString(hookCommand(prefix, "kimi", registration.native, registration.kind))}`,
      `timeout = ${HOOK_TIMEOUT_SECONDS}`,
    );
  });
  lines.push(END_MARKER);
  return lines.join(eol) + eol;
}

/** `text` without hookit's block and the line break install put before it. */
function withoutBlock(text: string, file: string): string {
  const comments = scanToml(text, file).comments;
  const begins = comments.filter((comment) => BEGIN_RE.test(comment.text));
  const ends = comments.filter((comment) => END_RE.test(comment.text));
  if (begins.length === 0 && ends.length === 0) return text;
  const [begin] = begins;
  const [end] = ends;
  if (begins.length !== 1 || ends.length !== 1 || !begin || !end || end.start < begin.start) {
    const first = begins[0] ?? ends[0]!;
    throw new InstallError(
      "E_MALFORMED",
      `${where(text, first.start, file)}: hookit's block is damaged (it needs exactly one "${BEGIN_MARKER.slice(0, 12)}…" line and, ` +
        `after it, one "${END_MARKER}" line). Remove hookit's lines by hand, then run the command again. hookit changed nothing.`,
    );
  }
  let from = begin.start;
  if (text.slice(0, from).endsWith("\r\n")) from -= 2;
  else if (text.slice(0, from).endsWith("\n")) from -= 1;
  return text.slice(0, from) + text.slice(end.end);
}
