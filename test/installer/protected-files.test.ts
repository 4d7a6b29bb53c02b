// Files hookit must not write, and one it must not write into: a settings file the
// user made read-only (0444), an immutable one (chattr +i: a raw EPERM and a stray
// .hookit.bak before), and Kimi's project file, which Kimi never reads.
import { chmodSync, existsSync, readFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { installAgents, InstallError, uninstallAgents } from "../../src/installer/index.ts";
import { sandbox, write } from "../install/_helpers.ts";

const options = (box: ReturnType<typeof sandbox>, agents: string[] | "all", extra: Record<string, unknown> = {}) => ({
  agents,
  env: box.env,
  cwd: box.repo,
  packageRoot: box.root,
  nodePath: "/usr/bin/node",
  ...extra,
});

describe("settings files the user protected", () => {
  it("a 0444 file is refused with what to do, and left byte for byte", async () => {
    const box = sandbox();
    const file = join(box.repo, ".claude", "settings.json");
    write(file, '{"model": "opus"}\n');
    chmodSync(file, 0o444);
    const run = installAgents(options(box, ["claude"]));
    await expect(run).rejects.toThrow(InstallError);
    await expect(installAgents(options(box, ["claude"]))).rejects.toThrow(/settings\.json is read-only \(mode 0444\).*chmod u\+w/);
    expect(readFileSync(file, "utf8")).toBe('{"model": "opus"}\n');
    expect(existsSync(`${file}.hookit.bak`)).toBe(false);
  });

  it("uninstall refuses a read-only file too", async () => {
    const box = sandbox();
    await installAgents(options(box, ["claude"]));
    const file = join(box.repo, ".claude", "settings.json");
    chmodSync(file, 0o444);
    await expect(uninstallAgents(options(box, ["claude"]))).rejects.toThrow(/read-only/);
  });

  const chattr = spawnSync("chattr", ["--help"]).error === undefined && process.getuid?.() === 0;
  it.runIf(chattr)("an immutable file: a clear error, no stray backup", async () => {
    const box = sandbox();
    const file = join(box.repo, ".claude", "settings.json");
    write(file, '{"model": "opus"}\n');
    const lock = spawnSync("chattr", ["+i", file]);
    if (lock.status !== 0) return; // the filesystem has no immutable flag (tmpfs, overlay): nothing to test here
    try {
      await expect(installAgents(options(box, ["claude"]))).rejects.toThrow(/cannot be replaced \(EPERM: the file is immutable/);
      expect(existsSync(`${file}.hookit.bak`)).toBe(false);
      expect(readFileSync(file, "utf8")).toBe('{"model": "opus"}\n');
    } finally {
      spawnSync("chattr", ["-i", file]);
    }
  });
});

describe("Kimi Code in project scope", () => {
  it("named explicitly: refused, saying why and what to do instead", async () => {
    const box = sandbox();
    await expect(installAgents(options(box, ["kimi"]))).rejects.toThrow(/Kimi Code CLI reads no project configuration.*--global/);
    expect(existsSync(join(box.repo, ".kimi-code"))).toBe(false);
  });

  it("from --agent all: left out, with the reason in the report", async () => {
    const box = sandbox();
    write(join(box.home, ".kimi-code", "keep"), "");
    write(join(box.home, ".claude", "keep"), "");
    const report = await installAgents(options(box, "all"));
    expect(report.outcomes.map((o) => o.agent)).not.toContain("kimi");
    expect(report.skipped?.[0]).toMatch(/^Kimi Code CLI: skipped\./);
  });

  it("with KIMI_CODE_HOME pointing at the project's folder, Kimi reads it: installed", async () => {
    const box = sandbox();
    const report = await installAgents(options(box, ["kimi"], { env: { ...box.env, KIMI_CODE_HOME: join(box.repo, ".kimi-code") } }));
    expect(report.outcomes[0]?.action).toBe("create");
  });
});
