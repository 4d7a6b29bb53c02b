// A second, unprivileged user for the managed-layer tests: the agent (and so
// every tool call) runs as this user, while the managed install is root's.
import { execFileSync, spawn } from "node:child_process";
import { chmodSync, chownSync, mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const TEST_USER = "hookit-e2e-user";

export interface User {
  uid: number;
  gid: number;
}

/** Creates the user when it is missing (idempotent; the tests run as root). */
export function ensureUser(): User {
  const lookup = () => execFileSync("id", ["-u", TEST_USER], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
  try {
    lookup();
  } catch {
    try {
      execFileSync("useradd", ["-m", TEST_USER], { stdio: "ignore" });
    } catch (error) {
      lookup(); // another test file created it meanwhile; anything else is a real failure
      void error;
    }
  }
  const uid = Number(execFileSync("id", ["-u", TEST_USER], { encoding: "utf8" }).trim());
  const gid = Number(execFileSync("id", ["-g", TEST_USER], { encoding: "utf8" }).trim());
  return { uid, gid };
}

/** A folder under the system temp dir that root owns, mode 0755 (what an `/etc` stand-in must be). */
export function rootOwnedDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(dir, 0o755);
  return dir;
}

/** A folder the user owns (their HOME, state, projects). */
export function userDir(parent: string, name: string, user: User): string {
  const dir = join(parent, name);
  mkdirSync(dir, { recursive: true });
  chownSync(dir, user.uid, user.gid);
  return dir;
}

export interface Ran {
  stdout: string;
  stderr: string;
  exitCode: number | null;
}

/** Runs a program as the user (setpriv), with exactly `env`. */
export function runAs(user: User, argv: readonly string[], env: Record<string, string>, stdin = "", cwd?: string): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn("setpriv", [`--reuid=${user.uid}`, `--regid=${user.gid}`, "--init-groups", "--", ...argv], {
      env,
      ...(cwd && { cwd }),
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
    child.on("error", reject);
    child.on("close", (exitCode) => resolve({ stdout: Buffer.concat(out).toString(), stderr: Buffer.concat(err).toString(), exitCode }));
    child.stdin.on("error", () => {});
    child.stdin.end(stdin);
  });
}
