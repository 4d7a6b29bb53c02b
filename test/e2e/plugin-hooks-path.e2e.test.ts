// One folder holding Claude Code's plugin (.claude-plugin/, hooks/hooks.json) and the agent's own
// manifest naming its own hooks file: which hooks does the agent run? The evidence behind hookit's
// Codex plugin (its manifest's `hooks` path wins, so Codex never runs Claude Code's hooks), its
// Copilot CLI plugin (the root plugin.json's, and what else Copilot reads there, which
// self-protection guards) and behind droid's plugin being a folder of its own, dist/droid-plugin/
// (droid runs hooks/hooks.json, Claude Code's at the package root, whatever its manifest says). Each hook records which file it came from and the plugin
// root as droid/Codex/Copilot spell it.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cliCommand } from "./clis.ts";
import { CACHE_ROOT, disposeScratch, run, runScenario } from "./harness.ts";
import { MARKER } from "./scenarios.ts";

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
const write = (path: string, text: string) => {
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, text);
};

/** A PreToolUse hook that records `tag` and the plugin root (as the command text spells it), then blocks. */
const probeHooks = (dir: string, tag: string, root: string) => ({
  hooks: {
    PreToolUse: [
      {
        matcher: "*",
        hooks: [
          {
            type: "command",
            command: `mkdir -p ${dir}/probe; echo "${root}" > ${dir}/probe/${tag}; cat > /dev/null; echo blocked >&2; exit 2`,
            timeout: 30,
          },
        ],
      },
    ],
  },
});

/** The package-root shape: Claude Code's plugin, Copilot's root plugin.json, and `own` (the agent's manifest folder) naming `own/hooks.json`. */
function bothLayouts(dir: string, own: ".codex-plugin" | ".factory-plugin", root: string): string {
  const folder = join(dir, "pkg", "hookit-cli");
  const marketplace = { name: "hookit", owner: { name: "e2e" }, plugins: [{ name: "hookit", source: "./" }] };
  write(join(folder, ".claude-plugin/marketplace.json"), json(marketplace));
  write(join(folder, ".claude-plugin/plugin.json"), json({ name: "hookit", version: "0.1.0" }));
  write(join(folder, "hooks/hooks.json"), json(probeHooks(dir, "claude-hooks", root)));
  if (own === ".codex-plugin")
    write(
      join(folder, ".agents/plugins/marketplace.json"),
      json({ name: "hookit", plugins: [{ name: "hookit", source: { source: "local", path: "./" } }] }),
    );
  else write(join(folder, own, "marketplace.json"), json(marketplace));
  write(join(folder, own, "plugin.json"), json({ name: "hookit", version: "0.1.0", hooks: `./${own}/hooks.json` }));
  write(join(folder, own, "hooks.json"), json(probeHooks(dir, "own-hooks", root)));
  // Copilot CLI's root manifest, which the hookit-cli package has too: neither CLI may take it.
  write(join(folder, "plugin.json"), json({ name: "hookit", version: "0.1.0", hooks: "copilot/hooks.json" }));
  write(join(folder, "copilot/hooks.json"), json(probeHooks(dir, "copilot-root-hooks", root)));
  return folder;
}

const ran = (dir: string) => (existsSync(join(dir, "probe")) ? readdirSync(join(dir, "probe")).sort() : []);

describe("one folder with Claude Code's plugin and the agent's own manifest", () => {
  afterAll(disposeScratch);

  it("codex runs the hooks its .codex-plugin/plugin.json names, not hooks/hooks.json", async () => {
    const r = await runScenario({
      agent: "codex",
      name: "hooks-path",
      install: false,
      sabotage: ({ dir, home, project }) => {
        const [codex, ...pre] = cliCommand("codex", CACHE_ROOT);
        const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, CODEX_HOME: join(home, ".codex") };
        const config = join(home, ".codex/config.toml");
        writeFileSync(config, readFileSync(config, "utf8").replace("plugins = false", "plugins = true"));
        run(codex!, [...pre, "plugin", "marketplace", "add", bothLayouts(dir, ".codex-plugin", "$PLUGIN_ROOT")], { cwd: project, env });
        run(codex!, [...pre, "plugin", "add", "hookit@hookit"], { cwd: project, env });
      },
      turns: [{ shell: `touch ${MARKER}` }, { say: "Done." }],
    });
    expect(ran(r.dir), r.summary()).toEqual(["own-hooks"]);
    expect(readFileSync(join(r.dir, "probe/own-hooks"), "utf8").trim()).toBe(join(r.home, ".codex/plugins/cache/hookit/hookit/0.1.0"));
    expect(r.exists(MARKER), r.summary()).toBe(false);
  }, 200_000);

  it("droid runs hooks/hooks.json (Claude Code's) whatever .factory-plugin/plugin.json names, and spells ${DROID_PLUGIN_ROOT} out in the command", async () => {
    const r = await runScenario({
      agent: "factory",
      name: "hooks-path",
      install: false,
      sabotage: ({ dir, home, project }) => {
        const [droid, ...pre] = cliCommand("factory", CACHE_ROOT);
        const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home };
        run(droid!, [...pre, "plugin", "marketplace", "add", bothLayouts(dir, ".factory-plugin", "${DROID_PLUGIN_ROOT}")], {
          cwd: project,
          env,
        });
        run(droid!, [...pre, "plugin", "install", "hookit@hookit-cli"], { cwd: project, env });
      },
      turns: [{ shell: `touch ${MARKER}` }, { say: "Done." }],
    });
    expect(ran(r.dir), r.summary()).toEqual(["claude-hooks"]);
    const root = readFileSync(join(r.dir, "probe/claude-hooks"), "utf8").trim();
    expect(root.startsWith(join(r.home, ".factory/plugins/cache/hookit-cli-")), root).toBe(true);
    expect(existsSync(join(root, ".factory-plugin/hooks.json")), "the copy holds the manifest's hooks file, unused").toBe(true);
    expect(r.exists(MARKER), r.summary()).toBe(false);
  }, 200_000);
});

/** A Copilot pre-tool hook (its own format) that records `tag`, the plugin root it was given and its stdin, then blocks. */
const copilotProbe = (dir: string, tag: string) => ({
  version: 1,
  hooks: {
    preToolUse: [
      {
        type: "command",
        // Single quotes: Copilot hands the variable over in the environment, it does not rewrite the text.
        bash: `mkdir -p ${dir}/probe; echo '\${COPILOT_PLUGIN_ROOT}' > ${dir}/probe/${tag}; echo "$COPILOT_PLUGIN_ROOT" > ${dir}/probe-root; cat > ${dir}/probe-stdin; exit 2`,
        timeoutSec: 30,
      },
    ],
  },
});

/** hookit's package-root shape (Claude Code's plugin, listed "./" by .claude-plugin/marketplace.json), plus `extra` files. */
function copilotFolder(dir: string, extra: Record<string, unknown>): string {
  const folder = join(dir, "pkg", "hookit-cli");
  write(
    join(folder, ".claude-plugin/marketplace.json"),
    json({ name: "hookit", owner: { name: "e2e" }, plugins: [{ name: "hookit", source: "./" }] }),
  );
  write(join(folder, ".claude-plugin/plugin.json"), json({ name: "hookit", version: "0.1.0" }));
  write(join(folder, "hooks/hooks.json"), json(probeHooks(dir, "claude-hooks", "$COPILOT_PLUGIN_ROOT")));
  for (const [path, value] of Object.entries(extra)) write(join(folder, path), json(value));
  return folder;
}

const manifest = (hooks: string) => ({ name: "hookit", version: "0.1.0", hooks });

describe("copilot: one folder with Claude Code's plugin and Copilot's manifests", () => {
  afterAll(disposeScratch);
  const copilotRun = (
    name: string,
    extra: (dir: string) => Record<string, unknown>,
    more?: (r: { home: string; project: string }) => void,
  ) =>
    runScenario({
      agent: "copilot",
      name: `hooks-path-${name}`,
      install: false,
      sabotage: ({ dir, home, project }) => {
        const [copilot, ...pre] = cliCommand("copilot", CACHE_ROOT);
        const env = {
          PATH: process.env.PATH ?? "/usr/bin:/bin",
          HOME: home,
          COPILOT_OFFLINE: "true",
          COPILOT_CACHE_HOME: join(CACHE_ROOT, "copilot-cache"),
        };
        run(copilot!, [...pre, "plugin", "marketplace", "add", copilotFolder(dir, extra(dir))], { cwd: project, env });
        run(copilot!, [...pre, "plugin", "install", "hookit@hookit"], { cwd: project, env });
        more?.({ home, project });
      },
      turns: [{ shell: `touch ${MARKER}` }, { say: "Done." }],
    });

  it("runs the hooks the root plugin.json names, not hooks/hooks.json, live from the folder (no copy), with the root in the environment", async () => {
    const r = await copilotRun("root", (dir) => ({
      "plugin.json": manifest("own/hooks.json"),
      "own/hooks.json": copilotProbe(dir, "root-manifest"),
      ".github/plugin/plugin.json": manifest("gh/hooks.json"),
      "gh/hooks.json": copilotProbe(dir, "github-manifest"),
    }));
    expect(ran(r.dir), r.summary()).toEqual(["root-manifest"]);
    expect(readFileSync(join(r.dir, "probe/root-manifest"), "utf8").trim()).toBe("${COPILOT_PLUGIN_ROOT}");
    expect(readFileSync(join(r.dir, "probe-root"), "utf8").trim()).toBe(join(r.dir, "pkg/hookit-cli"));
    expect(JSON.parse(readFileSync(join(r.dir, "probe-stdin"), "utf8")).toolName).toBe("bash");
    expect(existsSync(join(r.home, ".copilot/installed-plugins/hookit")), "nothing copied").toBe(false);
    expect(r.exists(MARKER), r.summary()).toBe(false);
  }, 200_000);

  it("without a manifest naming hooks it runs hooks/hooks.json, Claude Code's (`--agent claude` in hookit's package)", async () => {
    const r = await copilotRun("claude", () => ({}));
    expect(ran(r.dir), r.summary()).toEqual(["claude-hooks"]);
    expect(r.exists(MARKER), r.summary()).toBe(false);
  }, 200_000);

  it("a .plugin/plugin.json goes before the root plugin.json, and .github/plugin/marketplace.json before Claude Code's marketplace (both protected)", async () => {
    const first = await copilotRun("dot-plugin", (dir) => ({
      "plugin.json": manifest("own/hooks.json"),
      "own/hooks.json": copilotProbe(dir, "root-manifest"),
      ".plugin/plugin.json": manifest("dot/hooks.json"),
      "dot/hooks.json": copilotProbe(dir, "dot-plugin-manifest"),
    }));
    expect(ran(first.dir), first.summary()).toEqual(["dot-plugin-manifest"]);
    const second = await copilotRun("gh-market", (dir) => ({
      "plugin.json": manifest("own/hooks.json"),
      "own/hooks.json": copilotProbe(dir, "root-manifest"),
      ".github/plugin/marketplace.json": { name: "hookit", owner: { name: "e2e" }, plugins: [{ name: "hookit", source: "./other" }] },
      "other/plugin.json": manifest("hooks.json"),
      "other/hooks.json": copilotProbe(dir, "other-plugin"),
    }));
    expect(ran(second.dir), second.summary()).toEqual(["other-plugin"]);
  }, 400_000);

  it.each([
    ["the repository's enabledPlugins false", ".github/copilot/settings.json", { enabledPlugins: { "hookit@hookit": false } }],
    ["the repository's disableAllHooks", ".github/copilot/settings.json", { disableAllHooks: true }],
  ])(
    "%s switches the plugin's hooks off (doctor reads both)",
    async (_name, file, value) => {
      const r = await copilotRun(
        "repo-off",
        (dir) => ({ "plugin.json": manifest("own/hooks.json"), "own/hooks.json": copilotProbe(dir, "root-manifest") }),
        ({ project }) => write(join(project, file), json(value)),
      );
      expect(ran(r.dir), r.summary()).toEqual([]);
      expect(r.exists(MARKER), r.summary()).toBe(true);
    },
    200_000,
  );
});
