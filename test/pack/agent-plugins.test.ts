// The committed add-on files (a git checkout added as a Claude Code marketplace reads them as they
// are) are exactly what `npm run build` writes from the install targets, and the Claude Code
// plugin's hooks are `hookit install --agent claude`'s, fail-closed tail and all.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
// @ts-expect-error: a build script in plain JavaScript
import { agentPluginFiles } from "../../scripts/agent-plugins.mjs";
import { ROOT } from "../_built.ts";

const files = agentPluginFiles() as Record<string, string>;

describe("the agents' add-on files", () => {
  test.each(Object.keys(files))("%s is the build's output, committed as written", (path) => {
    expect(readFileSync(join(ROOT, path), "utf8")).toBe(files[path]);
  });

  test("the Claude Code plugin runs its own copy of hookit, and a hookit that cannot start blocks", () => {
    const hooks = JSON.parse(files["hooks/hooks.json"]!).hooks;
    const pre = hooks.PreToolUse[0].hooks[0];
    expect(pre.command).toBe('node "${CLAUDE_PLUGIN_ROOT}/dist/bin.cjs" hook --agent claude PreToolUse || exit 2');
    expect(pre.onFailure).toBe("block");
    expect(JSON.parse(files[".claude-plugin/plugin.json"]!).version).toBe(
      JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).version,
    );
  });

  test("the marketplace lists the package root as the plugin, and npm ships the plugin's files", () => {
    const marketplace = JSON.parse(readFileSync(join(ROOT, ".claude-plugin/marketplace.json"), "utf8"));
    expect(marketplace.plugins).toEqual([expect.objectContaining({ name: "hookit", source: "./" })]);
    expect(JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).files).toEqual(
      expect.arrayContaining(["dist", ".claude-plugin", "hooks"]),
    );
  });
});
