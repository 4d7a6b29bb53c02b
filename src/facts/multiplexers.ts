// Terminal multiplexers run what they are given in a shell of their own, later or in the
// background: `tmux new -d 'rm -rf ~'`, `tmux send-keys -t 0 'rm -rf ~' Enter` (typed into a
// shell already open), `screen -dm rm -rf ~`, `screen -X stuff 'rm -rf ~\n'`. Each is judged as
// the line it runs. A word whose role hookit does not know (a session name, a size) is read as a
// line too: a name runs nothing, so that can only refuse what a command in it would do.
import type { Field } from "./expand.ts";
import { exec, runLine, type Run } from "./programs-kit.ts";

/** tmux's commands that run a shell command given as their last words. */
const TMUX_RUNS = new Set([
  ...["new-session", "new", "new-window", "neww", "split-window", "splitw", "respawn-pane", "respawnp"],
  ...["respawn-window", "respawnw", "run-shell", "run", "if-shell", "if", "display-popup", "popup", "pipe-pane", "pipep"],
]);
/** Key names `send-keys` presses rather than types, and what each puts on the line (most, nothing). */
const KEYS = /^(Enter|C-[a-z]|M-[a-z]|KPEnter|Escape|Tab|BSpace|Space|Up|Down|Left|Right)$/;
const KEY_TEXT: Readonly<Record<string, string>> = { Enter: "\n", KPEnter: "\n", "C-m": "\n", "C-j": "\n", Space: " ", Tab: "\t" };
/** tmux's own options that take a value (`-c` is a shell command run like `sh -c`). */
const TMUX_VALUES = new Set(["-L", "-S", "-f", "-T"]);

export function tmux(args: Field[], run: Run, program: string): void {
  let at = 0;
  for (; at < args.length && args[at]!.text.startsWith("-"); at++) {
    if (args[at]!.text === "-c" && args[at + 1]) runLine(run, args[++at]!.text, `${program} -c`);
    else if (TMUX_VALUES.has(args[at]!.text)) at++;
  }
  // `tmux new -d 'cmd' \; split-window 'cmd2'`: each command after its own `;`.
  for (let start = at; start < args.length; ) {
    let end = start;
    while (end < args.length && args[end]!.text !== ";") end++;
    command(args.slice(start, end), run, program);
    start = end + 1;
  }
}

/** The options of those commands, and of `send-keys`, that take a value (a target, a name, a size, a start folder). */
const RUN_VALUES = new Set(["-t", "-s", "-c", "-n", "-e", "-F", "-f", "-x", "-y", "-l", "-p", "-N", "-T", "-w"]);
const SEND_VALUES = new Set(["-t", "-N", "-c"]);

/** One tmux command's operands: its words after its options (and the values they take), as getopt reads them. */
function operandsOf(words: Field[], values: ReadonlySet<string>): Field[] {
  let k = 0;
  for (; k < words.length && words[k]!.text.startsWith("-") && words[k]!.text !== "-"; k++) {
    if (words[k]!.text === "--") return words.slice(k + 1);
    if (values.has(words[k]!.text)) k++;
  }
  return words.slice(k);
}

function command(words: Field[], run: Run, program: string): void {
  const [sub, ...rest] = words;
  if (sub === undefined) return;
  if (sub.text === "send-keys" || sub.text === "send") {
    // Its words are typed one after the other, with nothing between them (`send-keys r m Space -rf Space '~' Enter`).
    const typed = operandsOf(rest, SEND_VALUES).map((w) => (KEYS.test(w.text) ? (KEY_TEXT[w.text] ?? "") : w.text));
    if (typed.join("").trim() !== "") runLine(run, typed.join(""), `${program} send-keys`);
  } else if (TMUX_RUNS.has(sub.text)) {
    // One shell command (`new -d 'rm -rf ~'`), or a command and its arguments (`new -d rm -rf ~`):
    // each word, and the words together.
    const operands = operandsOf(rest, RUN_VALUES).map((w) => w.text);
    for (const word of operands) runLine(run, word, `${program} ${sub.text}`);
    if (operands.length > 1) runLine(run, operands.join(" "), `${program} ${sub.text}`);
  }
}

/** screen's options that take a value. */
const SCREEN_VALUES = new Set(["-S", "-c", "-e", "-h", "-p", "-s", "-t", "-T", "-Logfile"]);

/** `screen [options] CMD ARGS…` runs CMD; `screen -X stuff TEXT` types TEXT into a window's shell, `-X exec CMD…` runs CMD. */
export function screen(args: Field[], run: Run, program: string): void {
  let at = 0;
  for (; at < args.length && args[at]!.text.startsWith("-"); at++) {
    const option = args[at]!.text;
    if (option === "-X" || option === "-Q") {
      const [what, ...more] = args.slice(at + 1);
      if (what?.text === "stuff") runLine(run, more.map((w) => w.text.replace(/\\n|\\r|\^M/g, "\n")).join(" "), `${program} stuff`);
      else if (what?.text === "exec" || what?.text === "screen") exec(run, more, `${program} -X`);
      return;
    }
    // A value option alone (`-S name`) or last in a cluster (`-dmS name`).
    if (SCREEN_VALUES.has(option) || (/^-[a-zA-Z]{2,}$/.test(option) && "SceHpstT".includes(option.at(-1) as string))) at++;
  }
  if (at < args.length) exec(run, args.slice(at), program);
}
