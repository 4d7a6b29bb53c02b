// The hot path's whole share of telemetry: after a decision is logged (judge.ts),
// start `hookit telemetry ship --background` when export is on and the `due`
// stamp says no shipper is running or backing off. It costs a settings read
// and one stat; the network is never touched here, and a spawn happens at most
// once per shipper's lifetime (a running shipper keeps `due` in the future).
// The shipper itself (src/telemetry/) is the cold CLI's.
import { mkdirSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { configDir, stateDir, type Env } from "../base/paths.ts";
import { joinPath } from "../base/path-join.ts";

/** How long a claimed start keeps other hook processes from starting a second shipper. */
const CLAIM_MS = 10_000;

export async function kickShipper(env: Env, packageDir: string | undefined): Promise<void> {
  // A doctor probe or HOOKIT=0 wrote no decision worth a process.
  if (!packageDir || env.HOOKIT === "0" || env.HOOKIT_DOCTOR === "1") return;
  try {
    if (!exportOn(env)) return;
    const dir = joinPath(stateDir(env), "telemetry");
    const due = joinPath(dir, "due");
    const now = Date.now();
    const stamp = statSync(due, { throwIfNoEntry: false });
    if (stamp && stamp.mtimeMs > now) return;
    // Claim the start before spawning, so a burst of parallel hook calls starts one shipper.
    if (!stamp) {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      writeFileSync(due, "", { mode: 0o600 });
    }
    utimesSync(due, (now + CLAIM_MS) / 1000, (now + CLAIM_MS) / 1000);
    const { spawn } = await import("node:child_process");
    // In Pi or OpenCode (in-process) the running binary may be the agent's own, not a Node.
    const node = /(^|\/)(node|nodejs)[^/]*$/.test(process.execPath) ? process.execPath : "node";
    const child = spawn(node, [join(packageDir, "dist", "bin.cjs"), "telemetry", "ship", "--background"], {
      detached: true,
      stdio: "ignore",
      env: env as NodeJS.ProcessEnv,
    });
    child.on("error", () => {}); // the shipper not starting must never fail the hook call
    child.unref();
  } catch {
    // telemetry never changes a decision or the hook's exit
  }
}

function exportOn(env: Env): boolean {
  const path = joinPath(configDir(env), "settings.json");
  // Most users have no settings file: a stat that cannot throw is cheaper than a failed read.
  if (!statSync(path, { throwIfNoEntry: false })) return false;
  try {
    return otlpSettingIn(readFileSync(path, "utf8")) !== undefined;
  } catch {
    return false;
  }
}

/**
 * `telemetry.otlp` in hookit's settings: `true`, or an object whose `enabled`
 * is not false. The shipper's full reading of the configuration
 * (src/telemetry/config.ts) starts from this, so both agree on when export is on.
 */
export function otlpSettingIn(settingsText: string): Record<string, unknown> | undefined {
  if (!settingsText.includes('"telemetry"')) return undefined;
  let otlp: unknown;
  try {
    otlp = (JSON.parse(settingsText) as { telemetry?: { otlp?: unknown } } | null)?.telemetry?.otlp;
  } catch {
    return undefined;
  }
  if (otlp === true) return {};
  if (otlp === null || typeof otlp !== "object" || Array.isArray(otlp)) return undefined;
  return (otlp as { enabled?: unknown }).enabled === false ? undefined : (otlp as Record<string, unknown>);
}
