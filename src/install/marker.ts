// The hook command hookit writes, and how hookit recognises its own entries.
//
// hookit adds no marker key to any harness schema (Codex refuses unknown keys in
// places, Cursor's validation is undocumented). The command itself is the
// marker: an entry is hookit's when its command ends in
// ` hook --agent <id> <NativeEvent>` and the program before that is hookit:
// it mentions "hookit", runs hookit's `dist/bin.mjs` or `bin.cjs`, or is exactly
// the prefix being installed (a custom `--command`). gitvow and similar tools
// use the same `hook --agent` shape, so the shape alone is not enough.

import type { InvocationKind } from "../contract/types.ts";

/** Quotes one word for POSIX sh inside double quotes. */
export function shQuote(word: string): string {
  return `"${word.replace(/["\\$`]/g, "\\$&")}"`;
}

/** `"<node>" "<package root>/dist/bin.cjs"`: absolute, so the agent's PATH does not matter. */
export function defaultCommandPrefix(nodePath: string, binPath: string): string {
  return `${shQuote(nodePath)} ${shQuote(binPath)}`;
}

/**
 * What a pre-tool registration appends: a hookit that cannot start (node gone,
 * package moved or deleted, a syntax error) exits 1 or 127, which most agents
 * read as "go on". hookit itself answers pre-tool events with 0 or 2 only, so
 * turning any other failure into exit 2 makes it a block in every agent, and
 * leaves hookit's own answers untouched.
 */
const FAIL_CLOSED_TAIL = "|| exit 2";

/**
 * `hookit` found by name may be missing on a teammate's machine: the shell then exits 127, which
 * Gemini CLI reads on AfterAgent as "blocked, go again" and loops on (observed on 0.61.0). Any
 * other event's hook turns that into exit 1, the "hook failed, go on" a missing absolute bin gives
 * (node's own exit code). Not a tail: hookit's own exit 2 on those events must pass through.
 */
const MISSING_IS_A_FAILURE = "command -v hookit >/dev/null 2>&1 || exit 1;";

export function hookCommand(prefix: string, agent: string, nativeEvent: string, kind?: InvocationKind): string {
  const command = `${prefix} hook --agent ${agent} ${nativeEvent}`;
  if (kind === "tool_call") return `${command} ${FAIL_CLOSED_TAIL}`;
  return prefix.trim() === "hookit" ? `${MISSING_IS_A_FAILURE} ${command}` : command;
}

const HOOK_TAIL_RE = /^(.+?)\s+hook\s+--agent\s+([A-Za-z0-9_-]+)\s+([A-Za-z0-9_-]+)(?:\s*\|\|\s*exit\s+2)?\s*$/;
const HOOKIT_PROGRAM_RE = /hookit|bin\.[cm]js["']?$/i;

/** The native event a hookit hook command is registered for (`… hook --agent <id> <Event> [|| exit 2]`). */
export function hookEventOf(command: string): string | undefined {
  return HOOK_TAIL_RE.exec(command)?.[3];
}

/** Whether `command` is a hookit hook command for `agent`. */
export function isHookitCommand(command: unknown, agent: string, prefix?: string): boolean {
  if (typeof command !== "string") return false;
  const match = HOOK_TAIL_RE.exec(command);
  if (!match || match[2] !== agent) return false;
  const program = match[1]!.trim();
  return HOOKIT_PROGRAM_RE.test(program) || (prefix !== undefined && program === prefix.trim());
}

/** Whether a Pi `extensions` entry is hookit's extension (`…/dist/pi.mjs` of a hookit package). */
export function isHookitPiExtension(entry: unknown, extensionPath?: string): boolean {
  if (typeof entry !== "string") return false;
  if (extensionPath !== undefined && entry === extensionPath) return true;
  const normalized = entry.replace(/\\/g, "/");
  return /\/dist\/pi\.mjs$/.test(normalized) && /(^|\/)hookit(-cli)?(\/|$)/i.test(normalized);
}
