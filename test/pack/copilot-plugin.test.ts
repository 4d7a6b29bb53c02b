// GitHub Copilot CLI's plugin files (scripts/plugins/copilot.mjs): the root plugin.json names the
// hooks built into dist/, which are `hookit install --agent copilot`'s (one entry per adapter
// registration, fail-closed tail and all) on the plugin's own copy of hookit, and npm ships both.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
// @ts-expect-error: a build script in plain JavaScript
import { agentPluginFiles, builtAddOnFiles } from "../../scripts/agent-plugins.mjs";
import { registrations } from "../install/_helpers.ts";
import { ROOT } from "../_built.ts";

const files = { ...agentPluginFiles(), ...builtAddOnFiles() } as Record<string, string>;
const read = (path: string) => JSON.parse(files[path]!);
const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));

describe("Copilot CLI's plugin", () => {
  test("one hook per Copilot registration, each running the plugin's copy of hookit; a pre-tool hook that cannot start blocks", async () => {
    const file = read("dist/copilot-plugin/hooks.json");
    expect(file.version).toBe(1);
    const natives = (await registrations("copilot")).map((r) => r.native);
    expect(Object.keys(file.hooks).sort()).toEqual([...natives].sort());
    for (const native of natives) {
      const [hook, ...more] = file.hooks[native];
      expect(more).toEqual([]);
      const tail = native === "preToolUse" ? " || exit 2" : "";
      expect(hook).toEqual({
        type: "command",
        bash: `node "\${COPILOT_PLUGIN_ROOT}/dist/bin.cjs" hook --agent copilot ${native}${tail}`,
        timeoutSec: 30,
      });
    }
  });

  test("the root manifest names that hooks file (Copilot then skips Claude Code's hooks/hooks.json) and the package's version", () => {
    const manifest = read("plugin.json");
    expect(manifest).toMatchObject({ name: "hookit", version: pkg.version, hooks: "dist/copilot-plugin/hooks.json" });
    expect(readFileSync(join(ROOT, manifest.hooks), "utf8")).toBe(files["dist/copilot-plugin/hooks.json"]);
  });

  test("npm ships the manifest and the marketplace Copilot reads (Claude Code's)", () => {
    expect(pkg.files).toEqual(expect.arrayContaining(["plugin.json", ".claude-plugin", "dist"]));
  });
});
