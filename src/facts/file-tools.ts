// Path facts of the file tools (read/write/edit/grep/find/ls and the delete
// form). No shell parser here: `hookit hook` answers file-tool calls without
// loading it.
import { os } from "../os.lazy.ts";
import { join } from "node:path";
import { places } from "./paths.ts";
import { PathRecorder } from "./record.ts";
import type { Effect, FactOptions, Facts } from "./types.ts";

const FILE_TOOLS: Record<string, Effect> = {
  read: "read",
  write: "write",
  edit: "write",
  grep: "read",
  find: "list",
  ls: "list",
  delete: "delete",
};

export function home(env: Readonly<Record<string, string | undefined>>): string {
  return env.HOME || os().homedir();
}

/** Path facts of a file tool; `undefined` for other tools. */
export function derivePathFacts(toolName: string, input: Record<string, unknown>, options: FactOptions): Facts | undefined {
  const effect = Object.hasOwn(FILE_TOOLS, toolName) ? FILE_TOOLS[toolName] : undefined;
  if (effect === undefined) return undefined;
  const env = options.env ?? process.env;
  const recorder = new PathRecorder(places(options.projectDir ?? options.cwd, home(env), env));
  const path = typeof input.path === "string" && input.path !== "" ? input.path : undefined;
  if (path === undefined && (toolName === "read" || toolName === "write" || toolName === "edit" || toolName === "delete"))
    return recorder.facts;
  const text = expandTilde(path ?? ".", home(env));
  const recursive = toolName === "grep" || (toolName === "delete" && input.recursive === true);
  recorder.path({ text, resolved: true }, effect, toolName, options.cwd, { recursive, noFollow: toolName === "delete" });
  if (toolName === "grep" && typeof input.glob === "string" && input.glob !== "") {
    // A search limited to some files reads those files: `.env*` included.
    const glob = join(text, input.glob);
    recorder.path({ text: glob, resolved: true, pattern: glob }, "read", toolName, options.cwd);
  }
  return recorder.facts;
}

function expandTilde(path: string, dir: string): string {
  return path === "~" ? dir : path.startsWith("~/") ? dir + path.slice(1) : path;
}
