// Runs the starter policy the way a user gets it: `hookit init --global` in a
// fresh home, then `hookit hook` for each agent with payloads shaped like the
// captured fixtures, and reads each agent's deny back out of its encoding.
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import { hookReply } from "../../src/run/hook.ts";
import { binPath, FIXTURES, useBuiltHookit } from "../_sandbox.ts";

export interface Box {
  project: string;
  home: string;
  env: Record<string, string>;
}

/** `init` are more arguments for `hookit init --global` (`--packs all`). */
export function useStarterBox(init: readonly string[] = []): () => Box {
  useBuiltHookit();
  let box: Box | undefined;
  let root = "";
  beforeAll(() => {
    root = realpathSync(mkdtempSync(join(tmpdir(), "hookit-starter-")));
    const home = join(root, "home");
    const project = join(root, "project");
    mkdirSync(join(home, "elsewhere"), { recursive: true });
    mkdirSync(join(project, "src"), { recursive: true });
    mkdirSync(join(project, "config"), { recursive: true });
    mkdirSync(join(root, "project-sibling"), { recursive: true });
    execFileSync("git", ["init", "-q", project]);
    writeFileSync(join(project, ".env"), "API_KEY=secret\n");
    writeFileSync(join(project, "config", ".env"), "API_KEY=deep\n");
    writeFileSync(join(project, ".env.example"), "API_KEY=\n");
    writeFileSync(join(project, ".env.production.local"), "API_KEY=prod\n");
    writeFileSync(join(project, "README.md"), "# readme\n");
    symlinkSync(".env", join(project, "notes.txt"));
    symlinkSync(join(home, "elsewhere"), join(project, "linkdir"));
    const env = {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: home,
      XDG_CONFIG_HOME: join(home, ".config"),
      XDG_STATE_HOME: join(home, ".local/state"),
    };
    execFileSync(process.execPath, [binPath(), "init", "--global", ...init], { env, cwd: project, stdio: "ignore" });
    box = { project, home, env };
  }, 60_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  return () => {
    if (!box) throw new Error("the starter box is not ready");
    return box;
  };
}

/** `delete` is Codex's apply_patch `*** Delete File:` (no other agent has a delete tool). */
type Call =
  | { kind: "bash"; command: string }
  | { kind: "read" | "write" | "edit" | "delete"; path: string }
  | ({ kind: "grep" } & Search)
  /** Gemini's read_many_files: files, folders and patterns. */
  | { kind: "many"; paths: string[] };

/** A search tool's call (Codex has none): the folder, and the files it limits itself to. */
export interface Search {
  path?: string;
  glob?: string;
  type?: string;
}

interface AgentShape {
  event: string;
  payload(call: Call, cwd: string): unknown;
  /** The reason given when the call is refused, or held for the user's yes (an ask). */
  denied(stdout: string): string | undefined;
}

/** A refusal, or an ask: either way the call does not run on the model's word alone. */
const STOPS = ["deny", "ask"];

const fixture = (agent: string, file: string) => JSON.parse(readFileSync(join(FIXTURES, agent, file), "utf8")) as Record<string, unknown>;
const parsed = (stdout: string): Record<string, unknown> => {
  try {
    return JSON.parse(stdout) as Record<string, unknown>;
  } catch {
    return {};
  }
};
const specificDeny = (stdout: string) => {
  const specific = parsed(stdout).hookSpecificOutput as Record<string, unknown> | undefined;
  return STOPS.includes(specific?.permissionDecision as string) ? String(specific?.permissionDecisionReason) : undefined;
};

const geminiOnly = (): never => {
  throw new Error("read_many_files is Gemini's");
};

const claudeTool = (call: Call) =>
  call.kind === "many"
    ? geminiOnly()
    : call.kind === "grep"
      ? { tool_name: "Grep", tool_input: { pattern: "KEY", ...searchOf(call), output_mode: "content" } }
      : call.kind === "bash"
        ? { tool_name: "Bash", tool_input: { command: call.command, description: "run" } }
        : call.kind === "read"
          ? { tool_name: "Read", tool_input: { file_path: call.path } }
          : call.kind === "write"
            ? { tool_name: "Write", tool_input: { file_path: call.path, content: "x\n" } }
            : { tool_name: "Edit", tool_input: { file_path: call.path, old_string: "a", new_string: "b" } };

export const AGENTS: Record<string, AgentShape> = {
  claude: {
    event: "PreToolUse",
    payload: (call, cwd) => ({ ...fixture("claude", "PreToolUse-Bash.json"), cwd, ...claudeTool(call) }),
    denied: specificDeny,
  },
  codex: {
    event: "PreToolUse",
    payload: (call, cwd) =>
      call.kind === "bash"
        ? { ...fixture("codex", "PreToolUse-Bash.json"), cwd, tool_input: { command: call.command } }
        : { ...fixture("codex", "PreToolUse-apply_patch.json"), cwd, tool_input: { command: codexPatch(call) } },
    denied: specificDeny,
  },
  gemini: {
    event: "BeforeTool",
    payload: (call, cwd) => ({
      ...fixture("gemini", "BeforeTool-run_shell_command.json"),
      cwd,
      ...(call.kind === "many"
        ? { tool_name: "read_many_files", tool_input: { paths: call.paths } }
        : call.kind === "grep"
          ? {
              tool_name: "search_file_content",
              tool_input: { pattern: "KEY", ...(call.path && { dir_path: call.path }), ...(call.glob && { include: call.glob }) },
            }
          : call.kind === "bash"
            ? { tool_name: "run_shell_command", tool_input: { command: call.command } }
            : call.kind === "read"
              ? { tool_name: "read_file", tool_input: { file_path: call.path } }
              : call.kind === "write"
                ? { tool_name: "write_file", tool_input: { file_path: call.path, content: "x\n" } }
                : { tool_name: "replace", tool_input: { file_path: call.path, old_string: "a", new_string: "b" } }),
    }),
    denied: (stdout) => (parsed(stdout).decision === "deny" ? String(parsed(stdout).reason) : undefined),
  },
  copilot: {
    event: "preToolUse",
    payload: (call, cwd) => ({
      ...fixture("copilot", "preToolUse-camelCase.json"),
      cwd,
      ...(call.kind === "many"
        ? geminiOnly()
        : call.kind === "grep"
          ? { toolName: "grep", toolArgs: { pattern: "KEY", ...searchOf(call) } }
          : call.kind === "bash"
            ? { toolName: "bash", toolArgs: { command: call.command, description: "run" } }
            : call.kind === "read"
              ? { toolName: "view", toolArgs: { path: call.path } }
              : call.kind === "write"
                ? { toolName: "create", toolArgs: { path: call.path, file_text: "x\n" } }
                : { toolName: "edit", toolArgs: { path: call.path, old_str: "a", new_str: "b" } }),
    }),
    denied: (stdout) =>
      STOPS.includes(parsed(stdout).permissionDecision as string) ? String(parsed(stdout).permissionDecisionReason) : undefined,
  },
};

const searchOf = ({ path, glob, type }: Search) => ({ ...(path && { path }), ...(glob && { glob }), ...(type && { type }) });

function codexPatch(call: Call): string {
  if (call.kind === "bash" || call.kind === "grep" || call.kind === "many") throw new Error("not a file call");
  const body =
    call.kind === "read"
      ? ""
      : call.kind === "write"
        ? `*** Add File: ${call.path}\n+x\n`
        : call.kind === "delete"
          ? `*** Delete File: ${call.path}\n`
          : `*** Update File: ${call.path}\n@@\n-a\n+b\n`;
  return `*** Begin Patch\n${body}*** End Patch\n`;
}

/**
 * The deny reason the agent would get, or undefined when the call may run. `hookit hook` runs
 * in-process (the same entry the binary calls, without a node start per case), or as the BUILT
 * binary with `{ process: true }`.
 */
export async function decide(box: Box, agent: string, call: Call, how: { process?: boolean } = {}): Promise<string | undefined> {
  const shape = AGENTS[agent] as AgentShape;
  const stdin = JSON.stringify(shape.payload(call, box.project));
  if (!how.process) return shape.denied((await hookReply({ agent, nativeEvent: shape.event }, stdin, box.env, box.project)).stdout);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [binPath(), "hook", "--agent", agent, shape.event], { cwd: box.project, env: box.env });
    const out: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.on("error", reject);
    child.on("close", () => resolve(shape.denied(Buffer.concat(out).toString())));
    child.stdin.end(stdin);
  });
}
