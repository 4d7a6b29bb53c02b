// `crontab FILE`, `… | crontab -`: the jobs it installs run later, out of every agent's sight, each
// line's command in a shell from the home folder. Installing replaces the user's whole crontab, and
// `-r` removes it: either way it changes the system's cron spool, outside any project. The jobs
// themselves are read like a script, so `echo '* * * * * rm -rf ~' | crontab -` is judged on what
// the job would run.
import { copy, type Field } from "./expand.ts";
import { parseOptions } from "./options.ts";
import type { Run } from "./programs-kit.ts";
import { textAsRun } from "./written-scripts.ts";

/** Where cron keeps each user's table (Debian's spool; others differ, and every one is outside the project). */
const SPOOL: Field = { text: "/var/spool/cron/crontabs", resolved: true };
const MAX_TABLE = 64 * 1024;

export function crontab(args: Field[], run: Run, program: string): void {
  const parsed = parseOptions(args, { short: "u" });
  if (parsed.flags.has("l") || parsed.flags.has("T")) return; // lists it, or only checks a file
  run.walker.path(SPOOL, parsed.flags.has("r") ? "delete" : "write", program, null, { recursive: true });
  if (parsed.flags.has("r") || parsed.flags.has("e")) return; // removes it, or edits it in an editor
  const table = tableText(parsed.operands[0], run);
  if (table === undefined) return run.walker.unresolved(`${program} installs jobs hookit cannot see`);
  const state = { ...copy(run.state), cwd: run.walker.expand.home };
  for (const line of table.split("\n")) {
    const job = jobCommand(line.trim());
    if (job) run.walker.shell(job, copy(state), `${program} job`, run.depth);
  }
}

/** The table it installs: the file named (what the line wrote there, if it did), or its input for `-` or none. */
function tableText(file: Field | undefined, run: Run): string | undefined {
  if (file === undefined || file.text === "-") return run.stdin;
  if (!file.resolved) return undefined;
  return textAsRun(run.walker, file.text, run.state.cwd, MAX_TABLE);
}

/** A table line's command: after `@reboot`-style or five time fields, up to an unescaped `%` (what follows is its input). */
function jobCommand(line: string): string | undefined {
  if (line === "" || line.startsWith("#") || /^[A-Za-z_][A-Za-z0-9_]*\s*=/.test(line)) return undefined;
  const fields = line.startsWith("@") ? 1 : 5;
  const command = line.split(/\s+/).slice(fields).join(" ");
  return command.replace(/(?<!\\)%.*$/s, "") || undefined;
}
