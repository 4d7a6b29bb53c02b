// An error in hookit's own reading of a command is a line not read to its end, and is refused on
// a guard event like a line past the budget, never judged on the part that was read. The error
// that showed it: a PATH entry that is a file (ENOTDIR) or a folder the user may not search (EACCES)
// made the program-identity lookup throw, and the managed layer's guard on `deploy-prod` let it run.
import { describe, expect, test } from "vitest";
import { loadCatalog } from "../../src/engine/catalog.ts";
import { enabledHookSet } from "../../src/engine/enabled.ts";
import { evaluate } from "../../src/engine/evaluate.ts";
import { UNCHECKED, tooComplexMark } from "../../src/facts/unchecked.ts";
import { deriveCommandFacts } from "../../src/facts/index.ts";

const throwing = new Proxy({} as Record<string, string>, {
  get: () => {
    throw new Error("env read failed");
  },
});

describe("a failed reading fails closed", () => {
  test("a PATH entry that is not a folder is skipped, not an error", () => {
    const facts = deriveCommandFacts("deploy-prod --now", { cwd: "/tmp", env: { PATH: "/etc/passwd:/usr/bin:/bin", HOME: "/tmp" } });
    expect(facts.commands.map((c) => c.program)).toEqual(["deploy-prod"]);
    expect(tooComplexMark(facts.unresolved)).toBeUndefined();
  });

  test("an error inside the facts leaves the mark that guards refuse", () => {
    // PATH is first read inside the walk (where an unknown program is looked up).
    const pathThrows = new Proxy({} as Record<string, string>, {
      get: (_target, key) => {
        if (key === "PATH") throw new Error("env read failed");
        return undefined;
      },
    });
    const facts = deriveCommandFacts("deploy-prod --now", { cwd: "/tmp", env: pathThrows });
    expect(tooComplexMark(facts.unresolved)).toMatch(new RegExp(`^${UNCHECKED.replace(/[()]/g, "\\$&")} \\(env read failed\\)`));
  });

  test("the engine blocks a tool call whose facts failed, where a hook of the event reads facts", async () => {
    const catalog = loadCatalog([
      {
        storage: "global",
        text: JSON.stringify({
          local: {
            "no-prod": {
              description: "",
              event: "tool_call",
              filter: { "hookit.programs": "^deploy-prod$" },
              shell: "false",
              default: true,
            },
          },
        }),
      },
    ]);
    if (!catalog.ok) throw new Error("catalog");
    const outcome = await evaluate(
      { event: "tool_call", toolName: "bash", toolCallId: "c", input: { command: "deploy-prod --now" } },
      enabledHookSet(catalog.entries),
      { cwd: "/tmp", env: throwing },
    );
    expect(outcome.eventOutcomes[0]).toMatchObject({ outcome: "block" });
    expect(JSON.stringify(outcome.eventOutcomes[0])).toContain(UNCHECKED);
  });
});
