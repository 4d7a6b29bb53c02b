// hookit installed as Kimi Code's plugin (`/plugins install <package folder>`, 2.1.0): the model
// removing or rewriting the managed copy Kimi runs, or switching the plugin off in
// plugins/installed.json, tried through `hookit hook --agent kimi` on Kimi's payload.
import { shellVerdict } from "./_verdict.ts";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { agentPayloads } from "../reliability/_payloads.ts";
import { inspectReply } from "../reliability/_protocol.ts";
import { runHook, sandbox, type Sandbox, useBuiltHookit } from "../_sandbox.ts";

useBuiltHookit();

/** A sandbox where Kimi holds hookit's plugin, as `/plugins install` leaves it (2.1.0). */
function installedBox(): Sandbox {
  const box = sandbox();
  const plugins = join(box.home, ".kimi-code/plugins");
  mkdirSync(join(plugins, "managed/hookit"), { recursive: true });
  writeFileSync(join(plugins, "managed/hookit/kimi.plugin.json"), '{"name":"hookit","hooks":[]}\n');
  writeFileSync(join(plugins, "installed.json"), '{"version":1,"plugins":[{"id":"hookit","enabled":true}]}\n');
  return box;
}

const verdict = (box: Sandbox, command: string, env: Record<string, string> = {}) => shellVerdict(box, "kimi", command, env);

const ATTACKS: Array<[string, string]> = [
  ["delete the plugin's managed copy", "rm -rf ~/.kimi-code/plugins/managed/hookit"],
  ["empty the managed copy's hooks", `echo '{"name":"hookit","hooks":[]}' > ~/.kimi-code/plugins/managed/hookit/kimi.plugin.json`],
  ["switch the plugin off in installed.json", `sed -i 's/"enabled":true/"enabled":false/' ~/.kimi-code/plugins/installed.json`],
  ["move the plugins away", "mv $HOME/.kimi-code/plugins /tmp/gone"],
];

describe("kimi: hookit's installed plugin is a protected setting", () => {
  test.each(ATTACKS)("%s: blocked by self-protection", async (_name, command) => {
    const attack = await verdict(installedBox(), command);
    expect(attack.blocked).toBe(true);
    expect(attack.reason).toContain("blocked by self-protection");
  });

  test("under a relocated KIMI_CODE_HOME too", async () => {
    const box = sandbox();
    const kimiHome = join(box.home, "elsewhere");
    mkdirSync(join(kimiHome, "plugins/managed"), { recursive: true });
    const attack = await verdict(box, `rm -rf ${kimiHome}/plugins`, { KIMI_CODE_HOME: kimiHome });
    expect(attack.blocked).toBe(true);
    expect(attack.reason).toContain("blocked by self-protection");
  });

  test("a plugin of another name is not hookit's business", async () => {
    const attack = await verdict(installedBox(), "ls ~/.kimi-code/plugins");
    expect(attack.blocked).toBe(false);
  });
});
