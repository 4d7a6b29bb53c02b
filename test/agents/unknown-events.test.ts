// A pre-tool event whose name hookit does not know (a case or separator variant, another agent's
// spelling) must block like an unreadable payload, never pass as a lifecycle event: a hook
// command with a misspelt event name would otherwise switch the guard off without a word.
import { describe, expect, it } from "vitest";
import { ADAPTERS, loadAdapter, type HookAgentId } from "../../src/agents/registry.ts";
import { PayloadError } from "../../src/contract/types.ts";

const variants = (name: string): string[] => [
  name.toLowerCase(), name.toUpperCase(), name.replace(/([a-z])([A-Z])/g, "$1_$2"), name.replace(/([a-z])([A-Z])/g, "$1-$2").toLowerCase(),
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
          expect(() => adapter.parse(variant, { tool_name: "Bash", tool_input: { command: "ls" } }), `${id} ${variant}`).toThrow(PayloadError);
        }
      }
      // Names that do not look like a pre-tool event stay unknown (the runner allows those).
      expect(adapter.kindOf("SomethingNew")).toBeUndefined();
    });
  }
});

