// Codex CLI's plugin files at the package root (scripts/plugins/codex.mjs): its hooks are
// `hookit install --agent codex`'s, fail-closed tail and all, on the plugin's own copy of hookit,
// and the manifests that keep Codex off Claude Code's plugin in the same folder are there and shipped.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
// @ts-expect-error: a build script in plain JavaScript
import { agentPluginFiles } from "../../scripts/agent-plugins.mjs";
import { ROOT } from "../_built.ts";

const files = agentPluginFiles() as Record<string, string>;
const read = (path: string) => JSON.parse(files[path]!);

describe("Codex CLI's plugin", () => {
  test("runs the plugin's copy of hookit with Codex's events, and a hookit that cannot start blocks", () => {
    const hooks = read(".codex-plugin/hooks.json").hooks;
    expect(Object.keys(hooks).sort()).toEqual(["PostToolUse", "PreToolUse", "Stop"]);
    expect(hooks.PreToolUse[0].hooks[0].command).toBe('node "$PLUGIN_ROOT/dist/bin.cjs" hook --agent codex PreToolUse || exit 2');
    for (const entries of Object.values(hooks) as Array<Array<{ hooks: Array<{ command: string }> }>>)
      for (const hook of entries.flatMap((entry) => entry.hooks)) expect(hook.command).toContain("--agent codex");
  });

  test("the manifest names its own hooks file (Codex then skips Claude Code's hooks/hooks.json) and the package's version", () => {
    const manifest = read(".codex-plugin/plugin.json");
    expect(manifest.hooks).toBe("./.codex-plugin/hooks.json");
    expect(manifest.version).toBe(JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).version);
  });

  test("Codex's marketplace lists the package root, and npm ships both folders", () => {
    expect(read(".agents/plugins/marketplace.json").plugins).toEqual([{ name: "hookit", source: { source: "local", path: "./" } }]);
    expect(JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).files).toEqual(
      expect.arrayContaining([".codex-plugin", ".agents"]),
    );
  });
});
