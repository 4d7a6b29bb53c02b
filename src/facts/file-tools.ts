// Path facts of the file tools (read/write/edit/grep/find/ls and the delete
// form). No shell parser here: `hookit hook` answers file-tool calls without
// loading it.
import { os } from "../base/os.lazy.ts";
import { join } from "node:path";
import { fileUrlPath } from "../base/file-url.ts";
import { globMatcher } from "./ignored.ts";
import { forgetPaths, places } from "./paths.ts";
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

/** An MCP server's tool (`mcp__filesystem__read_file`): what it does with its arguments is its own. */
const MCP_TOOL = /^mcp[_:-]|__/i;
/** An argument that names a file by its key (`path`, `paths`, `source`, `destination`, `file_path`, `directory`, …). */
const PATH_KEY = /path|file|dir|folder|source|destination|target|root|cwd/i;

/**
 * The path-shaped arguments of an MCP tool: a string under a path-like key, or any absolute, `~/` or
 * `file://` one, in nested objects and arrays too. Each is an access: the tool may read it (a
 * filesystem server's `read_file` on `.env`), so the guards on secrets and credentials judge it.
 */
function* mcpPaths(value: unknown, depth: number, key = ""): Generator<string> {
  if (typeof value === "string") {
    if (value === "" || value.length > 4096 || value.includes("\n")) return;
    if (value.startsWith("file://")) {
      const path = fileUrlPath(value);
      if (path !== undefined) yield path;
    } else if (PATH_KEY.test(key) || value.startsWith("/") || value.startsWith("~/")) yield value;
  } else if (depth < 4 && Array.isArray(value)) for (const item of value) yield* mcpPaths(item, depth + 1, key);
  else if (depth < 4 && typeof value === "object" && value !== null)
    for (const [name, item] of Object.entries(value)) yield* mcpPaths(item, depth + 1, name);
}

export function home(env: Readonly<Record<string, string | undefined>>): string {
  return env.HOME || os().homedir();
}

/** Path facts of a file tool; `undefined` for other tools. */
export function derivePathFacts(toolName: string, input: Record<string, unknown>, options: FactOptions): Facts | undefined {
  const effect = Object.hasOwn(FILE_TOOLS, toolName) ? FILE_TOOLS[toolName] : undefined;
  const mcp = effect === undefined && MCP_TOOL.test(toolName);
  if (effect === undefined && !mcp) return undefined;
  forgetPaths();
  const env = options.env ?? process.env;
  const recorder = new PathRecorder(places(options.projectDir ?? options.cwd, home(env), env));
  if (effect === undefined) {
    for (const path of mcpPaths(input, 0))
      recorder.path({ text: expandTilde(path, home(env)), resolved: true }, "access", toolName, options.cwd);
    return recorder.facts;
  }
  const path = typeof input.path === "string" && input.path !== "" ? input.path : undefined;
  if (path === undefined && (toolName === "read" || toolName === "write" || toolName === "edit" || toolName === "delete"))
    return recorder.facts;
  const text = expandTilde(path ?? ".", home(env));
  const recursive = toolName === "grep" || (toolName === "delete" && input.recursive === true);
  recorder.path({ text, resolved: true }, effect, toolName, options.cwd, { recursive, noFollow: toolName === "delete" });
  // A search by file type (`type: "ts"`, rg `-t`) opens no dotenv file.
  if (toolName === "grep" && !(typeof input.type === "string" && input.type !== ""))
    grepSecrets(recorder, text, typeof input.glob === "string" ? input.glob : "", options.cwd);
  if (toolName === "read" && input.many === true) manyFiles(recorder, text, options.cwd);
  return recorder.facts;
}

/**
 * A read that may open many files (`many`: Gemini's read_many_files) of a folder
 * or a pattern opens every file in it or matching it, dotfiles included, less
 * what git ignores: the dotenv files among them are reads too.
 */
function manyFiles(recorder: PathRecorder, text: string, cwd: string): void {
  const wild = text.search(/[*?[{]/);
  if (wild < 0) {
    recorder.secretsIn({ text, resolved: true }, "read", cwd, { gitIgnore: true });
    return;
  }
  const base = text.slice(0, wild).replace(/[^/]*$/, "") || ".";
  const matches = globMatcher(text.slice(base === "." && !text.startsWith("./") ? 0 : base.length));
  recorder.secretsIn({ text: base, resolved: true }, "read", cwd, { gitIgnore: true, file: (_, rel) => matches?.(rel) ?? true });
}

/**
 * The dotenv files a search tool opens under its folder. The agents' Grep tools
 * are ripgrep with hidden files on (Claude Code runs `rg --hidden`): a secret is
 * searched unless git ignores it, and a glob that names it opens it even then.
 */
function grepSecrets(recorder: PathRecorder, text: string, glob: string, cwd: string): void {
  const folder = { text, resolved: true };
  const excluding = glob.startsWith("!");
  const files = excluding ? glob.slice(1) : glob;
  const matches = files === "" ? undefined : globMatcher(files);
  if (glob === "" || excluding) {
    // Every file git does not ignore, less what the `!` glob keeps out.
    recorder.secretsIn(folder, "grep", cwd, { gitIgnore: true, file: (_, rel) => !(matches?.(rel) ?? false) });
    return;
  }
  // A search limited to some files reads those files, `.env*` included, ignored or not; a glob
  // hookit cannot read counts as naming every file.
  const pattern = join(text, glob);
  recorder.path({ text: pattern, resolved: true, pattern }, "read", "grep", cwd);
  recorder.secretsIn(folder, "grep", cwd, { file: (_, rel) => matches?.(rel) ?? true });
}

function expandTilde(path: string, dir: string): string {
  return path === "~" ? dir : path.startsWith("~/") ? dir + path.slice(1) : path;
}
