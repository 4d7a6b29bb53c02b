// Claude Code's hook entries, which Gemini CLI, Codex CLI and droid took over: under each event,
// `{matcher?, hooks: [handler]}` groups whose handler holds the command in `command`. An agent
// says only how its handler looks (its timeout unit, its extra keys) and where the event map is.
import type { HookRegistration } from "../../contract/types.ts";
import { withMatcher } from "../../install/common.ts";
import { type HookFileSpec, hookFileTransforms } from "../../install/shapes.ts";

interface NestedHooksSpec extends Pick<HookFileSpec, "agent" | "root"> {
  /** The one handler in the group hookit writes for `registration`. */
  handler(registration: HookRegistration, command: string): Record<string, unknown>;
}

export function nestedHookTransforms({ handler, ...spec }: NestedHooksSpec): ReturnType<typeof hookFileTransforms> {
  return hookFileTransforms({
    ...spec,
    layout: "nested",
    commandKeys: ["command"],
    entry: (registration, command) => withMatcher(registration, { hooks: [handler(registration, command)] }),
  });
}
