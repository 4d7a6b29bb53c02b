// The pinned CLIs as scripts/e2e-install.sh installed them (test/e2e/clis.json lists them).
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import manifest from "./clis.json" with { type: "json" };

export type CliId = "claude" | "codex" | "gemini" | "copilot" | "pi" | "factory" | "opencode";
export const clis: Record<CliId, { dir: string; version: string }> = manifest;

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
