// The force-push expressions the starter policy used on `hookit.commands` until the facts gave
// `hookit.forcePushes` (src/facts/force-push.ts): the shape a hand-written policy's patterns take,
// kept as test material for the engine's anchored-prefix check and as the reference the fact is
// checked against.

/** One shell-quoted argument of a `hookit.commands` line. */
const ARG = "(?:[^ '\\\\]|\\\\.|'[^']*')+";

export const FORCE_PUSH_PATTERNS = [
  // `--mirror` (any abbreviation git accepts) overwrites every remote ref, as a force push does.
  `^git(?: ${ARG})*? push(?: ${ARG})*? (?:--force|--m(?:i(?:r(?:r(?:o(?:r)?)?)?)?)?|-[A-Za-z]*f[A-Za-z]*|'?\\+[^ ]*)(?: |$)`,
  // `git -c remote.<name>.mirror=true push` / `-c remote.<name>.push=+…`: the same, set for one command.
  `^git(?: ${ARG})*? -c '?remote\\.[^ =]+\\.(?:mirror=(?:[tT]rue|yes|on|1)|push=\\+)[^ ]*(?: ${ARG})*? push(?: |$)`,
];
