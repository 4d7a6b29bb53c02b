// Kill points: every change a hookit process makes to the disk is a place where
// kill -9 can land. A dry run lists them (through the fault preload); then the
// same run is repeated once per point and mode, killed exactly there, and the
// files are checked after each death. "half" writes half the bytes first: what
// a kill during a large write(2) leaves behind.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "vitest";
import { FAULTS, type ProcessResult, runBin, type Sandbox } from "../_sandbox.ts";
import { escapeRegExp } from "../_text.ts";

export interface Change {
  call: string;
  path: string;
}

export interface KillPoint extends Change {
  /** 1-based position among the run's changes. */
  at: number;
  mode: "before" | "half";
}

export type FaultRun = (faultEnv: Record<string, string>) => Promise<ProcessResult>;

/** The run's disk changes under `pathPattern`, in order. */
export async function listChanges(run: FaultRun, pathPattern: string): Promise<Change[]> {
  const dir = mkdtempSync(join(tmpdir(), "hookit-faultlog-"));
  try {
    const log = join(dir, "log");
    const result = await run({ HOOKIT_FAULT_PATH: pathPattern, HOOKIT_FAULT_LOG: log });
    expect(result.signal, result.stderr).toBeNull();
    if (!existsSync(log)) return [];
    return readFileSync(log, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => {
        const space = line.indexOf(" ");
        return { call: line.slice(0, space), path: line.slice(space + 1) };
      });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Every change, killed before it happens; writes also killed halfway. An
 * O_APPEND write of one small log record is one write(2) that a kill cannot
 * split, so appends (appendFileSync, and writeSync on a file opened for
 * appending, logged as appendSync) are only killed before.
 */
export function killPoints(changes: readonly Change[]): KillPoint[] {
  return changes.flatMap((change, index) => {
    const at = index + 1;
    const points: KillPoint[] = [{ ...change, at, mode: "before" }];
    if (change.call === "writeSync" || change.call === "writeFileSync") points.push({ ...change, at, mode: "half" });
    return points;
  });
}

/** Runs the scenario killed at `point`; the process must really have died there. */
export async function runKilledAt(run: FaultRun, pathPattern: string, point: KillPoint): Promise<ProcessResult> {
  const result = await run({
    HOOKIT_FAULT_PATH: pathPattern,
    HOOKIT_FAULT_KILL_AT: String(point.at),
    HOOKIT_FAULT_KILL_MODE: point.mode,
  });
  expect(result.signal, `kill point ${describePoint(point)} was not reached: ${result.stderr}`).toBe("SIGKILL");
  return result;
}

export const describePoint = (point: KillPoint) => `#${point.at} ${point.mode} ${point.call} ${point.path}`;

/** Replaces `target` with a copy of `snapshot` (a directory tree). */
export function restore(snapshot: string, target: string): void {
  rmSync(target, { recursive: true, force: true });
  if (existsSync(snapshot)) cpSync(snapshot, target, { recursive: true });
}

/** Every JSON file under `dir` parses, every JSONL line too; atomic writers' temp files are skipped. */
export function expectNoTornFiles(dir: string): void {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || entry.name.endsWith(".tmp")) continue;
    const path = join(entry.parentPath, entry.name);
    const text = readFileSync(path, "utf8");
    if (entry.name.endsWith(".jsonl")) {
      for (const line of text.split("\n").filter(Boolean)) expect(() => JSON.parse(line), `${path}: ${line}`).not.toThrow();
    } else if (entry.name.endsWith(".json")) {
      expect(() => JSON.parse(text), path).not.toThrow();
    }
  }
}

/** A file's bytes, or undefined when it does not exist. */
export function bytesOf(path: string): string | undefined {
  return existsSync(path) ? readFileSync(path, "latin1") : undefined;
}

/** A regex matching `text` literally. */
/** A project holding the user's own settings for some agents (one large), and how to install into it. */
export function installScenario(box: Sandbox, agents: string[], command = "install") {
  const allow = Array.from({ length: 4000 }, (_, i) => `"Bash(tool-${i} *)"`).join(",\n      ");
  const userFiles: Record<string, [string, string | undefined]> = {
    // Strict JSON: Claude Code ignores a settings file with a comment, and install refuses one.
    claude: [".claude/settings.json", `{\n  "permissions": {\n    "allow": [\n      ${allow}\n    ]\n  },\n  "model": "opus"\n}\n`],
    cursor: [".cursor/hooks.json", `{ "version": 1, "hooks": { "stop": [{ "command": "./notify.sh" }] } }\n`],
    codex: [".codex/hooks.json", undefined],
    gemini: [".gemini/settings.json", `{\n\t"ui": { "theme": "dark" }\n}\n`],
    copilot: [".github/hooks/hookit.json", undefined],
    pi: [".pi/settings.json", `{ "extensions": ["./my-extension.ts"] }\n`],
    kimi: [".kimi-code/config.toml", undefined],
    antigravity: [".agents/hooks.json", undefined],
    factory: [".factory/hooks.json", undefined],
    opencode: ["opencode.json", `{ "model": "some/model" }\n`],
  };
  const files = agents.map((agent) => join(box.project, userFiles[agent]![0]));
  for (const agent of agents) {
    const [file, text] = userFiles[agent]!;
    if (text === undefined) continue;
    mkdirSync(join(box.project, file, ".."), { recursive: true });
    writeFileSync(join(box.project, file), text);
  }
  const snapshot = join(box.root, "project-before");
  restore(box.project, snapshot);
  const args = [command, "--agent", agents.join(","), "--project", box.project, "--command", "hookit"];
  const run: FaultRun = (env) => runBin(box, args, "", { env, nodeArgs: ["--require", FAULTS] });
  return { files, run, pattern: `^${escapeRegExp(box.project)}/`, snapshot };
}
