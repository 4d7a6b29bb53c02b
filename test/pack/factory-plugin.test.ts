// Factory droid's plugin files (scripts/plugins/factory.mjs): the marketplace at the package root
// lists dist/droid-plugin/, whose hooks/hooks.json is `hookit install --agent factory`'s (one entry
// per adapter registration, fail-closed tail and all) on the plugin's own copy of hookit, which
// runs on its own: droid copies only that folder.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
// @ts-expect-error: a build script in plain JavaScript
import { agentPluginFiles, builtAddOnFiles } from "../../scripts/agent-plugins.mjs";
import { registrations } from "../install/_helpers.ts";
import { ROOT } from "../_built.ts";

const files = { ...agentPluginFiles(), ...builtAddOnFiles() } as Record<string, string>;
const read = (path: string) => JSON.parse(files[path]!);
const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
const PLUGIN = join(ROOT, "dist/droid-plugin");

describe("droid's plugin", () => {
  test("one hook per droid registration, each running the plugin's copy of hookit; a pre-tool hook that cannot start blocks", async () => {
    const { hooks } = read("dist/droid-plugin/hooks/hooks.json");
    const natives = [...new Set((await registrations("factory")).map((r) => r.native))];
    expect(Object.keys(hooks).sort()).toEqual([...natives].sort());
    const pre = hooks.PreToolUse[0].hooks[0];
    expect(pre).toEqual({
      type: "command",
      command: 'node "${DROID_PLUGIN_ROOT}/dist/bin.cjs" hook --agent factory PreToolUse || exit 2',
      timeout: 30,
    });
    expect(readFileSync(join(PLUGIN, "hooks/hooks.json"), "utf8")).toBe(files["dist/droid-plugin/hooks/hooks.json"]);
  });

  test("the marketplace droid reads first lists the plugin folder, not the package root (Claude Code's)", () => {
    const marketplace = read(".factory-plugin/marketplace.json");
    expect(marketplace.plugins).toEqual([expect.objectContaining({ name: "hookit", source: "./dist/droid-plugin" })]);
    expect(read("dist/droid-plugin/.factory-plugin/plugin.json")).toMatchObject({ name: "hookit", version: pkg.version });
    expect(pkg.files).toEqual(expect.arrayContaining([".factory-plugin", "dist"]));
  });

  test("the folder is a hookit package of its own: its bin runs, and it carries no other add-on", () => {
    expect(JSON.parse(readFileSync(join(PLUGIN, "package.json"), "utf8")).bin).toEqual(pkg.bin);
    expect(execFileSync(process.execPath, [join(PLUGIN, "dist/bin.cjs"), "--version"], { encoding: "utf8" }).trim()).toBe(pkg.version);
    for (const other of ["droid-plugin", "gemini-extension", "copilot-plugin", "meta.json"])
      expect(existsSync(join(PLUGIN, "dist", other))).toBe(false);
    expect(existsSync(join(PLUGIN, ".claude-plugin"))).toBe(false);
  });
});
