// The BUILT hookit that process-level suites run, the way an agent runs it. Others rebuild `dist/`
// in this tree, and a rebuild deletes it first, so each test file runs a private copy (with
// package.json, which the installer looks for). `HOOKIT_TEST_DIST` points the suites at another
// build, e.g. one with a fix reverted, to see a test fail without the fix.
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";

export const ROOT = join(import.meta.dirname, "..");
export const FIXTURES = join(ROOT, "test/fixtures");

let snapshot: string | undefined;

/** Call once at the top of a test file that runs hookit as a process. */
export function useBuiltHookit(): void {
  beforeAll(() => {
    snapshot ??= snapshotDist(process.env.HOOKIT_TEST_DIST ?? join(ROOT, "dist"));
  }, 180_000);
  afterAll(() => {
    if (snapshot) rmSync(snapshot, { recursive: true, force: true });
    snapshot = undefined;
  });
}

/** The private copy's package root (its `dist/` is the built package). */
export function packageRoot(): string {
  if (!snapshot) throw new Error("call useBuiltHookit() at the top of the test file");
  return snapshot;
}

export const binPath = (): string => join(packageRoot(), "dist", "bin.cjs");

function snapshotDist(dist: string): string {
  if (!existsSync(join(dist, "bin.cjs"))) {
    if (process.env.HOOKIT_TEST_DIST) throw new Error(`${dist} has no build`);
    execFileSync(process.execPath, ["scripts/build.mjs"], { cwd: ROOT, stdio: "ignore" });
  }
  for (let attempt = 0; ; attempt++) {
    const target = mkdtempSync(join(tmpdir(), "hookit-dist-"));
    try {
      // schema.json is the build's last file: without it the build is still running.
      if (!existsSync(join(dist, "schema.json")) || !existsSync(join(dist, "meta.json"))) throw new Error(`${dist} is incomplete`);
      cpSync(dist, join(target, "dist"), { recursive: true });
      cpSync(join(ROOT, "package.json"), join(target, "package.json"));
      if (!existsSync(join(target, "dist/schema.json"))) throw new Error(`${dist} changed while it was copied`);
      return target;
    } catch (error) {
      rmSync(target, { recursive: true, force: true });
      if (attempt >= 60) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
    }
  }
}
