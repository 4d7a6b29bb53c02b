// hookit as a GitHub Copilot CLI plugin, installed the way Copilot users install one: the package
// folder (what npm ships) added as a marketplace from a local path, then `copilot plugin install
// hookit@hookit`, offline. No `hookit install`: the only hooks are the plugin's. Copilot 1.0.102
// loads a local marketplace's plugin live from that folder (nothing copied), and the same folder is
// Claude Code's plugin: Copilot must run the hooks the root `plugin.json` names, not hooks/hooks.json.
import { execaSync } from "execa";
import { cpSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cliCommand } from "./clis.ts";
import { CACHE_ROOT, disposeScratch, hookitBin, run, runScenario } from "./harness.ts";
import { BLOCK_REASON, GUARD_POLICY, MARKER } from "./scenarios.ts";
import { afterLastToolCall } from "./views.ts";

const REPO = resolve(import.meta.dirname, "../..");
const PARTS = ["dist", "package.json", "plugin.json", ".claude-plugin", "hooks", ".codex-plugin", ".agents", ".factory-plugin"];

/** The published package's folder, beside the project: what `npm install -g hookit-cli` leaves in node_modules/hookit-cli. */
const packageFolder = (project: string) => join(dirname(project), "pkg", "hookit-cli");

const stateEnv = (home: string) => ({ XDG_CONFIG_HOME: join(home, ".config"), XDG_STATE_HOME: join(home, ".local/state") });
const copilotEnv = (home: string) => ({
  PATH: process.env.PATH ?? "/usr/bin:/bin",
  HOME: home,
  COPILOT_OFFLINE: "true",
  COPILOT_CACHE_HOME: join(CACHE_ROOT, "copilot-cache"),
});

function copilot(args: string[], { home, project }: { home: string; project: string }): void {
  const [bin, ...pre] = cliCommand("copilot", CACHE_ROOT);
  run(bin!, [...pre, ...args], { cwd: project, env: copilotEnv(home) });
}

function installPlugin(r: { home: string; project: string }): void {
  const folder = packageFolder(r.project);
  mkdirSync(folder, { recursive: true });
  for (const part of PARTS) cpSync(join(REPO, part), join(folder, part), { recursive: true });
  copilot(["plugin", "marketplace", "add", folder], r);
  copilot(["plugin", "install", "hookit@hookit"], r);
  // The project policy still needs the user's trust, as after `hookit install`.
  run(process.execPath, [hookitBin(), "trust", "--yes"], { cwd: r.project, env: { ...copilotEnv(r.home), ...stateEnv(r.home) } });
}

function doctor(r: { home: string; project: string }) {
  return execaSync(process.execPath, [hookitBin(), "doctor"], {
    cwd: r.project,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: r.home, ...stateEnv(r.home) },
    extendEnv: false,
    reject: false,
  });
}

const settings = (home: string) => JSON.parse(readFileSync(join(home, ".copilot/settings.json"), "utf8"));

describe("copilot: hookit as a Copilot CLI plugin (marketplace from a local path)", () => {
  afterAll(disposeScratch);
  const scenario = (name: string, turns: (project: string) => Array<{ shell: string } | { say: string }>) =>
    runScenario({ agent: "copilot", name: `plugin-${name}`, policy: GUARD_POLICY, install: false, sabotage: installPlugin, turns });

  it("the plugin is enabled, live from the package folder, and its Copilot hooks block", async () => {
    const r = await scenario("block", () => [{ shell: `touch ${MARKER}` }, { say: "Done." }]);
    const s = settings(r.home);
    expect(s.enabledPlugins, r.summary()).toEqual({ "hookit@hookit": true });
    expect(s.extraKnownMarketplaces.hookit.source).toEqual({ source: "directory", path: packageFolder(r.project) });
    expect(existsSync(join(r.project, ".github/hooks")) || existsSync(join(r.home, ".copilot/hooks")), "no hooks outside the plugin").toBe(
      false,
    );
    expect(r.exists(MARKER), r.summary()).toBe(false);
    expect(afterLastToolCall(r.views[1] ?? []), r.summary()).toContain(BLOCK_REASON);
    expect(doctor(r).stdout).toContain("GitHub Copilot CLI loads hookit's plugin hookit@hookit");
  });

  it("tamper: the model deletes the plugin's manifest (Copilot would then run Claude Code's hooks), then runs what the policy forbids; neither happens", async () => {
    const r = await scenario("tamper", (project) => [
      { shell: `rm ${packageFolder(project)}/plugin.json` },
      { shell: `touch ${MARKER}` },
      { say: "Done." },
    ]);
    expect(r.modelRequests.length, r.summary()).toBe(3);
    expect(afterLastToolCall(r.views[1] ?? []), r.summary()).toContain("hookit: blocked by self-protection");
    expect(existsSync(join(packageFolder(r.project), "plugin.json"))).toBe(true);
    expect(r.exists(MARKER), r.summary()).toBe(false);
    expect(afterLastToolCall(r.views[2] ?? []), r.summary()).toContain(BLOCK_REASON);
  });

  it("tamper: the model switches the plugin off; refused. Switched off by the user, doctor reports ✗", async () => {
    const r = await scenario("disable", () => [
      { shell: "copilot plugin disable hookit@hookit" },
      { shell: `sed -i 's/"hookit@hookit": true/"hookit@hookit": false/' ~/.copilot/settings.json` },
      { say: "Done." },
    ]);
    expect(afterLastToolCall(r.views[1] ?? []), r.summary()).toContain("hookit: blocked by self-protection");
    expect(afterLastToolCall(r.views[2] ?? []), r.summary()).toContain("hookit: blocked by self-protection");
    expect(settings(r.home).enabledPlugins, r.summary()).toEqual({ "hookit@hookit": true });
    copilot(["plugin", "disable", "hookit@hookit"], r);
    const off = doctor(r);
    expect(off.stdout).toContain("✗");
    expect(off.stdout).toContain("hookit@hookit is switched off");
  });
});
