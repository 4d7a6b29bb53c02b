// A fresh home, project (a git work tree) and empty bin folder per test, for the doctor tests
// that install hookit into an agent's files and read what doctor reports.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, beforeAll } from "vitest";
import type { runDoctor } from "../../src/doctor/index.ts";
import { installAgents } from "../../src/installer/index.ts";

export const REPO = resolve(import.meta.dirname, "../..");

export interface DoctorBox {
  root: string;
  home: string;
  project: string;
  bin: string;
  env: Record<string, string>;
}

/** `box()` makes the folders (removed after each test); the build must exist for the probes. */
export function useDoctorBoxes(prefix: string): () => DoctorBox {
  const made: string[] = [];
  beforeAll(() => {
    if (!existsSync(join(REPO, "dist", "hook.cjs"))) execFileSync("npm", ["run", "build"], { cwd: REPO, stdio: "ignore" });
  });
  afterEach(() => {
    for (const root of made.splice(0)) rmSync(root, { recursive: true, force: true });
  });
  return () => {
    const root = mkdtempSync(join(tmpdir(), prefix));
    made.push(root);
    const home = join(root, "home");
    const project = join(root, "project");
    const bin = join(root, "bin");
    mkdirSync(join(project, ".git"), { recursive: true });
    mkdirSync(home, { recursive: true });
    mkdirSync(bin);
    // No real agent CLI on PATH unless a test puts one there.
    const env = { PATH: `${bin}:/usr/bin:/bin`, HOME: home, XDG_CONFIG_HOME: join(home, ".config"), XDG_STATE_HOME: join(home, ".state") };
    return { root, home, project, bin, env };
  };
}

/** `hookit install --agent <agent>` into the project (or the global scope), from this checkout. */
export const installInto = (agent: string, box: DoctorBox, scope: "project" | "global" = "project") =>
  installAgents({
    agents: [agent],
    ...(scope === "global" ? { scope } : { projectDir: box.project }),
    env: box.env,
    cwd: box.project,
    packageRoot: REPO,
  });

export const errorsOf = (report: Awaited<ReturnType<typeof runDoctor>>) => report.checks.filter((c) => c.status === "error");
