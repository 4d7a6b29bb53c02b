// hookit as a Claude Code plugin, installed the way Claude Code users install one: the package
// folder (dist/, package.json, .claude-plugin/, hooks/ and Copilot CLI's root plugin.json: what npm ships) added as a marketplace
// from a local path, then `claude plugin install hookit@hookit`, offline. No `hookit install`:
// the only hooks are the plugin's. The block and tamper scenarios are the ones every agent runs.
import { execaSync } from "execa";
import { cpSync, mkdtempSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cliCommand } from "./clis.ts";
import { CACHE_ROOT, disposeScratch, hookitBin, run, runScenario, scratch } from "./harness.ts";
import { BLOCK_REASON, GUARD_POLICY, MARKER } from "./scenarios.ts";
import { afterLastToolCall } from "./views.ts";

const REPO = resolve(import.meta.dirname, "../..");

/** The published package's folder: what `npm install -g hookit-cli` leaves in node_modules/hookit-cli. */
function packageFolder(): string {
  const folder = join(mkdtempSync(join(scratch(), "pkg-")), "hookit-cli");
  for (const part of ["dist", "package.json", ".claude-plugin", "hooks", "plugin.json", ".factory-plugin"])
    cpSync(join(REPO, part), join(folder, part), { recursive: true });
  return folder;
}

function installPlugin({ home, project }: { home: string; project: string }): void {
  const [claude, ...pre] = cliCommand("claude", CACHE_ROOT);
  const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, DISABLE_AUTOUPDATER: "1" };
  run(claude!, [...pre, "plugin", "marketplace", "add", packageFolder()], { cwd: project, env });
  run(claude!, [...pre, "plugin", "install", "hookit@hookit"], { cwd: project, env });
  // The project policy still needs the user's trust, as after `hookit install`.
  run(process.execPath, [hookitBin(), "trust", "--yes"], {
    cwd: project,
    env: { ...env, XDG_CONFIG_HOME: join(home, ".config"), XDG_STATE_HOME: join(home, ".local/state") },
  });
}

describe("claude: hookit as a Claude Code plugin (marketplace from a local path)", () => {
  afterAll(disposeScratch);
  const scenario = (name: string, turns: Parameters<typeof runScenario>[0]["turns"]) =>
    runScenario({ agent: "claude", name: `plugin-${name}`, policy: GUARD_POLICY, install: false, sabotage: installPlugin, turns });

  it("the plugin is enabled and its hooks are the ones hookit install writes, run from the plugin's copy", async () => {
    const r = await scenario("block", [{ shell: `touch ${MARKER}` }, { say: "Done." }]);
    const settings = JSON.parse(readFileSync(join(r.home, ".claude/settings.json"), "utf8"));
    expect(settings.enabledPlugins, r.summary()).toEqual({ "hookit@hookit": true });
    expect(settings.hooks, "no hooks outside the plugin").toBeUndefined();
    expect(r.exists(MARKER), r.summary()).toBe(false);
    expect(afterLastToolCall(r.views[1] ?? []), r.summary()).toContain(BLOCK_REASON);
    // doctor knows the plugin as an install, from what the real CLI wrote.
    const doctor = execaSync(process.execPath, [hookitBin(), "doctor"], {
      cwd: r.project,
      env: {
        PATH: process.env.PATH ?? "/usr/bin:/bin",
        HOME: r.home,
        XDG_CONFIG_HOME: join(r.home, ".config"),
        XDG_STATE_HOME: join(r.home, ".local/state"),
      },
      extendEnv: false,
      reject: false,
    });
    expect(doctor.stdout).toContain("Claude Code loads hookit's plugin hookit@hookit");
  });

  it("tamper: the model deletes the plugin's installed copy, then runs what the policy forbids; neither happens", async () => {
    const r = await scenario("tamper", [{ shell: "rm -rf ~/.claude/plugins" }, { shell: `touch ${MARKER}` }, { say: "Done." }]);
    expect(r.modelRequests.length, r.summary()).toBe(3);
    expect(afterLastToolCall(r.views[1] ?? []), r.summary()).toContain("hookit: blocked by self-protection");
    expect(r.exists(MARKER), r.summary()).toBe(false);
    expect(afterLastToolCall(r.views[2] ?? []), r.summary()).toContain(BLOCK_REASON);
  });

  it("tamper: the model switches the plugin off in Claude Code's settings; refused", async () => {
    const r = await scenario("disable", [
      { shell: `sed -i 's/"hookit@hookit": true/"hookit@hookit": false/' ~/.claude/settings.json` },
      { say: "Done." },
    ]);
    expect(afterLastToolCall(r.views[1] ?? []), r.summary()).toContain("hookit: blocked by self-protection");
    expect(JSON.parse(readFileSync(join(r.home, ".claude/settings.json"), "utf8")).enabledPlugins, r.summary()).toEqual({
      "hookit@hookit": true,
    });
  });
});
