// A pre-tool event whose name hookit does not know (a case or separator variant, another agent's
// spelling) must block like an unreadable payload, never pass as a lifecycle event: a hook
// command with a misspelt event name would otherwise switch the guard off without a word.
import { describe, expect, it } from "vitest";
import { ADAPTERS, loadAdapter, type HookAgentId } from "../../src/agents/registry.ts";
import { PayloadError } from "../../src/contract/types.ts";

const variants = (name: string): string[] =>
  [
    name.toLowerCase(),
    name.toUpperCase(),
    name.replace(/([a-z])([A-Z])/g, "$1_$2"),
    name.replace(/([a-z])([A-Z])/g, "$1-$2").toLowerCase(),
  ].filter((variant) => variant !== name);

describe("a misspelt pre-tool event is a tool_call that parse() refuses", () => {
  for (const id of Object.keys(ADAPTERS) as HookAgentId[]) {
    it(id, async () => {
      const adapter = await loadAdapter(id);
      const preTool = adapter.registrations.filter((reg) => reg.kind === "tool_call").map((reg) => reg.native);
      expect(preTool.length).toBeGreaterThan(0);
      for (const name of preTool) {
        for (const variant of variants(name)) {
          expect(adapter.kindOf(variant), `${id} ${variant}`).toBe("tool_call");
          expect(() => adapter.parse(variant, { tool_name: "Bash", tool_input: { command: "ls" } }), `${id} ${variant}`).toThrow(
            PayloadError,
          );
        }
      }
      // Names that do not look like a pre-tool event stay unknown (the runner allows those).
      expect(adapter.kindOf("SomethingNew")).toBeUndefined();
    });
  }
});

// The block of a misspelt pre-tool event must still name the event the agent fired: Claude Code
// checks `hookSpecificOutput.hookEventName` against its own event and treats a mismatch as a
// failed hook (non-blocking, so the tool runs). hookit answers for the real event.
describe("the block of a misspelt pre-tool event names the real event", () => {
  for (const id of Object.keys(ADAPTERS) as HookAgentId[]) {
    it(id, async () => {
      const adapter = await loadAdapter(id);
      for (const name of adapter.registrations.filter((reg) => reg.kind === "tool_call").map((reg) => reg.native)) {
        for (const variant of [name, ...variants(name)]) {
          const reply = adapter.respond({ agent: id, nativeEvent: variant, kind: "tool_call", events: [] }, { block: "no", notices: [] });
          const echoed = eventNameIn(reply.stdout);
          if (echoed !== undefined) expect(echoed, `${id} ${variant}`).toBe(name);
        }
      }
    });
  }
});

function eventNameIn(stdout: string): unknown {
  if (stdout.trim() === "") return undefined;
  const output = JSON.parse(stdout) as { hookSpecificOutput?: { hookEventName?: unknown } };
  return output.hookSpecificOutput?.hookEventName;
}
