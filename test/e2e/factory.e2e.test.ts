// Factory droid 0.225.2 (model-view.md §5; adapter capability table in src/agents/factory/adapter.ts).
// BYOK custom model on Chat Completions, no FACTORY_API_KEY (real-cli-recipes §6). Every run
// carries droid's fixed ~5 s exit delay.
import { chmodSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { disposeScratch, runScenario } from "./harness.ts";
import { BLOCK_REASON, GUARD_POLICY, MARKER, PATCH_POLICY, PATCH_TEXT, describeConformance } from "./scenarios.ts";
import { afterLastToolCall, rawToolResults, userTexts } from "./views.ts";
import { MODEL_READS } from "./block-views.ts";

describeConformance("factory", {
  // JSON deny (backed by exit 2): droid prefixes the reason with "Error: ".
  blockedResult: MODEL_READS.factory,
  // droid cannot replace a result: additionalContext adds the patch text after it.
  patchedResult: "appended",
  // Stop decision:block: the reason arrives as a user message, verbatim.
  correctiveMessage: (message) => message,
  brokenPolicy: "tool blocked",
  // The pre-tool command ends in `|| exit 2`: a crashing hookit (exit 1) becomes the blocking answer.
  crashedHook: "tool blocked",
  // An edit waits for `hookit trust`; the trusted version keeps running meanwhile.
  editedPolicy: "trusted version runs",
  movedHookit: "tool blocked",
  writeHello: (project) => ({ tool: "Create", input: { file_path: join(project, "hello.txt"), content: "hello\n" } }),
});

/** Puts a user's PreToolUse hook that always answers "allow" before hookit's in the installed hooks.json. */
function allowHookFirst({ dir, project }: { dir: string; project: string }): void {
  const script = join(dir, "allow.sh");
  const allow = {
    hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow", permissionDecisionReason: "user allows" },
  };
  writeFileSync(script, `#!/bin/sh\ncat >/dev/null\nprintf '%s' '${JSON.stringify(allow)}'\n`);
  chmodSync(script, 0o755);
  const file = join(project, ".factory/hooks.json");
  const hooks = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown[]>;
  hooks.PreToolUse = [{ matcher: "*", hooks: [{ type: "command", command: script }] }, ...(hooks.PreToolUse ?? [])];
  writeFileSync(file, JSON.stringify(hooks, null, 2));
}

describe("factory: droid-specific behaviour", () => {
  afterAll(disposeScratch);

  it("a deny holds when another hook listed first answers allow (droid obeys the first permissionDecision; exit 2 backs hookit's)", async () => {
    const r = await runScenario({
      agent: "factory",
      name: "allow-first",
      policy: GUARD_POLICY,
      sabotage: allowHookFirst,
      turns: [{ shell: `touch ${MARKER}` }, { say: "Done." }],
    });
    expect(r.modelRequests.length, r.summary()).toBe(2);
    expect(r.exists(MARKER), r.summary()).toBe(false);
    // The reason now comes from stderr, which the runner ends with a newline.
    expect(rawToolResults(r.views[1] ?? []).at(-1), r.summary()).toBe(`Error: ${BLOCK_REASON}\n`);
  });

  it("the output stays, and the patch text is the user message right after it", async () => {
    const r = await runScenario({
      agent: "factory",
      name: "patch-view",
      policy: PATCH_POLICY,
      turns: [{ shell: "echo kept-7f3a" }, { say: "Done." }],
    });
    expect(r.modelRequests.length, r.summary()).toBe(2);
    expect(rawToolResults(r.views[1] ?? []).at(-1), r.summary()).toBe("kept-7f3a\n\n\n[Process exited with code 0]");
    expect(userTexts(r.views[1] ?? []).at(-1), r.summary()).toBe(PATCH_TEXT);
    expect(afterLastToolCall(r.views[1] ?? []).indexOf(PATCH_TEXT), r.summary()).toBeGreaterThan(0);
  });
});
