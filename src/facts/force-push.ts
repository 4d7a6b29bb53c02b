// A git push that overwrites the remote's history: `--force`, `-f` (alone or in a bundle of short
// options), `--mirror` (or an abbreviation git accepts), a `+` refspec; or a push that a `-c
// remote.<name>.mirror=true` or `-c remote.<name>.push=+…` before it makes one. `--force-with-lease`
// is not one. Read from each command's words (the facts' commands hold git's own pushes, those an
// alias, a wrapper or a config setting makes, git-run.ts), once per call, without an expression
// compiled per command: the starter's no-force-push guard asks `hookit.forcePushes`.

const MIRROR = new Set(["--m", "--mi", "--mir", "--mirr", "--mirro", "--mirror"]);
const PUSH_CONFIG = /^remote\.[^ =]+\.(?:mirror=(?:[tT]rue|yes|on|1)|push=\+)/;

/** Whether a command (its words, its program's name) is a push that overwrites what the remote holds. */
export function isForcePush(program: string, argv: readonly string[]): boolean {
  if (program !== "git") return false;
  const first = argv.indexOf("push", 1);
  if (first < 0) return false;
  for (let k = first + 1; k < argv.length; k++) if (forces(argv[k]!)) return true;
  const last = argv.lastIndexOf("push");
  for (let k = 1; k + 1 < last; k++) if (argv[k] === "-c" && PUSH_CONFIG.test(argv[k + 1]!)) return true;
  return false;
}

/** `--force`, `--mirror` (abbreviated or not), a bundle of short options with `f`, a `+` refspec. */
function forces(word: string): boolean {
  if (word === "--force" || MIRROR.has(word) || word.startsWith("+")) return true;
  if (word.length < 2 || word[0] !== "-" || word[1] === "-") return false;
  for (let i = 1; i < word.length; i++) {
    const c = word.charCodeAt(i);
    if (!((c >= 65 && c <= 90) || (c >= 97 && c <= 122))) return false;
  }
  return word.includes("f");
}
