// hookit installed as Codex CLI's plugin (`codex plugin marketplace add` + `codex plugin add`,
// 0.171.0): the model removing or rewriting the plugin's cached copy, which is what Codex runs,
// tried through `hookit hook --agent codex` on Codex's captured shell payload. The switch,
// `[plugins."hookit@hookit"] enabled` in ~/.codex/config.toml, is protected as Codex's config.
import { shellVerdict } from "./_verdict.ts";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { agentPayloads } from "../reliability/_payloads.ts";
import { inspectReply } from "../reliability/_protocol.ts";
import { runHook, sandbox, type Sandbox, useBuiltHookit } from "../_sandbox.ts";

useBuiltHookit();

const CACHE = ".codex/plugins/cache/hookit/hookit/0.1.0";

/** A sandbox where Codex holds hookit's plugin, as `codex plugin add hookit@hookit` leaves it (0.171.0). */
function installedBox(env: Record<string, string> = {}): Sandbox {
  const box = sandbox();
  const home = env.CODEX_HOME ?? join(box.home, ".codex");
  mkdirSync(join(home, "plugins/cache/hookit/hookit/0.1.0/.codex-plugin"), { recursive: true });
  writeFileSync(join(home, "plugins/cache/hookit/hookit/0.1.0/.codex-plugin/hooks.json"), '{"hooks":{}}\n');
  writeFileSync(join(home, "config.toml"), '[plugins."hookit@hookit"]\nenabled = true\n');
  return box;
}

const verdict = (box: Sandbox, command: string, env: Record<string, string> = {}) => shellVerdict(box, "codex", command, env);

const ATTACKS: Array<[string, string]> = [
  ["delete the plugin's installed copy", "rm -rf ~/.codex/plugins"],
  ["empty the installed plugin's hooks", `echo '{"hooks":{}}' > ~/${CACHE}/.codex-plugin/hooks.json`],
  ["reach the copy through a cd", "cd ~/.codex && rm -rf plugins/cache/hookit"],
  ["move the cache away", "mv $HOME/.codex/plugins /tmp/gone"],
  ["switch the plugin off in Codex's config", `sed -i 's/enabled = true/enabled = false/' ~/.codex/config.toml`],
];

describe("codex: hookit's installed plugin is a protected setting", () => {
  test.each(ATTACKS)("%s: blocked by self-protection", async (_name, command) => {
    const attack = await verdict(installedBox(), command);
    expect(attack.blocked).toBe(true);
    expect(attack.reason).toContain("blocked by self-protection");
  });

  test("under a relocated CODEX_HOME too", async () => {
    const box = sandbox();
    const codexHome = join(box.home, "elsewhere");
    mkdirSync(join(codexHome, "plugins/cache"), { recursive: true });
    const attack = await verdict(box, `rm -rf ${codexHome}/plugins`, { CODEX_HOME: codexHome });
    expect(attack.blocked).toBe(true);
    expect(attack.reason).toContain("blocked by self-protection");
  });

  test.each([
    `ls -la ~/${CACHE}`,
    `cat ~/${CACHE}/.codex-plugin/hooks.json`,
    "mkdir -p plugins/cache && echo hi > plugins/cache/x.txt",
    "mkdir -p ~/.codex/notes && echo hi > ~/.codex/notes/x.txt",
  ])("lets through: %s", async (command) => {
    expect((await verdict(installedBox(), command)).blocked).toBe(false);
  });
});
