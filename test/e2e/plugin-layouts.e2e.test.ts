// Which plugin layouts Codex CLI and droid load, and whether a plugin's hook runs and can block:
// the evidence behind docs/agents/codex.md and factory.md "Plugins" (what hookit's plugins for
// both are built on). A throwaway plugin, installed from a local marketplace folder offline, whose only
// hook is a PreToolUse script that records its stdin and environment and exits 2. Both CLIs also
// load Claude Code's layout (`.claude-plugin/`), which is why each gets a marketplace file of its
// own at hookit's package root (Claude Code's marketplace too), read before Claude Code's.
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type CliId, cliCommand } from "./clis.ts";
import { CACHE_ROOT, disposeScratch, run, runScenario } from "./harness.ts";
import { MARKER } from "./scenarios.ts";

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

type Layout = "claude" | "own";

/** A marketplace folder holding one plugin `probe` whose PreToolUse hook records and blocks. */
function probeMarketplace(agent: CliId, layout: Layout, dir: string): string {
  const market = join(dir, "market", "probe-market");
  const script = join(dir, "probe.sh");
  writeFileSync(
    script,
    `#!/bin/sh\nmkdir -p "${dir}/probe"\ncat > "${dir}/probe/stdin.json"\nenv > "${dir}/probe/env.txt"\necho "probe hook blocked it" >&2\nexit 2\n`,
  );
  chmodSync(script, 0o755);
  let pluginDir = market;
  if (layout === "claude" || agent === "factory") {
    const manifests = join(market, layout === "claude" ? ".claude-plugin" : ".factory-plugin");
    mkdirSync(manifests, { recursive: true });
    writeFileSync(
      join(manifests, "marketplace.json"),
      json({ name: "probe", owner: { name: "e2e" }, plugins: [{ name: "probe", source: "./" }] }),
    );
    writeFileSync(join(manifests, "plugin.json"), json({ name: "probe", version: "0.0.1" }));
  } else {
    pluginDir = join(market, "plugins", "probe");
    mkdirSync(join(market, ".agents/plugins"), { recursive: true });
    mkdirSync(join(pluginDir, ".codex-plugin"), { recursive: true });
    const entry = { name: "probe", source: { source: "local", path: "./plugins/probe" } };
    writeFileSync(join(market, ".agents/plugins/marketplace.json"), json({ name: "probe", plugins: [entry] }));
    writeFileSync(join(pluginDir, ".codex-plugin/plugin.json"), json({ name: "probe", version: "0.0.1" }));
  }
  const hook = { matcher: "*", hooks: [{ type: "command", command: script, timeout: 30 }] };
  mkdirSync(join(pluginDir, "hooks"), { recursive: true });
  writeFileSync(join(pluginDir, "hooks/hooks.json"), json({ hooks: { PreToolUse: [hook] } }));
  return market;
}

function installProbe(agent: CliId, layout: Layout) {
  return ({ dir, home, project }: { dir: string; home: string; project: string }) => {
    const [cli, ...pre] = cliCommand(agent, CACHE_ROOT);
    const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, CODEX_HOME: join(home, ".codex") };
    const market = probeMarketplace(agent, layout, dir);
    if (agent === "codex") {
      // The e2e profile switches Codex's plugins off; they load only with the feature on.
      const config = join(home, ".codex/config.toml");
      writeFileSync(config, readFileSync(config, "utf8").replace("plugins = false", "plugins = true"));
      run(cli!, [...pre, "plugin", "marketplace", "add", market], { cwd: project, env });
      run(cli!, [...pre, "plugin", "add", "probe@probe"], { cwd: project, env });
    } else {
      run(cli!, [...pre, "plugin", "marketplace", "add", market], { cwd: project, env });
      // droid names a local marketplace after its folder, not after the manifest's name.
      run(cli!, [...pre, "plugin", "install", "probe@probe-market"], { cwd: project, env });
    }
  };
}

const envOf = (dir: string): Record<string, string> =>
  Object.fromEntries(
    readFileSync(join(dir, "probe/env.txt"), "utf8")
      .split("\n")
      .filter((line) => line.includes("="))
      .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
  );

describe.each([
  ["codex", "Bash"],
  ["factory", "Execute"],
] as const)("%s: a plugin's PreToolUse hook", (agent, shellTool) => {
  afterAll(disposeScratch);

  it.each(["own", "claude"] as const)(
    "runs and blocks, from the %s layout",
    async (layout) => {
      const r = await runScenario({
        agent,
        name: `plugin-layout-${layout}`,
        install: false,
        sabotage: installProbe(agent, layout),
        turns: [{ shell: `touch ${MARKER}` }, { say: "Done." }],
      });
      expect(existsSync(join(r.dir, "probe/stdin.json")), r.summary()).toBe(true);
      const payload = JSON.parse(readFileSync(join(r.dir, "probe/stdin.json"), "utf8"));
      expect(payload.hook_event_name).toBe("PreToolUse");
      expect(payload.tool_name).toBe(shellTool);
      expect(payload.tool_input.command).toBe(`touch ${MARKER}`);
      expect(r.exists(MARKER), r.summary()).toBe(false);
      const env = envOf(r.dir);
      if (agent === "codex") {
        const cache = readdirSync(join(r.home, ".codex/plugins/cache/probe/probe"));
        expect(env.PLUGIN_ROOT).toBe(join(r.home, ".codex/plugins/cache/probe/probe", cache[0]!));
        expect(env.CLAUDE_PLUGIN_ROOT).toBe(env.PLUGIN_ROOT);
      } else {
        // droid substitutes its plugin root in the command text only; the environment gets a marker.
        expect(env.DROID_PLUGIN_ROOT).toBe("/PLUGIN_ROOT_NOT_EXPANDED_ERROR");
        expect(env.FACTORY_PROJECT_DIR).toBe(r.project);
        const settings = JSON.parse(readFileSync(join(r.home, ".factory/settings.json"), "utf8"));
        expect(settings.enabledPlugins).toEqual({ "probe@probe-market": true });
      }
    },
    200_000,
  );
});
