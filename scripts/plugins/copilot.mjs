// GitHub Copilot CLI's plugin (observed on 1.0.102, docs/agents/copilot.md "Plugin"). The package
// root is the plugin: `copilot plugin marketplace add <package folder>` reads Claude Code's
// `.claude-plugin/marketplace.json` (its "./" entry), and Copilot loads a local marketplace's plugin
// live from that folder, nothing copied ($COPILOT_PLUGIN_ROOT is the folder itself). Copilot looks
// for the manifest as `plugin.json`, then `.plugin/`, `.github/plugin/`, `.claude-plugin/plugin.json`,
// and runs hooks/hooks.json (Claude Code's: `--agent claude`) unless the manifest names a hooks
// file (test/e2e/plugin-hooks-path.e2e.test.ts). So a root `plugin.json`, first in that order,
// names Copilot's own hooks, which live in dist/ beside the hookit they run (protected with it).
// Codex and droid take no root `plugin.json` (plugin-hooks-path.e2e.test.ts), Claude Code reads
// only `.claude-plugin/` (its plugin e2e runs with this file in the folder).

/** The manifest at the package root (committed: a built checkout added as a marketplace reads it). */
export function copilotPluginFiles({ pkg, json }) {
  return {
    "plugin.json": json({
      name: "hookit",
      version: pkg.version,
      description: "hookit's policy in GitHub Copilot CLI: the hooks `hookit install --agent copilot` writes, run from this plugin.",
      license: pkg.license,
      hooks: "dist/copilot-plugin/hooks.json",
    }),
  };
}

/** Its hooks file, built into dist/; `installedHooks` runs `hookit install` in a scratch project. */
export function copilotBuiltFiles({ installedHooks, json }) {
  return {
    "dist/copilot-plugin/hooks.json": json({
      version: 1,
      hooks: installedHooks("copilot", ".github/hooks/hookit.json", 'node "${COPILOT_PLUGIN_ROOT}/dist/bin.cjs"'),
    }),
  };
}
