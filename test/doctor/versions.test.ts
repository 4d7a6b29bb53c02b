// doctor warns when an installed agent's CLI reports a release outside the range the real-CLI
// suite verified; every end of each range has its captured tool list.
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { VERIFIED_RANGES, versionChecks } from "../../src/doctor/versions.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A PATH holding one fake `bin` that prints `output` for --version. */
function fakePath(bin: string, output: string): string {
  const dir = mkdtempSync(join(tmpdir(), "hookit-versions-"));
  dirs.push(dir);
  writeFileSync(join(dir, bin), `#!/bin/sh\necho '${output}'\n`);
  chmodSync(join(dir, bin), 0o755);
  return dir;
}

describe("versionChecks", () => {
  it("warns about a release older or newer than the verified range, and names the range", () => {
    for (const version of ["2.0.5", "2.2.0"]) {
      const [check] = versionChecks(["claude"], { PATH: fakePath("claude", `${version} (Claude Code)`) });
      expect(check).toMatchObject({ agent: "claude", status: "warn" });
      expect(check?.message).toContain(`claude ${version} is outside the versions hookit was verified with (2.1.197 to 2.1.332)`);
    }
  });

  it("reports a verified release as ok, and says nothing when the CLI is not on PATH or does not answer", () => {
    expect(versionChecks(["claude"], { PATH: fakePath("claude", "2.1.250 (Claude Code)") })).toMatchObject([{ status: "ok" }]);
    expect(versionChecks(["factory"], { PATH: fakePath("droid", "0.225.2") })).toMatchObject([{ status: "ok" }]);
    expect(versionChecks(["claude"], { PATH: "/nonexistent" })).toEqual([]);
    expect(versionChecks(["claude"], { PATH: fakePath("claude", "x") }, () => undefined)).toEqual([]);
    expect(versionChecks(["cursor"], { PATH: fakePath("cursor-agent", "9.9.9") })).toEqual([]);
  });

  it("every end of every range has a captured tool list", () => {
    for (const [agent, range] of Object.entries(VERIFIED_RANGES)) {
      for (const version of [range.oldest, range.newest]) {
        expect(existsSync(join(import.meta.dirname, `../fixtures/tool-lists/${agent}-${version}.json`)), `${agent} ${version}`).toBe(true);
      }
    }
  });
});
