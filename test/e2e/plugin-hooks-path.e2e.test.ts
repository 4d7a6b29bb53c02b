// One folder holding Claude Code's plugin (.claude-plugin/, hooks/hooks.json) and the agent's own
// manifest naming its own hooks file: which hooks does the agent run? The evidence behind hookit's
// Codex plugin (its manifest's `hooks` path wins, so Codex never runs Claude Code's hooks) and
// behind shipping no droid plugin (droid runs hooks/hooks.json, Claude Code's, whatever its manifest
// says). Each hook records which file it came from and the plugin root as droid/Codex spell it.
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

/** The package-root shape: Claude Code's plugin plus `own` (the agent's manifest folder) naming `own/hooks.json`. */
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
