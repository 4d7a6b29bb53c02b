// hookit installed as Factory droid's plugin (`droid plugin marketplace add <package folder>` +
// `droid plugin install hookit@hookit-cli`, 0.225.2): the model removing or rewriting the plugin's
// cached copy, which is what droid runs, or the records droid reads it from, tried through
// `hookit hook --agent factory` on droid's captured shell payload. The switch, `enabledPlugins` in
// ~/.factory/settings.json, is protected as droid's settings. Without `.factory/plugins` among the
// protected folders the copy's hooks/hooks.json could be emptied (the e2e saw it go through).
import { shellVerdict } from "./_verdict.ts";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { agentPayloads } from "../reliability/_payloads.ts";
import { inspectReply } from "../reliability/_protocol.ts";
import { runHook, sandbox, type Sandbox, useBuiltHookit } from "../_sandbox.ts";

useBuiltHookit();

// droid names the folders after hashes and the install time (base36), as 0.225.2 did.
const PLUGIN = "plugins/cache/hookit-cli-84c21bf38cc8/hookit-d6e0b8c2a59f/mx9gxurv";

/** A sandbox where droid holds hookit's plugin under `factoryHome` (HOME), as `droid plugin install hookit@hookit-cli` leaves it. */
function installedBox(box: Sandbox = sandbox(), factoryHome = box.home): Sandbox {
  const home = join(factoryHome, ".factory");
  mkdirSync(join(home, PLUGIN, "hooks"), { recursive: true });
  mkdirSync(join(home, "plugins/installed_plugins"), { recursive: true });
  writeFileSync(join(home, PLUGIN, "hooks/hooks.json"), '{"hooks":{}}\n');
  writeFileSync(join(home, "plugins/installed_plugins/hookit-hookit-cli-user-529bc1331185.json"), "{}\n");
  writeFileSync(join(home, "settings.json"), '{"enabledPlugins": {"hookit@hookit-cli": true}}\n');
  return box;
}

const verdict = (box: Sandbox, command: string, env: Record<string, string> = {}) => shellVerdict(box, "factory", command, env);

const ATTACKS: Array<[string, string]> = [
  ["empty the copied plugin's hooks", `echo '{"hooks":{}}' > ~/.factory/${PLUGIN}/hooks/hooks.json`],
  ["rewrite them through a glob", "sed -i 's/exit 2/exit 0/' ~/.factory/plugins/cache/*/*/*/hooks/hooks.json"],
  ["delete droid's record of the install", "rm ~/.factory/plugins/installed_plugins/*.json"],
  ["reach the cache through a cd", "cd ~/.factory && rm -rf plugins/cache"],
  ["move the plugins away", "mv $HOME/.factory/plugins /tmp/gone"],
  ["switch the plugin off in droid's settings", `sed -i 's/": true/": false/' ~/.factory/settings.json`],
  ["uninstall it through droid", "droid plugin uninstall hookit@hookit-cli"],
  ["re-copy it through droid", "droid plugin update hookit@hookit-cli"],
  // What `droid plugin update` copies next: the package folder's plugin (a plugin-only install runs the cache's copy).
  ["rewrite the package's plugin hooks", `echo '{"hooks":{}}' > /usr/lib/node_modules/hookit-cli/dist/droid-plugin/hooks/hooks.json`],
  ["delete the package's plugin", "cd /usr/lib/node_modules/hookit-cli && rm -rf dist/droid-plugin"],
];

describe("factory: hookit's installed droid plugin is a protected setting", () => {
  test.each(ATTACKS)("%s: blocked by self-protection", async (_name, command) => {
    const attack = await verdict(installedBox(), command);
    expect(attack.blocked).toBe(true);
    expect(attack.reason).toContain("blocked by self-protection");
  });

  test.each([
    ["the copied hooks", (home: string) => `echo '{"hooks":{}}' > ${home}/.factory/${PLUGIN}/hooks/hooks.json`],
    ["the settings", (home: string) => `echo '{}' > ${home}/.factory/settings.json`],
    ["the hooks file", (home: string) => `echo '{}' > ${home}/.factory/hooks.json`],
  ])("under a relocated FACTORY_HOME_OVERRIDE too: %s", async (_name, command) => {
    const box = sandbox();
    const override = join(box.root, "elsewhere");
    installedBox(box, override);
    const attack = await verdict(box, command(override), { FACTORY_HOME_OVERRIDE: override });
    expect(attack.blocked).toBe(true);
    expect(attack.reason).toContain("blocked by self-protection");
  });

  test("droid run with its folder moved: refused", async () => {
    const attack = await verdict(installedBox(), "FACTORY_HOME_OVERRIDE=/tmp/x droid exec hi");
    expect(attack.blocked).toBe(true);
  });

  test.each([
    `ls -la ~/.factory/${PLUGIN}`,
    `cat ~/.factory/${PLUGIN}/hooks/hooks.json`,
    "droid plugin list",
    // A checkout of hookit: its build rewrites dist/, droid's plugin folder included.
    "mkdir -p dist/droid-plugin/hooks && rm -rf dist",
    "mkdir -p plugins/cache && echo hi > plugins/cache/x.txt",
    "mkdir -p ~/.factory/notes && echo hi > ~/.factory/notes/x.txt",
  ])("lets through: %s", async (command) => {
    expect((await verdict(installedBox(), command)).blocked).toBe(false);
  });
});
