// hookit as Copilot CLI's plugin, as doctor reads it: from ~/.copilot/settings.json in the shape
// Copilot CLI 1.0.102 wrote it in test/e2e/copilot-plugin.e2e.test.ts (`copilot plugin marketplace
// add <folder>`, `copilot plugin install hookit@hookit`, `copilot plugin disable hookit@hookit`), and
// the package folder Copilot loads the plugin from, live. The old doctor saw no install at all here.
import { cpSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, test } from "vitest";
import { runDoctor } from "../../src/doctor/index.ts";
import { type DoctorBox, errorsOf, REPO, useDoctorBoxes } from "./_box.ts";

const box = useDoctorBoxes("hookit-copilot-plugin-");

function write(path: string, value: unknown) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);
}

/** The package folder (its manifest, the built hooks and hookit) and Copilot's record of the install. */
function installed(enabled: boolean, b = box()): { b: DoctorBox; folder: string } {
  const folder = join(b.home, "pkg/hookit-cli");
  cpSync(join(REPO, "plugin.json"), join(folder, "plugin.json"));
  cpSync(join(REPO, "dist/copilot-plugin"), join(folder, "dist/copilot-plugin"), { recursive: true });
  cpSync(join(REPO, "dist/bin.cjs"), join(folder, "dist/bin.cjs"));
  write(join(b.home, ".copilot/settings.json"), {
    extraKnownMarketplaces: { hookit: { source: { source: "directory", path: folder } } },
    enabledPlugins: { "hookit@hookit": enabled },
  });
  return { b, folder };
}

const copilotChecks = async (b: DoctorBox) => {
  const report = await runDoctor(b.project, b.env);
  return { report, errors: errorsOf(report).filter((c) => c.agent === "copilot") };
};

describe("hookit as Copilot CLI's plugin", () => {
  test("installed and enabled, it counts as an install: ✓ with the folder Copilot loads it from", async () => {
    const { b, folder } = installed(true);
    const { report, errors } = await copilotChecks(b);
    const ok = report.checks.find(
      (c) => c.agent === "copilot" && c.status === "ok" && /loads hookit's plugin hookit@hookit/.test(c.message),
    );
    expect(ok?.message).toContain(folder);
    expect(errors).toEqual([]);
    expect(report.checks.some((c) => /not installed into any agent/.test(c.message))).toBe(false);
  });

  test("switched off (copilot plugin disable): ✗ with the command that enables it", async () => {
    const { b } = installed(false);
    const [off] = (await copilotChecks(b)).errors;
    expect(off?.message).toMatch(/plugin hookit@hookit is switched off in .*\.copilot\/settings\.json/);
    expect(off?.fix).toBe("copilot plugin enable hookit@hookit");
  });

  test("under a relocated COPILOT_HOME", async () => {
    const b = box();
    const { folder } = installed(false, b);
    const home = join(b.root, "copilot-home");
    mkdirSync(home);
    write(join(home, "settings.json"), {
      extraKnownMarketplaces: { hookit: { source: { source: "directory", path: folder } } },
      enabledPlugins: { "hookit@hookit": true },
    });
    const report = await runDoctor(b.project, { ...b.env, COPILOT_HOME: home });
    expect(report.checks.some((c) => c.status === "ok" && c.message.includes(join(home, "settings.json")))).toBe(true);
  });

  test.each([
    ["settings.json", "the repository's"],
    ["settings.local.json", "the local"],
  ])("switched off for the project by %s (%s settings): ✗", async (name) => {
    const { b } = installed(true);
    write(join(b.project, ".github/copilot", name), { enabledPlugins: { "hookit@hookit": false } });
    const [off] = (await copilotChecks(b)).errors;
    expect(off?.message).toMatch(new RegExp(`switched off for this project by .*\\.github/copilot/${name.replace(".", "\\.")}`));
  });

  test("a repository's disableAllHooks under the plugin is ✗ too", async () => {
    const { b } = installed(true);
    write(join(b.project, ".github/copilot/settings.json"), { disableAllHooks: true });
    const found = (await copilotChecks(b)).errors.find((c) => /"disableAllHooks": true/.test(c.message));
    expect(found).toBeDefined();
  });

  test.each([
    [
      "its root plugin.json is gone (Copilot then runs Claude Code's hooks/hooks.json)",
      (folder: string) => rmSync(join(folder, "plugin.json")),
    ],
    [
      "a .plugin/plugin.json, which Copilot reads first, is there",
      (folder: string) => write(join(folder, ".plugin/plugin.json"), { name: "hookit" }),
    ],
    ["the hookit its hooks run is gone", (folder: string) => rmSync(join(folder, "dist/bin.cjs"))],
  ])("enabled, but %s: ✗", async (_name, breakIt) => {
    const { b, folder } = installed(true);
    breakIt(folder);
    const [broken] = (await copilotChecks(b)).errors;
    expect(broken?.message).toContain(`is loaded live from ${folder}`);
  });

  // `copilot plugin install <git URL>` (run against a local git server): a copy, recorded in config.json, JSONC.
  const copied = (b: DoctorBox, enabled: boolean, copy: string) =>
    writeFileSync(
      join(b.home, ".copilot/config.json"),
      `// User settings belong in settings.json.\n// This file is managed automatically.\n${JSON.stringify(
        {
          installedPlugins: [
            {
              name: "hookit",
              marketplace: "",
              version: "0.1.0",
              installed_at: "2026-12-04T18:12:27.407038496Z",
              cache_path: copy,
              enabled,
              source: { source: "url", url: "http://127.0.0.1:18778/hookit.git" },
            },
          ],
        },
        null,
        2,
      )}\n`,
    );

  test("copied from a git URL (config.json's installedPlugins): ✓ when the copy holds the hooks and hookit, ✗ when disabled", async () => {
    const b = box();
    const copy = join(b.home, ".copilot/installed-plugins/_direct/http---127-0-0-1-18778-hookit-git");
    cpSync(join(REPO, "plugin.json"), join(copy, "plugin.json"));
    cpSync(join(REPO, "dist/copilot-plugin"), join(copy, "dist/copilot-plugin"), { recursive: true });
    cpSync(join(REPO, "dist/bin.cjs"), join(copy, "dist/bin.cjs"));
    copied(b, true, copy);
    const { report, errors } = await copilotChecks(b);
    expect(report.checks.some((c) => c.status === "ok" && c.message.includes(`loads hookit's plugin hookit (${copy}`))).toBe(true);
    expect(errors).toEqual([]);
    copied(b, false, copy);
    const [off] = (await copilotChecks(b)).errors;
    expect(off?.message).toMatch(/plugin hookit is disabled in .*\.copilot\/config\.json/);
    expect(off?.fix).toBe("copilot plugin enable hookit");
  });

  test("copied from the git repository, which has no dist/: ✗, since its hooks fail closed", async () => {
    const b = box();
    const copy = join(b.home, ".copilot/installed-plugins/_direct/repo");
    cpSync(join(REPO, "plugin.json"), join(copy, "plugin.json"));
    copied(b, true, copy);
    const [broken] = (await copilotChecks(b)).errors;
    expect(broken?.message).toContain("a copy of the git repository has no dist/");
  });
});
