// Built-in self-protection (docs/security.md): runs before the user's policy on
// every tool call of every agent and refuses a call that would change what
// hookit enforces: writing, moving or deleting hookit's policies, settings,
// state or installed package or an agent's hook config, running `hookit
// trust/install/uninstall/init`, or setting HOOKIT / HOOKIT_CONFIG. Reading
// stays allowed. The user may exempt paths in hookit's own settings file
// (outside every project, and itself protected). Shell commands are judged on
// the command facts, the one reading of a line every hook shares (command.ts).
import { readFileSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import { resolvePath } from "../base/path-join.ts";
import type { NormalizedEvent } from "../engine/types.ts";
import { configDir } from "../base/paths.ts";
import { protectedTarget, startCheck, type Effect, type ProtectContext, type Protected } from "./locations.ts";
import { shellHit, type ShellHit } from "./command.ts";
import { DOTENV_FILE, dotenvVariableIn, mentionsHookit, namesStartupFile, SETS_HOOKIT, STARTUP_FILE } from "./startup.ts";

export type { ProtectContext } from "./locations.ts";

/** Normalized tools that only read. */
const READERS = new Set(["read", "grep", "find", "ls"]);
/** Input keys that name a file or folder the call acts on. */
const PATH_KEY = /(path|file|dir|directory|dest|destination|target|source|src|from|^to$|location)/i;
/** Input keys that hold a command line. */
const COMMAND_KEY = /^(command|cmd|script|commands)$/i;
const DELETING_TOOL = /(delete|remove|unlink|rmdir|^rm$|move|rename)/i;

/** The block reason for the first call that would disarm hookit, else undefined. */
export function selfProtectionBlock(events: readonly NormalizedEvent[], ctx: ProtectContext): string | undefined {
  startCheck();
  for (const event of events) {
    if (event.event !== "tool_call") continue;
    const hit = toolCallHit(event.toolName, event.input, ctx);
    if (hit && !exempt(hit, ctx)) return reasonFor(hit);
  }
  return undefined;
}

function toolCallHit(toolName: string, input: Record<string, unknown>, ctx: ProtectContext): ShellHit | undefined {
  if (READERS.has(toolName)) return undefined;
  if (toolName === "bash") {
    const command = input.command;
    if (typeof command !== "string") return undefined;
    if (command.includes("HOOKIT") && SETS_HOOKIT.test(command) && namesStartupFile(command))
      return { type: "env", name: SETS_HOOKIT.exec(command)?.[0].replace(/\s*=$/, "") ?? "HOOKIT" };
    return shellHit(command, ctx);
  }
  if (toolName === "write" || toolName === "edit") {
    const path = typeof input.path === "string" ? input.path : undefined;
    if (path === undefined) return undefined;
    // The normalized delete form (docs/events.md): a `write` with `delete: true` removes the path.
    const place = pathHit(path, input.delete === true ? "delete" : "write", ctx);
    if (place) return { type: "path", place };
    const content = typeof input.content === "string" ? input.content : JSON.stringify(input.edits ?? "");
    return startupHit(path, content);
  }
  // Any other tool (native names the adapter kept, MCP servers): every path it names, every command it runs.
  const effect: Effect = DELETING_TOOL.test(toolName) ? "delete" : "write";
  for (const [key, value] of entries(input)) {
    if (typeof value !== "string") continue;
    if (COMMAND_KEY.test(key)) {
      const hit = shellHit(value, ctx);
      if (hit) return hit;
    } else if (PATH_KEY.test(key)) {
      const place = pathHit(value.replace(/^file:\/\//, ""), effect, ctx);
      if (place) return { type: "path", place };
    }
  }
  return undefined;
}

function pathHit(path: string, effect: Effect, ctx: ProtectContext): Protected | undefined {
  if (path === "") return undefined;
  const expanded = path === "~" || path.startsWith("~/") ? join(ctx.env.HOME ?? "~", path.slice(1)) : path;
  return protectedTarget(resolvePath(ctx.cwd, expanded), effect, ctx);
}

function startupHit(path: string, content: string): ShellHit | undefined {
  // A plain search of the short path first spares most writes the expression's first run.
  if (!namesStartupFile(path) || !STARTUP_FILE.test(path)) return undefined;
  // Any mention, however spelled, as on a command line: dotenv also reads `HOOKIT: 0`, a shell `HOOK''IT=0`.
  if (mentionsHookit(content, [])) return { type: "env", name: content.includes("HOOKIT_CONFIG") ? "HOOKIT_CONFIG" : "HOOKIT" };
  const variable = DOTENV_FILE.test(path) ? dotenvVariableIn(content, []) : undefined;
  return variable ? { type: "env", name: variable } : undefined;
}

/** Every (key, value) pair of a nested input, arrays and objects included, bounded. */
function entries(input: unknown, key = "", out: Array<[string, unknown]> = [], depth = 0): Array<[string, unknown]> {
  if (depth > 8 || out.length > 500) return out;
  if (Array.isArray(input)) for (const item of input) entries(item, key, out, depth + 1);
  else if (input !== null && typeof input === "object") {
    for (const [k, v] of Object.entries(input)) entries(v, k, out, depth + 1);
  } else out.push([key, input]);
  return out;
}

function reasonFor(hit: ShellHit): string {
  const ask = "If this change is needed, stop and ask the user to make it themselves; do not look for another way to make it.";
  switch (hit.type) {
    case "path":
      return `hookit: blocked by self-protection — this call would change ${hit.place.what} (${hit.place.path}). hookit's policy, state and hook registrations cannot be changed from inside an agent session. ${ask}`;
    case "admin":
      return `hookit: blocked by self-protection — \`${hit.command}\` changes what hookit enforces and needs the user at a terminal. ${ask}`;
    case "env":
      if (hit.name === "extensionPath" || hit.name === "workspacePath")
        return `hookit: blocked by self-protection — ${hit.name} in a .env file would make Gemini CLI run another program in place of hookit's extension hooks. ${ask}`;
      if (hit.name === "NODE_OPTIONS")
        return `hookit: blocked by self-protection — NODE_OPTIONS in a .env file that Gemini CLI loads would run code inside hookit's own process in every later session. ${ask}`;
      if (!hit.name.startsWith("HOOKIT"))
        return `hookit: blocked by self-protection — ${hit.name} in a .env file that Gemini CLI loads would move hookit's policy, its trust or Gemini's own settings for every later session. ${ask}`;
      return `hookit: blocked by self-protection — setting ${hit.name} would switch hookit's guards off. ${ask}`;
    case "complex":
      return `hookit: blocked by self-protection — this command is ${hit.mark}, as hookit could not check all of what it would change.`;
  }
}

/** Paths the user exempted in hookit's settings (`protect.allow`), read only when something would be blocked. */
function exempt(hit: ShellHit, ctx: ProtectContext): boolean {
  if (hit.type !== "path") return false;
  let allow: unknown;
  try {
    allow = (JSON.parse(readFileSync(join(configDir(ctx.env), "settings.json"), "utf8")) as { protect?: { allow?: unknown } }).protect
      ?.allow;
  } catch {
    return false;
  }
  if (!Array.isArray(allow)) return false;
  const path = hit.place.path;
  return allow.some(
    (entry) =>
      typeof entry === "string" && isAbsolute(entry) && (path === entry || path.startsWith(entry.endsWith("/") ? entry : `${entry}/`)),
  );
}
