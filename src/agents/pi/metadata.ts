// The `PI_*` session variables, snapshotted once at callback entry
// (hookit-semantics §5.3) from Pi's handler context.
import type { SessionMetadata } from "../../engine/types.ts";
import type { PiAPI, PiContext } from "./pi-types.ts";

/**
 * Each read is separate and guarded: older Pi versions lack some accessors
 * (`mode`, `isProjectTrusted`, …) and one that throws must not cost the others.
 * A value Pi cannot give is simply absent from the environment.
 */
function read<T>(get: () => T): T | undefined {
  try {
    return get();
  } catch {
    return undefined;
  }
}

const text = (value: unknown): string | undefined => (typeof value === "string" && value !== "" ? value : undefined);
const number = (value: unknown): number | undefined => (typeof value === "number" && Number.isFinite(value) ? value : undefined);

/** Pi's answer to "is this project trusted?", or undefined when this Pi cannot say. */
export function projectTrust(ctx: PiContext): boolean | undefined {
  const answer = read(() => ctx.isProjectTrusted?.());
  return typeof answer === "boolean" ? answer : undefined;
}

export function snapshotMetadata(pi: PiAPI, ctx: PiContext): SessionMetadata {
  const session = read(() => ctx.sessionManager);
  const model = read(() => ctx.model);
  const usage = read(() => ctx.getContextUsage?.());
  const entries: [keyof SessionMetadata, unknown][] = [
    ["sessionId", text(read(() => session?.getSessionId?.()))],
    ["sessionFile", text(read(() => session?.getSessionFile?.()))],
    ["sessionName", text(read(() => session?.getSessionName?.()))],
    ["sessionLeafId", text(read(() => session?.getLeafId?.()))],
    ["provider", text(read(() => model?.provider))],
    ["model", text(read(() => model?.id))],
    ["reasoningLevel", text(read(() => ctx.thinkingLevel)) ?? text(read(() => pi.getThinkingLevel?.()))],
    ["mode", text(read(() => ctx.mode))],
    ["projectTrusted", projectTrust(ctx)],
    ["contextTokens", number(read(() => usage?.tokens))],
    ["contextWindow", number(read(() => usage?.contextWindow))],
    ["contextPercent", number(read(() => usage?.percent))],
  ];
  const metadata: Record<string, unknown> = {};
  for (const [key, value] of entries) if (value !== undefined) metadata[key] = value;
  return Object.freeze(metadata) as SessionMetadata;
}
