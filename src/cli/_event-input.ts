// What `hookit check` and `hookit explain` share: each judges a call read from stdin (hookit's
// normalized events, or an agent's own payload with `--agent` and `--native`) under the effective
// policy of `--cwd` (or only `--policy FILE`), and says why when it cannot read one of them.
import { resolve } from "node:path";
import type { Env } from "../base/paths.ts";
import type { CatalogResult } from "../engine/catalog.ts";
import type { Adapter, Invocation } from "../contract/types.ts";
import type { NormalizedEvent } from "../engine/types.ts";
import { parseEventStream } from "../policytest/event-input.ts";
import { fail } from "./_output.ts";
import { diagnosticLines, loadEffectivePolicy, type LoadedPolicy } from "./_policy.ts";

/** The options that read an agent's own payload instead of normalized events. */
export const NATIVE_PAYLOAD_ARGS = {
  agent: { type: "string", description: "Read the agent's native payload instead of a normalized event" },
  native: { type: "string", description: "The native event name, with --agent (e.g. PreToolUse)" },
} as const;

export const AGENT_NEEDS_NATIVE = "--agent needs --native <event>, e.g. --native PreToolUse";

interface JudgingPolicy {
  cwd: string;
  /** The environment the call is judged in: `--policy` is its HOOKIT_CONFIG. */
  env: Env;
  policy: LoadedPolicy & { catalog: Extract<CatalogResult, { ok: true }> };
}

/** The policy a call is judged under, or undefined once its being invalid is reported (no hook would run). */
export function judgingPolicy(args: { cwd?: string; policy?: string }): JudgingPolicy | undefined {
  const cwd = resolve(args.cwd ?? process.cwd());
  const env = args.policy ? { ...process.env, HOOKIT_CONFIG: resolve(args.policy) } : process.env;
  const policy = loadEffectivePolicy(cwd, env);
  const { catalog } = policy;
  if (catalog.ok) return { cwd, env, policy: { ...policy, catalog } };
  fail(`the policy is invalid, no hook would run:\n${diagnosticLines(catalog.diagnostics, policy.files)}`);
  return undefined;
}

/** The adapter's reading of its `native` payload on stdin, or undefined once why it cannot be read is reported. */
export function nativeInvocation(adapter: Adapter, native: string, stdin: string): Invocation | undefined {
  try {
    return adapter.parse(native, JSON.parse(stdin));
  } catch (error) {
    fail(`cannot read the ${adapter.title} ${native} payload: ${(error as Error).message}`);
    return undefined;
  }
}

/** The normalized events on stdin, or undefined once why they cannot be read is reported. */
export function normalizedEvents(stdin: string): NormalizedEvent[] | undefined {
  try {
    return parseEventStream(stdin);
  } catch (error) {
    fail((error as Error).message);
    return undefined;
  }
}
