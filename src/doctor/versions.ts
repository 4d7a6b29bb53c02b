// `hookit doctor`: is the installed agent a release hookit was verified with? Each range is the
// oldest and newest version the real-CLI suite (npm run test:e2e, and HOOKIT_E2E_LATEST=1 for the
// newest releases) passed on and whose tool list is captured in test/fixtures/tool-lists/. A release
// outside it may offer a tool no adapter maps (a new file tool reaches policies under its native
// name) or answer hooks differently, so doctor says so.
import { execaSync } from "execa";
import { existsSync } from "node:fs";
import { delimiter, join } from "node:path";
import type { AgentId } from "../agents/registry.ts";
import { FACTS } from "../agents/facts.ts";
import type { VerifiedRange } from "../contract/agent-facts.ts";
import type { Env } from "../base/paths.ts";
import type { Check } from "./index.ts";

export type { VerifiedRange };

/** Each agent's range, from its folder's facts.ts. */
export const VERIFIED_RANGES: Partial<Record<AgentId, VerifiedRange>> = Object.fromEntries(
  Object.entries(FACTS).flatMap(([id, facts]) => (facts.verified ? [[id, facts.verified]] : [])),
);

/** Runs `<bin> --version` and returns its output, or undefined when it does not answer. */
export type VersionProbe = (path: string, env: Env) => string | undefined;

const probeVersion: VersionProbe = (path, env) => {
  const r = execaSync(path, ["--version"], { env, extendEnv: false, timeout: 5000, stdin: "ignore", reject: false });
  return r.exitCode === 0 ? `${r.stdout}\n${r.stderr}` : undefined;
};

/** One warning per installed agent whose CLI on PATH reports a version outside its verified range. */
export function versionChecks(agents: readonly AgentId[], env: Env, probe: VersionProbe = probeVersion): Check[] {
  const checks: Check[] = [];
  for (const agent of agents) {
    const range = VERIFIED_RANGES[agent];
    const path = range && onPath(range.bin, env);
    if (!range || !path) continue;
    const version = /\b(\d+\.\d+\.\d+)\b/.exec(probe(path, env) ?? "")?.[1];
    if (version === undefined) continue;
    const verified = range.oldest === range.newest ? range.oldest : `${range.oldest} to ${range.newest}`;
    if (compareVersions(version, range.oldest) < 0 || compareVersions(version, range.newest) > 0) {
      checks.push({
        agent,
        status: "warn",
        message: `${range.bin} ${version} is outside the versions hookit was verified with (${verified}): a tool or hook answer this release changed may not be guarded`,
        fix: "use a verified release, or run the real-CLI suite on it (HOOKIT_E2E_LATEST=1 npm run test:e2e, docs/e2e.md)",
      });
    } else {
      checks.push({ agent, status: "ok", message: `${range.bin} ${version} is a verified release (${verified})` });
    }
  }
  return checks;
}

export function compareVersions(a: string, b: string): number {
  const pa = a.split(".").map(Number);
  const pb = b.split(".").map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

function onPath(bin: string, env: Env): string | undefined {
  for (const dir of (env.PATH ?? "").split(delimiter)) {
    if (dir === "") continue;
    const candidate = join(dir, bin);
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}
