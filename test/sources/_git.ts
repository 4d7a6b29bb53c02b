// Real git repositories for the policy-source tests: a work tree where the
// "security lead" commits the policy, a bare repository it is pushed to, and
// `git daemon` serving that bare repository over git:// on 127.0.0.1. No git
// is mocked; the user's own git configuration is kept out.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { onTestFinished } from "vitest";

/** git with no system or global configuration (HOME is the sandbox's). */
export function gitEnv(home: string): Record<string, string> {
  return { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null", LC_ALL: "C" };
}

export interface PolicyRepo {
  /** The bare repository (what `hookit source add` is given, as a path or file:// URL). */
  bare: string;
  /** Commits `files` (path → JSON value) in the work tree and pushes; returns the commit. */
  commit(files: Record<string, unknown>, message?: string): string;
  /** Tags HEAD and pushes the tag. */
  tag(name: string): void;
}

/** A bare repository `<root>/<owner>/<repo>.git` with a work tree pushing to it. */
export function policyRepo(root: string, name = "acme/policy"): PolicyRepo {
  const env = gitEnv(root);
  const bare = join(root, `${name}.git`);
  const work = join(root, "work", name);
  const git = (cwd: string, ...args: string[]) => execFileSync("git", args, { cwd, env, encoding: "utf8" }).trim();
  mkdirSync(dirname(bare), { recursive: true });
  mkdirSync(work, { recursive: true });
  git(root, "init", "--quiet", "--bare", "--initial-branch=main", bare);
  git(work, "init", "--quiet", "--initial-branch=main");
  git(work, "remote", "add", "origin", bare);
  return {
    bare,
    commit(files, message = "policy") {
      for (const [path, value] of Object.entries(files)) {
        mkdirSync(dirname(join(work, path)), { recursive: true });
        writeFileSync(join(work, path), typeof value === "string" ? value : JSON.stringify(value, null, 2) + "\n");
      }
      git(work, "add", "--all");
      git(work, "-c", "user.name=Security Lead", "-c", "user.email=lead@example.invalid", "commit", "--quiet", "-m", message);
      git(work, "push", "--quiet", "origin", "HEAD:main");
      return git(work, "rev-parse", "HEAD");
    },
    tag(tagName) {
      git(work, "tag", tagName);
      git(work, "push", "--quiet", "origin", tagName);
    },
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

export interface Daemon {
  url(name: string): string;
  stop(): Promise<void>;
}

/** `git daemon` exporting every repository under `base`, on a free port of 127.0.0.1, until the test ends. */
export async function gitDaemon(base: string): Promise<Daemon> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    "git",
    ["daemon", "--export-all", "--reuseaddr", "--listen=127.0.0.1", `--port=${port}`, `--base-path=${base}`, base],
    {
      env: gitEnv(base),
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  let stopped = false;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (stopped || child.exitCode !== null) return resolve();
      stopped = true;
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  onTestFinished(stop);
  const url = (name: string) => `git://127.0.0.1:${port}/${name}.git`;
  // Ready when git itself can list a repository through it.
  for (let tries = 0; ; tries++) {
    try {
      execFileSync("git", ["ls-remote", url("acme/policy")], { env: gitEnv(base), stdio: "ignore", timeout: 5000 });
      break;
    } catch (error) {
      if (tries > 100 || child.exitCode !== null) throw new Error(`git daemon did not start: ${(error as Error).message}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return { url, stop };
}
