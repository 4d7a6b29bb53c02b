// hookit as a Factory droid plugin, installed the way droid users install one: the package folder
// (what npm ships) added as a marketplace from a local path, then `droid plugin install
// hookit@hookit-cli` (droid names a local marketplace after its folder), offline. No `hookit
// install`: the only hooks are the plugin's. The same folder is Claude Code's marketplace too;
// droid must pick its own (`.factory-plugin/marketplace.json`, the dist/droid-plugin/ folder), and
// it copies only that folder, so the copy must run on its own.
import { execaSync } from "execa";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cliCommand } from "./clis.ts";
import { CACHE_ROOT, disposeScratch, hookitBin, run, runScenario } from "./harness.ts";
import { BLOCK_REASON, GUARD_POLICY, MARKER } from "./scenarios.ts";
import { afterLastToolCall } from "./views.ts";

const REPO = resolve(import.meta.dirname, "../..");
const PARTS = ["dist", "package.json", ".claude-plugin", "hooks", ".codex-plugin", ".agents", ".factory-plugin", "plugin.json"];
const ID = "hookit@hookit-cli";

/** The published package's folder, beside the project: what `npm install -g hookit-cli` leaves in node_modules/hookit-cli. */
const packageFolder = (project: string) => join(dirname(project), "pkg", "hookit-cli");

const stateEnv = (home: string) => ({ XDG_CONFIG_HOME: join(home, ".config"), XDG_STATE_HOME: join(home, ".local/state") });

function installPlugin(r: { home: string; project: string }): void {
  const [droid, ...pre] = cliCommand("factory", CACHE_ROOT);
  const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: r.home };
  const folder = packageFolder(r.project);
  mkdirSync(folder, { recursive: true });
  for (const part of PARTS) cpSync(join(REPO, part), join(folder, part), { recursive: true });
  run(droid!, [...pre, "plugin", "marketplace", "add", folder], { cwd: r.project, env });
  run(droid!, [...pre, "plugin", "install", ID], { cwd: r.project, env });
  // The project policy still needs the user's trust, as after `hookit install`.
  run(process.execPath, [hookitBin(), "trust", "--yes"], { cwd: r.project, env: { ...env, ...stateEnv(r.home) } });
}

function doctor(r: { home: string; project: string }) {
  return execaSync(process.execPath, [hookitBin(), "doctor"], {
    cwd: r.project,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: r.home, ...stateEnv(r.home) },
    extendEnv: false,
    reject: false,
  });
}

/** The plugin folder droid copied: `~/.factory/plugins/cache/<market>-<hash>/<plugin>-<hash>/<install time>/`. */
function cachedCopy(home: string): string {
  const cache = join(home, ".factory/plugins/cache");
  const [market] = readdirSync(cache);
  const [plugin] = readdirSync(join(cache, market!));
  const [version] = readdirSync(join(cache, market!, plugin!));
  return join(cache, market!, plugin!, version!);
}

const settingsFile = (home: string) => join(home, ".factory/settings.json");

describe("factory: hookit as a droid plugin (marketplace from a local path)", () => {
  afterAll(disposeScratch);
  const scenario = (name: string, turns: Array<{ shell: string } | { say: string }>) =>
    runScenario({ agent: "factory", name: `plugin-${name}`, policy: GUARD_POLICY, install: false, sabotage: installPlugin, turns });

  it("the plugin is droid's own folder, copied with its hookit, enabled, and its hooks block", async () => {
    const r = await scenario("block", [{ shell: `touch ${MARKER}` }, { say: "Done." }]);
    expect(JSON.parse(readFileSync(settingsFile(r.home), "utf8")).enabledPlugins, r.summary()).toEqual({ [ID]: true });
    const copy = cachedCopy(r.home);
    expect(readFileSync(join(copy, "hooks/hooks.json"), "utf8")).toContain("--agent factory PreToolUse || exit 2");
    expect(existsSync(join(copy, "dist/bin.cjs"))).toBe(true);
    expect(existsSync(join(copy, ".claude-plugin")), "not the package root (Claude Code's plugin)").toBe(false);
    expect(existsSync(join(r.project, ".factory/hooks.json")) || existsSync(join(r.home, ".factory/hooks.json"))).toBe(false);
    expect(r.exists(MARKER), r.summary()).toBe(false);
    expect(afterLastToolCall(r.views[1] ?? []), r.summary()).toContain(BLOCK_REASON);
    expect(doctor(r).stdout).toContain(`Factory droid loads hookit's plugin ${ID}`);
  });

  it("tamper: the model rewrites the copied hooks.json, deletes the copy, then runs what the policy forbids; none happens", async () => {
    const r = await scenario("tamper", [
      { shell: "sed -i 's/exit 2/exit 0/' ~/.factory/plugins/cache/*/*/*/hooks/hooks.json" },
      { shell: "rm -rf ~/.factory/plugins" },
      { shell: `touch ${MARKER}` },
      { say: "Done." },
    ]);
    expect(r.modelRequests.length, r.summary()).toBe(4);
    expect(afterLastToolCall(r.views[1] ?? []), r.summary()).toContain("hookit: blocked by self-protection");
    expect(afterLastToolCall(r.views[2] ?? []), r.summary()).toContain("hookit: blocked by self-protection");
    expect(readFileSync(join(cachedCopy(r.home), "hooks/hooks.json"), "utf8")).toContain("|| exit 2");
    expect(r.exists(MARKER), r.summary()).toBe(false);
    expect(afterLastToolCall(r.views[3] ?? []), r.summary()).toContain(BLOCK_REASON);
  });

  it("tamper: the model switches the plugin off in droid's settings; refused. Switched off by the user, doctor reports ✗", async () => {
    const r = await scenario("disable", [{ shell: `sed -i 's/"${ID}": true/"${ID}": false/' ~/.factory/settings.json` }, { say: "Done." }]);
    expect(afterLastToolCall(r.views[1] ?? []), r.summary()).toContain("hookit: blocked by self-protection");
    const file = settingsFile(r.home);
    expect(JSON.parse(readFileSync(file, "utf8")).enabledPlugins, r.summary()).toEqual({ [ID]: true });
    writeFileSync(file, readFileSync(file, "utf8").replace(`"${ID}": true`, `"${ID}": false`));
    const off = doctor(r);
    expect(off.stdout).toContain("✗");
    expect(off.stdout).toContain(`${ID} is switched off`);
  });

  it("the project's .factory/settings.json switching the plugin off wins over the user's: no hook runs, and doctor says so", async () => {
    const r = await runScenario({
      agent: "factory",
      name: "plugin-project-off",
      policy: GUARD_POLICY,
      install: false,
      sabotage: (run) => {
        installPlugin(run);
        mkdirSync(join(run.project, ".factory"));
        writeFileSync(join(run.project, ".factory/settings.json"), `${JSON.stringify({ enabledPlugins: { [ID]: false } })}\n`);
      },
      turns: [{ shell: `touch ${MARKER}` }, { say: "Done." }],
    });
    expect(JSON.parse(readFileSync(settingsFile(r.home), "utf8")).enabledPlugins).toEqual({ [ID]: true });
    expect(r.exists(MARKER), r.summary()).toBe(true);
    expect(doctor(r).stdout).toContain(`${ID} is switched off in ${join(r.project, ".factory/settings.json")}`);
  });

  it("droid runs its copy: an edit of the package folder's plugin reaches droid only through droid plugin update", async () => {
    const r = await runScenario({
      agent: "factory",
      name: "plugin-update",
      policy: GUARD_POLICY,
      install: false,
      sabotage: (run) => {
        installPlugin(run);
        writeFileSync(join(packageFolder(run.project), "dist/droid-plugin/hooks/hooks.json"), '{"hooks":{}}\n');
      },
      turns: [{ shell: `touch ${MARKER}` }, { say: "Done." }],
    });
    expect(r.exists(MARKER), r.summary()).toBe(false);
    expect(readFileSync(join(cachedCopy(r.home), "hooks/hooks.json"), "utf8")).toContain("--agent factory");
    const [droid, ...pre] = cliCommand("factory", CACHE_ROOT);
    run(droid!, [...pre, "plugin", "update", ID], { cwd: r.project, env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: r.home } });
    expect(readFileSync(join(cachedCopy(r.home), "hooks/hooks.json"), "utf8")).toBe('{"hooks":{}}\n');
    expect(doctor(r).stdout).toContain("does not run hookit hook --agent factory");
  });
});
