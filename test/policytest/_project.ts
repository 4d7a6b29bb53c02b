// A throwaway project (a git work tree with a policy) and a private HOME, for
// driving the built `hookit test` / `explain` / `replay` as a user would.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";
import { binPath } from "../_sandbox.ts";

export interface Project {
  root: string;
  dir: string;
  home: string;
  env: Record<string, string>;
  stateDir: string;
  write(rel: string, content: unknown): string;
  hookit(args: readonly string[], stdin?: string, env?: Record<string, string>): { status: number | null; stdout: string; stderr: string };
}

const made: string[] = [];
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

export function makeProject(): Project {
  const root = mkdtempSync(join(tmpdir(), "hookit-policytest-"));
  made.push(root);
  const dir = join(root, "project");
  const home = join(root, "home");
  mkdirSync(dir, { recursive: true });
  mkdirSync(home, { recursive: true });
  spawnSync("git", ["init", "-q", dir]);
  const env = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: home,
    XDG_CONFIG_HOME: join(home, ".config"),
    XDG_STATE_HOME: join(home, ".local/state"),
  };
  return {
    root,
    dir,
    home,
    env,
    stateDir: join(env.XDG_STATE_HOME, "hookit"),
    write(rel, content) {
      const path = join(dir, rel);
      mkdirSync(join(path, ".."), { recursive: true });
      writeFileSync(path, typeof content === "string" ? content : JSON.stringify(content, null, 2));
      return path;
    },
    hookit(args, stdin = "", extra = {}) {
      const run = spawnSync(process.execPath, [binPath(), ...args], {
        cwd: dir,
        env: { ...env, ...extra },
        input: stdin,
        encoding: "utf8",
        timeout: 120_000,
      });
      return { status: run.status, stdout: run.stdout, stderr: run.stderr };
    },
  };
}
