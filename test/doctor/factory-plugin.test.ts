// hookit as droid's plugin, as doctor reads it: ~/.factory/settings.json and droid's install record
// in the shape droid 0.225.2 wrote them in test/e2e/factory-plugin.e2e.test.ts (`droid plugin
// marketplace add <folder>`, `droid plugin install hookit@hookit-cli`), and the copy droid made of
// dist/droid-plugin/. The old doctor saw no install at all here.
import { cpSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, test } from "vitest";
import { runDoctor } from "../../src/doctor/index.ts";
import { type DoctorBox, errorsOf, REPO, useDoctorBoxes } from "./_box.ts";

const box = useDoctorBoxes("hookit-factory-plugin-");
const ID = "hookit@hookit-cli";

function write(path: string, value: unknown) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);
}

/** droid's copy of the plugin folder (or of `source`), its record, and the switch, under `factoryHome`. */
function installed(enabled: boolean, b = box(), { factoryHome = b.home, source = join(REPO, "dist/droid-plugin") } = {}) {
  const dir = join(factoryHome, ".factory");
  const copy = join(dir, "plugins/cache/hookit-cli-84c21bf38cc8/hookit-d6e0b8c2a59f/mx9gxurv");
  mkdirSync(copy, { recursive: true });
  cpSync(join(source, "hooks"), join(copy, "hooks"), { recursive: true });
  cpSync(join(REPO, "dist/bin.cjs"), join(copy, "dist/bin.cjs"));
  write(join(dir, "plugins/installed_plugins/hookit-hookit-cli-user-529bc1331185.json"), {
    schemaVersion: 1,
    pluginId: ID,
    entry: { scope: "user", installPath: copy, version: "mx9gxurv", source: "hookit-cli" },
  });
  write(join(dir, "settings.json"), {
    extraKnownMarketplaces: { "hookit-cli": { source: { source: "local", path: join(b.home, "pkg/hookit-cli") } } },
    enabledPlugins: { [ID]: enabled },
  });
  return { b, copy };
}

const factoryChecks = async (b: DoctorBox, env = b.env) => {
  const report = await runDoctor(b.project, env);
  return { report, errors: errorsOf(report).filter((c) => c.agent === "factory") };
};

describe("hookit as droid's plugin", () => {
  test("installed and enabled, it counts as an install: ✓ with the copy droid runs", async () => {
    const { b, copy } = installed(true);
    const { report, errors } = await factoryChecks(b);
    const ok = report.checks.find((c) => c.agent === "factory" && c.status === "ok" && c.message.includes(`loads hookit's plugin ${ID}`));
    expect(ok?.message).toContain(copy);
    expect(errors).toEqual([]);
    expect(report.checks.some((c) => /not installed into any agent/.test(c.message))).toBe(false);
  });

  test("switched off in the user's settings: ✗ with the setting that enables it", async () => {
    const { b } = installed(false);
    const [off] = (await factoryChecks(b)).errors;
    expect(off?.message).toMatch(/plugin hookit@hookit-cli is switched off in .*\.factory\/settings\.json/);
    expect(off?.fix).toContain(`"enabledPlugins": {"${ID}": true}`);
  });

  test.each(["settings.json", "settings.local.json"])(
    "switched off for the project by .factory/%s (droid obeys it over the user's): ✗",
    async (name) => {
      const { b } = installed(true);
      write(join(b.project, ".factory", name), { enabledPlugins: { [ID]: false } });
      const [off] = (await factoryChecks(b)).errors;
      expect(off?.message).toContain(`switched off in ${join(b.project, ".factory", name)}`);
    },
  );

  test("the package root's copy (Claude Code's hooks, --agent claude): ✗, it does not guard droid", async () => {
    const { b } = installed(true, box(), { source: REPO });
    const [wrong] = (await factoryChecks(b)).errors;
    expect(wrong?.message).toContain("does not run hookit hook --agent factory");
    expect(wrong?.fix).toContain(`droid plugin uninstall ${ID}`);
  });

  test("enabled, but droid's record of the install is gone: ✗", async () => {
    const b = box();
    write(join(b.home, ".factory/settings.json"), { enabledPlugins: { [ID]: true } });
    const [missing] = (await factoryChecks(b)).errors;
    expect(missing?.message).toContain("has no install record");
    expect(missing?.fix).toBe(`droid plugin install ${ID}`);
  });

  test("under FACTORY_HOME_OVERRIDE, where droid keeps its folder then", async () => {
    const b = box();
    const override = join(b.root, "elsewhere");
    const { copy } = installed(true, b, { factoryHome: override });
    const { report, errors } = await factoryChecks(b, { ...b.env, FACTORY_HOME_OVERRIDE: override });
    expect(errors).toEqual([]);
    expect(report.checks.some((c) => c.status === "ok" && c.message.includes(copy))).toBe(true);
  });
});
