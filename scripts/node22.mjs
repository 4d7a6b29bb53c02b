// `node scripts/node22.mjs "<command line>"`: runs the command line with Node >= 22 first on PATH.
// hookit needs Node 22 (its compile cache, `module.enableCompileCache()`, is what keeps
// `hookit hook` within budget), while many machines, CI included, still start on Node 20.
// Under Node >= 22 the line simply runs. Under an older Node, the official Node 22 build is
// installed once with npm (the `node-<platform>-<arch>` package, pinned below) into
// `${XDG_CACHE_HOME:-~/.cache}/hookit-dev/`, and the line runs with its folder first on PATH,
// so every `node`, `npm run`, vitest worker and hook spawned below it is that Node.
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { homedir } from "node:os";
import { delimiter, join } from "node:path";

/** The Node 22 release the dev commands install when the running Node is older. */
const NODE_VERSION = "22.23.5";
const MAJOR = 22;

const line = process.argv.slice(2).join(" ");
if (line === "") {
  console.error('usage: node scripts/node22.mjs "<command line>"');
  process.exit(2);
}

const env = { ...process.env };
if (Number(process.versions.node.split(".")[0]) < MAJOR) {
  const bin = installedNode();
  env.PATH = bin + delimiter + (env.PATH ?? "");
  // npm tells scripts which node runs it; the nested commands must not go back to the old one.
  delete env.npm_node_execpath;
  delete env.NODE;
}
const run = spawnSync(line, { shell: true, stdio: "inherit", env });
if (run.error) throw run.error;
process.exit(run.status ?? 1);

/** The folder of Node 22's `node`, installed into the cache the first time. */
function installedNode() {
  const name = `node-${process.platform === "win32" ? "win" : process.platform}-${process.arch}`;
  // Run as root (CI), the node goes where every user can run it: the managed-install tests start
  // the agents as a second user, whose hooks run this node, and root's home is closed to them.
  const cache =
    process.getuid?.() === 0 ? "/usr/local/lib/hookit-dev" : join(process.env.XDG_CACHE_HOME || join(homedir(), ".cache"), "hookit-dev");
  const prefix = join(cache, `${name}@${NODE_VERSION}`);
  const bin = join(prefix, "node_modules", name, "bin");
  if (works(bin)) return bin;
  console.error(`hookit: Node ${process.versions.node} is older than ${MAJOR}; installing ${name}@${NODE_VERSION} into ${prefix} (once)`);
  mkdirSync(cache, { recursive: true });
  // Into a fresh folder, then renamed into place: two commands started at once never share a half-made install.
  const fresh = mkdtempSync(join(cache, ".install-"));
  chmodSync(fresh, 0o755); // mkdtemp makes it private; the folder becomes the install every user runs
  const npm = spawnSync(
    "npm",
    ["install", "--prefix", fresh, "--no-save", "--no-audit", "--no-fund", "--ignore-scripts", `${name}@${NODE_VERSION}`],
    { stdio: ["ignore", "ignore", "inherit"], shell: process.platform === "win32" },
  );
  if (npm.status === 0 && works(join(fresh, "node_modules", name, "bin")) && !works(bin)) {
    rmSync(prefix, { recursive: true, force: true });
    try {
      renameSync(fresh, prefix);
    } catch {
      // Another command installed it meanwhile: its copy stays.
    }
  }
  rmSync(fresh, { recursive: true, force: true });
  if (works(bin)) return bin;
  console.error(
    `hookit: could not install Node ${NODE_VERSION} (${name}) with npm. Install Node ${MAJOR} or newer yourself and run the command again.`,
  );
  process.exit(1);
}

/** Whether `bin/node` exists and is a Node of the wanted major version. */
function works(bin) {
  const node = join(bin, "node");
  if (!existsSync(node)) return false;
  const version = spawnSync(node, ["--version"], { encoding: "utf8" }).stdout ?? "";
  return version.startsWith(`v${MAJOR}.`);
}
