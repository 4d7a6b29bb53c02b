// hookit installed as Copilot CLI's plugin (`copilot plugin marketplace add <package folder>` +
// `copilot plugin install hookit@hookit`, 1.0.102): Copilot loads it live from the package folder, so
// the model rewriting the manifests there (the root plugin.json naming Copilot's hooks, a
// `.plugin/plugin.json` Copilot would read before it, the marketplace listing the folder) or
// Copilot's own plugin records is tried through `hookit hook --agent copilot` on Copilot's captured
// shell payload. The switch, `enabledPlugins` in ~/.copilot/settings.json, was protected already.
import { shellVerdict } from "./_verdict.ts";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { agentPayloads } from "../reliability/_payloads.ts";
import { inspectReply } from "../reliability/_protocol.ts";
import { packageRoot, runHook, sandbox, type Sandbox, useBuiltHookit } from "../_sandbox.ts";

useBuiltHookit();

/** `PKG` in a command stands for the package folder: the running hookit's, which is the plugin Copilot loads. */
const verdict = (box: Sandbox, command: string, env: Record<string, string> = {}) =>
  shellVerdict(box, "copilot", command.replaceAll("PKG", packageRoot()), env);

const ATTACKS: Array<[string, string]> = [
  ["delete the manifest naming Copilot's hooks", "rm PKG/plugin.json"],
  ["point the manifest at no hooks", `echo '{"name":"hookit"}' > PKG/plugin.json`],
  ["put a manifest ahead of it", `mkdir -p PKG/.plugin && echo '{"name":"hookit"}' > PKG/.plugin/plugin.json`],
  ["list another folder in the marketplace Copilot reads", `sed -i 's#"./"#"./docs"#' PKG/.claude-plugin/marketplace.json`],
  ["put a marketplace ahead of it", `mkdir -p PKG/.github/plugin && echo '{}' > PKG/.github/plugin/marketplace.json`],
  ["reach the manifest through a cd", "cd PKG && mv plugin.json plugin.json.off"],
  ["delete Copilot's installed plugin copies", "rm -rf ~/.copilot/installed-plugins"],
  ["switch an installed plugin off in Copilot's config", `sed -i 's/"enabled": true/"enabled": false/' ~/.copilot/config.json`],
];

describe("copilot: hookit's plugin is a protected setting", () => {
  test.each(ATTACKS)("%s: blocked by self-protection", async (_name, command) => {
    const attack = await verdict(sandbox(), command);
    expect(attack.blocked).toBe(true);
    expect(attack.reason).toContain("blocked by self-protection");
  });

  test.each([
    ["config.json", (home: string) => `echo '{}' > ${home}/config.json`],
    ["installed-plugins", (home: string) => `rm -rf ${home}/installed-plugins`],
  ])("under a relocated COPILOT_HOME too: %s", async (_name, command) => {
    const box = sandbox();
    const home = join(box.home, "elsewhere");
    mkdirSync(home, { recursive: true });
    const attack = await verdict(box, command(home), { COPILOT_HOME: home });
    expect(attack.blocked).toBe(true);
    expect(attack.reason).toContain("blocked by self-protection");
  });

  test.each([
    "cat PKG/plugin.json",
    "ls -la PKG/.claude-plugin",
    'echo \'{"name":"mine"}\' > plugin.json',
    "mkdir -p .plugin && echo '{}' > .plugin/plugin.json",
    "mkdir -p ~/.copilot/notes && echo hi > ~/.copilot/notes/x.txt",
  ])("lets through: %s", async (command) => {
    expect((await verdict(sandbox(), command)).blocked).toBe(false);
  });
});
