// hookit as a Codex CLI plugin, installed the way Codex users install one: the package folder
// (what npm ships) added as a marketplace from a local path, then `codex plugin add hookit@hookit`,
// offline. No `hookit install`: the only hooks are the plugin's. The same folder is Claude Code's
// marketplace too; Codex must pick its own (`.agents/plugins/marketplace.json`, `.codex-plugin/`).
import { execaSync } from "execa";
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cliCommand } from "./clis.ts";
import { CACHE_ROOT, disposeScratch, hookitBin, run, runScenario, scratch } from "./harness.ts";
import { BLOCK_REASON, GUARD_POLICY, MARKER } from "./scenarios.ts";
import { afterLastToolCall } from "./views.ts";

const REPO = resolve(import.meta.dirname, "../..");
const PARTS = ["dist", "package.json", ".claude-plugin", "hooks", ".codex-plugin", ".agents", ".factory-plugin", "plugin.json"];

/** The published package's folder: what `npm install -g hookit-cli` leaves in node_modules/hookit-cli. */
function packageFolder(): string {
  const folder = join(mkdtempSync(join(scratch(), "pkg-")), "hookit-cli");
  for (const part of PARTS) cpSync(join(REPO, part), join(folder, part), { recursive: true });
  return folder;
}

const stateEnv = (home: string) => ({ XDG_CONFIG_HOME: join(home, ".config"), XDG_STATE_HOME: join(home, ".local/state") });

function installPlugin({ home, project }: { home: string; project: string }): void {
  const [codex, ...pre] = cliCommand("codex", CACHE_ROOT);
  const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, CODEX_HOME: join(home, ".codex") };
  // The e2e profile switches Codex's plugins off; a user's Codex has them on.
  const config = join(home, ".codex/config.toml");
  writeFileSync(config, readFileSync(config, "utf8").replace("plugins = false", "plugins = true"));
  run(codex!, [...pre, "plugin", "marketplace", "add", packageFolder()], { cwd: project, env });
  run(codex!, [...pre, "plugin", "add", "hookit@hookit"], { cwd: project, env });
  // The project policy still needs the user's trust, as after `hookit install`.
  run(process.execPath, [hookitBin(), "trust", "--yes"], { cwd: project, env: { ...env, ...stateEnv(home) } });
}

function doctor(r: { home: string; project: string }) {
  return execaSync(process.execPath, [hookitBin(), "doctor"], {
    cwd: r.project,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: r.home, CODEX_HOME: join(r.home, ".codex"), ...stateEnv(r.home) },
    extendEnv: false,
    reject: false,
  });
}

describe("codex: hookit as a Codex CLI plugin (marketplace from a local path)", () => {
  afterAll(disposeScratch);
  const scenario = (name: string, turns: Parameters<typeof runScenario>[0]["turns"]) =>
    runScenario({ agent: "codex", name: `plugin-${name}`, policy: GUARD_POLICY, install: false, sabotage: installPlugin, turns });

  it("the plugin is Codex's own, enabled, and its hooks block from the plugin's copy", async () => {
    const r = await scenario("block", [{ shell: `touch ${MARKER}` }, { say: "Done." }]);
    const config = readFileSync(join(r.home, ".codex/config.toml"), "utf8");
    expect(config, r.summary()).toContain('[plugins."hookit@hookit"]\nenabled = true');
    const cached = join(r.home, ".codex/plugins/cache/hookit/hookit");
    expect(
      readFileSync(join(cached, JSON.parse(readFileSync(join(REPO, "package.json"), "utf8")).version, ".codex-plugin/hooks.json"), "utf8"),
    ).toContain("--agent codex PreToolUse || exit 2");
    expect(r.exists(MARKER), r.summary()).toBe(false);
    expect(afterLastToolCall(r.views[1] ?? []), r.summary()).toContain(BLOCK_REASON);
    expect(doctor(r).stdout).toContain("Codex CLI loads hookit's plugin hookit@hookit");
  });

  it("tamper: the model deletes the plugin's installed copy, then runs what the policy forbids; neither happens", async () => {
    const r = await scenario("tamper", [{ shell: "rm -rf ~/.codex/plugins" }, { shell: `touch ${MARKER}` }, { say: "Done." }]);
    expect(r.modelRequests.length, r.summary()).toBe(3);
    expect(afterLastToolCall(r.views[1] ?? []), r.summary()).toContain("hookit: blocked by self-protection");
    expect(r.exists(MARKER), r.summary()).toBe(false);
    expect(afterLastToolCall(r.views[2] ?? []), r.summary()).toContain(BLOCK_REASON);
  });

  it("tamper: the model switches the plugin off in Codex's config; refused. Switched off by the user, doctor reports ✗", async () => {
    const r = await scenario("disable", [{ shell: "sed -i 's/^enabled = true/enabled = false/' ~/.codex/config.toml" }, { say: "Done." }]);
    expect(afterLastToolCall(r.views[1] ?? []), r.summary()).toContain("hookit: blocked by self-protection");
    const config = join(r.home, ".codex/config.toml");
    expect(readFileSync(config, "utf8"), r.summary()).toContain('[plugins."hookit@hookit"]\nenabled = true');
    writeFileSync(
      config,
      readFileSync(config, "utf8").replace('[plugins."hookit@hookit"]\nenabled = true', '[plugins."hookit@hookit"]\nenabled = false'),
    );
    const off = doctor(r);
    expect(off.stdout).toContain("✗");
    expect(off.stdout).toContain("hookit@hookit is switched off");
  });
});
