// The CLIs as scripts/e2e-install.sh installed them: the pins of test/e2e/clis.json, or with
// HOOKIT_E2E_LATEST=1 the newest releases it resolved into <cache>/clis-latest.json; with
// HOOKIT_E2E_VERSIONS="codex@0.169.0 …" the named releases in place of those pins.
import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join, resolve } from "node:path";
import pinned from "./clis.json" with { type: "json" };

export type CliId = "claude" | "codex" | "gemini" | "copilot" | "pi" | "factory" | "opencode" | "kimi";
type Manifest = Record<CliId, { dir: string; version: string }>;

/** True when this run is the newest-release column of the version matrix. */
export const latestRun = process.env.HOOKIT_E2E_LATEST === "1";

function latestManifest(): Manifest {
  const file = join(resolve(process.env.HOOKIT_E2E_CACHE || join(homedir(), ".cache/hookit-e2e")), "clis-latest.json");
  try {
    return JSON.parse(readFileSync(file, "utf8")) as Manifest;
  } catch {
    throw new Error(`${file} is missing: run \`HOOKIT_E2E_LATEST=1 bash scripts/e2e-install.sh\` first`);
  }
}

/** HOOKIT_E2E_VERSIONS, the same override scripts/e2e-install.sh applies: <agent>@<version> items. */
function withVersions(manifest: Manifest, list: string): Manifest {
  const out = structuredClone(manifest);
  for (const item of list.split(/[\s,]+/).filter(Boolean)) {
    const at = item.lastIndexOf("@");
    const id = item.slice(0, at) as CliId;
    const version = item.slice(at + 1);
    const entry = out[id];
    if (!entry) throw new Error(`HOOKIT_E2E_VERSIONS: unknown CLI in ${item}`);
    entry.dir = `${entry.dir.slice(0, entry.dir.lastIndexOf("@"))}@${version}`;
    entry.version = version;
  }
  return out;
}

export const clis: Manifest = withVersions(latestRun ? latestManifest() : pinned, process.env.HOOKIT_E2E_VERSIONS ?? "");
export const pinnedClis: Manifest = pinned;

/** The installed CLI's command line, as scripts/e2e-install.sh recorded it. */
export function cliCommand(id: CliId, cacheRoot: string): string[] {
  const prefix = join(cacheRoot, clis[id].dir);
  const recordFile = join(prefix, ".hookit-e2e-cmd.json");
  let record: unknown;
  try {
    record = JSON.parse(readFileSync(recordFile, "utf8"));
  } catch {
    throw new Error(`${id} ${clis[id].version} is not installed in ${prefix}: run \`bash scripts/e2e-install.sh ${id}\``);
  }
  if (!Array.isArray(record)) throw new Error(`${recordFile}: expected a JSON array`);
  return record.map((part: unknown) => {
    const s = String(part);
    if (s === "@node") return process.execPath;
    return s.startsWith("node_modules/") ? join(prefix, s) : s;
  });
}

/** PATH for the CLI and its hooks: this Node first (hooks run `node …`), then the system. */
export function basePath(): string {
  return [dirname(process.execPath), "/usr/local/sbin", "/usr/local/bin", "/usr/sbin", "/usr/bin", "/sbin", "/bin"].join(":");
}
