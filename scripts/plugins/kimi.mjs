// Kimi Code's plugin (seen on 2.1.0, docs/agents/kimi.md "Plugins"): `kimi.plugin.json` at the
// package root, with the `hooks` array Kimi reads like config.toml's [[hooks]] tables. Kimi copies
// the plugin folder to $KIMI_CODE_HOME/plugins/managed/<name>/ and runs each hook with that copy as
// its working directory, so the command names hookit's bin relative to it. The hooks are the
// [[hooks]] tables `hookit install --agent kimi` writes (same events, timeouts, fail-closed tail).
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The [[hooks]] tables of the config.toml `hookit install --agent kimi` writes, with `command` as its prefix. */
function installedKimiHooks(root, command) {
  const scratch = mkdtempSync(join(tmpdir(), "hookit-plugin-"));
  try {
    const home = join(scratch, "home");
    const project = join(scratch, "project");
    mkdirSync(home, { recursive: true });
    mkdirSync(project, { recursive: true });
    // Kimi reads a project install only through KIMI_CODE_HOME, and hookit installs one only then.
    const env = {
      PATH: process.env.PATH,
      HOME: home,
      XDG_CONFIG_HOME: join(home, ".config"),
      XDG_STATE_HOME: join(home, ".state"),
      KIMI_CODE_HOME: join(project, ".kimi-code"),
    };
    execFileSync(
      process.execPath,
      [join(root, "dist", "bin.cjs"), "install", "--agent", "kimi", "--project", project, "--command", command],
      { env, stdio: "ignore" },
    );
    return hookTables(readFileSync(join(project, ".kimi-code", "config.toml"), "utf8"));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The `[[hooks]]` tables of hookit's block: `key = value` lines, values a TOML string or an integer. */
function hookTables(text) {
  const tables = [];
  for (const line of text.split("\n")) {
    if (line === "[[hooks]]") tables.push({});
    const m = /^(\w+) = (.*)$/.exec(line);
    if (!m || tables.length === 0) continue;
    const [, key, raw] = m;
    let value;
    if (/^\d+$/.test(raw)) value = Number(raw);
    else if (raw.startsWith("'") && raw.endsWith("'")) value = raw.slice(1, -1);
    else value = JSON.parse(raw);
    tables[tables.length - 1][key] = value;
  }
  return tables;
}

/** Kimi Code's plugin manifest, by path under the package root. */
export function kimiPluginFiles({ root, pkg, json }) {
  return {
    "kimi.plugin.json": json({
      name: "hookit",
      version: pkg.version,
      description: "hookit's policy in Kimi Code: the hooks `hookit install --agent kimi` writes, run from this plugin.",
      license: pkg.license,
      hooks: installedKimiHooks(root, "node ./dist/bin.cjs"),
    }),
  };
}
