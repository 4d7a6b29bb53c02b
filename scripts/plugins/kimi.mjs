// Kimi Code's plugin (seen on 2.1.0, docs/agents/kimi.md "Plugins"): `kimi.plugin.json` at the
// package root, with the `hooks` array Kimi reads like config.toml's [[hooks]] tables. Kimi copies
// the plugin folder to $KIMI_CODE_HOME/plugins/managed/<name>/ and runs each hook with that copy as
// its working directory, so the command names hookit's bin relative to it. The hooks are the
// [[hooks]] tables `hookit install --agent kimi` writes (same events, timeouts, fail-closed tail).
import { join } from "node:path";
import { parse as parseToml } from "smol-toml";

/** Kimi Code's plugin manifest, by path under the package root. */
export function kimiPluginFiles({ pkg, installedFile, json }) {
  // Kimi reads a project install only through KIMI_CODE_HOME, and hookit installs one only then;
  // the fresh project's config.toml holds hookit's block alone.
  const { hooks } = installedFile("kimi", ".kimi-code/config.toml", "node ./dist/bin.cjs", {
    parse: parseToml,
    projectEnv: (project) => ({ KIMI_CODE_HOME: join(project, ".kimi-code") }),
  });
  return {
    "kimi.plugin.json": json({
      name: "hookit",
      version: pkg.version,
      description: "hookit's policy in Kimi Code: the hooks `hookit install --agent kimi` writes, run from this plugin.",
      license: pkg.license,
      hooks,
    }),
  };
}
