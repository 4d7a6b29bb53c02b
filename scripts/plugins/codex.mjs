// Codex CLI's plugin (observed on 0.171.0, docs/agents/codex.md "Plugins"). The package root is the
// plugin, so Codex's cached copy holds the dist/ its hooks run (Codex sets $PLUGIN_ROOT to that copy).
// Codex also reads Claude Code's layout, which shares this root, so two things keep it off Claude's
// hooks/hooks.json (Claude's event names, `--agent claude`):
// - `.agents/plugins/marketplace.json`: Codex reads it before `.claude-plugin/marketplace.json`
//   in the same folder (observed), so `codex plugin marketplace add <package folder>` lists this plugin;
// - `.codex-plugin/plugin.json` names its own hooks file: Codex reads the manifest before
//   `.claude-plugin/plugin.json`, and a manifest's `hooks` path replaces hooks/hooks.json (observed).
// Claude Code and droid read neither file.

/** Codex's plugin files, by path under the package root; `installedHooks` runs `hookit install` in a scratch project. */
export function codexPluginFiles({ pkg, installedHooks, json }) {
  return {
    ".agents/plugins/marketplace.json": json({
      name: "hookit",
      plugins: [{ name: "hookit", source: { source: "local", path: "./" } }],
    }),
    ".codex-plugin/plugin.json": json({
      name: "hookit",
      version: pkg.version,
      description: "hookit's policy in Codex CLI: the hooks `hookit install --agent codex` writes, run from this plugin.",
      license: pkg.license,
      hooks: "./.codex-plugin/hooks.json",
    }),
    ".codex-plugin/hooks.json": json({
      hooks: installedHooks("codex", ".codex/hooks.json", 'node "$PLUGIN_ROOT/dist/bin.cjs"'),
    }),
  };
}
