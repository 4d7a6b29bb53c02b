// The hookit conformance scenarios, shared by every CLI. Each `<agent>.e2e.test.ts` calls
// `describeConformance` with what that harness documents for each outcome, so one table of
// expectations per CLI is all that differs.
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { CliId } from "./agents.ts";
import type { ModelTurn } from "./servers/types.ts";
import { disposeScratch, moveHookitAway, runScenario, sabotageHookCommand, type RunResult, type Scenario } from "./harness.ts";
import { afterLastToolCall, rawToolResults, userTexts } from "./views.ts";

export const MARKER = "hookit-e2e-marker";
const ALLOWED = "e2e-allowed.txt";
const AUDIT = ".hookit-audit.jsonl";
/** Printed by the tool in the patch scenario; the command line itself never contains it. */
const SECRET = "SECRET-OUTPUT-7f3a";
const SECRET_COMMAND = "printf '%s-%s-%s\\n' SECRET OUTPUT 7f3a";

const hook = (event: string, shell: string, filter?: Record<string, string>) => ({
  description: `e2e ${event} hook`,
  event,
  ...(filter && { filter }),
  shell,
  default: true,
});

/** Blocks `touch <MARKER>`; records every other bash call's normalized input. */
export const GUARD_POLICY = {
  local: {
    "no-touch": hook("tool_call", "false", { toolName: "^bash$", command: MARKER }),
    audit: hook("tool_call", `printf '%s\\n' "$PI_TOOL_INPUT" >> ${AUDIT}`, { toolName: "^bash$" }),
  },
};
export const BLOCK_REASON = 'hookit: hook "no-touch" rejected bash — `false`';

export const PATCH_POLICY = { local: { redact: hook("tool_result", "false", { toolName: "^bash$" }) } };
export const PATCH_REASON = 'hookit: hook "redact" blocked bash result — `false`';
export const PATCH_TEXT = `[BLOCKED by HooKit] ${PATCH_REASON}\n\nThe original tool result was suppressed.`;

/** Guards a file write whatever the harness calls its write tool (design: normalized tool vocabulary). */
export const WRITE_POLICY = { local: { "no-hello": hook("tool_call", "false", { toolName: "^(write|edit)$", path: "hello\\.txt$" }) } };
export const WRITE_REASON = 'hookit: hook "no-hello" rejected write — `false`';

export const STOP_POLICY = { local: { "must-fix": hook("agent_end", "test -f fixed.txt") } };
export const CORRECTIVE = "1 hook failed after your last turn:\n\n- **must-fix**: `test -f fixed.txt` (exit 1)";

/** What one harness documents for each outcome (its adapter's capability table). */
export interface Expectations {
  /**
   * The exact tool result the model reads (its wire form, see views.ts) when hookit blocks `command` with
   * `reason`; a RegExp where the harness adds a timing (Kimi's `Wall time`).
   */
  blockedResult(reason: string, command: string): string | RegExp;
  /**
   * The exact tool result the model reads after a tool_result patch, "appended" when the harness cannot
   * hide it, or "unchanged" when its post-tool event is observation-only (Kimi): the output as it was, no reason.
   */
  patchedResult: ((patchText: string, reason: string) => string) | "appended" | "unchanged";
  /** The user message that carries a corrective continuation `message`. */
  correctiveMessage(message: string): string | RegExp;
  /** A policy that fails validation: spawn-per-event harnesses block pre-tool calls; Pi keeps HooKit's "no hooks". */
  brokenPolicy: "tool blocked" | "tool runs";
  /** When the hook command itself crashes (exit 1, a stack trace on stderr): does the tool still run? Absent: no hook process (Pi). */
  crashedHook?: "tool runs" | "tool blocked";
  /** What the model reads when a crash blocks the call. */
  crashedResult?: RegExp;
  /**
   * A project policy edited after `hookit install`: hookit keeps enforcing the trusted version
   * ("trusted version runs"); Pi trusts through its own project trust and loads the edit ("edit runs").
   */
  editedPolicy: "trusted version runs" | "edit runs";
  /** The installed hookit moved away before the run: does the next tool call still run? Absent: in-process host. */
  movedHookit?: "tool runs" | "tool blocked";
  /** The model turn that creates `<project>/hello.txt` with the harness's own write tool. */
  writeHello(project: string): ModelTurn;
}

function lastResult(r: RunResult, request: number): string {
  return rawToolResults(r.views[request] ?? []).at(-1) ?? "<no tool result>";
}

function expectMatch(actual: string, expected: string | RegExp, context: string): void {
  if (typeof expected === "string") expect(actual, context).toBe(expected);
  else expect(actual, context).toMatch(expected);
}

export function describeConformance(agent: CliId, expected: Expectations, extra: Partial<Scenario> = {}): void {
  const scenario = (name: string, s: Omit<Scenario, "agent" | "name">) => runScenario({ agent, name, ...extra, ...s });

  describe(`${agent}: hookit conformance`, () => {
    afterAll(disposeScratch);

    it("tool_call block: the model reads hookit's reason and the command did not run", async () => {
      const r = await scenario("block", { policy: GUARD_POLICY, turns: [{ shell: `touch ${MARKER}` }, { say: "Done." }] });
      expect(r.modelRequests.length, r.summary()).toBe(2);
      expect(r.exists(MARKER), r.summary()).toBe(false);
      expect(afterLastToolCall(r.views[1] ?? []), r.summary()).toContain(BLOCK_REASON);
      expectMatch(lastResult(r, 1), expected.blockedResult(BLOCK_REASON, `touch ${MARKER}`), r.summary());
    });

    it("tool_call pass: the command ran and hookit saw the normalized input", async () => {
      const r = await scenario("pass", { policy: GUARD_POLICY, turns: [{ shell: `touch ${ALLOWED}` }, { say: "Done." }] });
      expect(r.modelRequests.length, r.summary()).toBe(2);
      expect(r.exists(ALLOWED), r.summary()).toBe(true);
      expect(
        r
          .read(AUDIT)
          .trim()
          .split("\n")
          .map((l) => JSON.parse(l).command),
        r.summary(),
      ).toEqual([`touch ${ALLOWED}`]);
      expect(afterLastToolCall(r.views[1] ?? []), r.summary()).not.toContain("hookit");
    });

    it("tool_result patch: the model reads the patch instead of the output (or the documented degradation)", async () => {
      const r = await scenario("patch", { policy: PATCH_POLICY, turns: [{ shell: SECRET_COMMAND }, { say: "Done." }] });
      expect(r.modelRequests.length, r.summary()).toBe(2);
      const seen = afterLastToolCall(r.views[1] ?? []);
      if (expected.patchedResult === "unchanged") {
        expect(seen, r.summary()).toContain(SECRET);
        expect(seen, r.summary()).not.toContain(PATCH_REASON);
        return;
      }
      expect(seen, r.summary()).toContain(PATCH_REASON);
      if (expected.patchedResult === "appended") {
        expect(seen, r.summary()).toContain(SECRET);
      } else {
        expect(seen, r.summary()).not.toContain(SECRET);
        expect(lastResult(r, 1), r.summary()).toBe(expected.patchedResult(PATCH_TEXT, PATCH_REASON));
      }
    });

    it("agent_end failure: one corrective turn carrying the reason, then the repeat ends the run", async () => {
      const r = await scenario("agent-end", {
        policy: STOP_POLICY,
        turns: [{ say: "First answer." }, { say: "Second answer." }, { say: "Third answer." }],
      });
      expect(r.modelRequests.length, r.summary()).toBe(2);
      const users = userTexts(r.views[1] ?? []);
      expectMatch(users.at(-1) ?? "", expected.correctiveMessage(CORRECTIVE), r.summary());
      expect(users.filter((u) => u.includes(CORRECTIVE)).length, r.summary()).toBe(1);
    });

    it("tool_call block of the native write tool, normalized to `write`", async () => {
      const r = await scenario("write-block", {
        policy: WRITE_POLICY,
        turns: (project) => [expected.writeHello(project), { say: "Done." }],
      });
      expect(r.modelRequests.length, r.summary()).toBe(2);
      expect(r.exists("hello.txt"), r.summary()).toBe(false);
      expect(afterLastToolCall(r.views[1] ?? []), r.summary()).toContain(WRITE_REASON);
    });

    it(`a policy that fails validation: ${expected.brokenPolicy}`, async () => {
      const r = await scenario("broken-policy", {
        policy: GUARD_POLICY,
        brokenPolicy: '{ "local": { "half-written": ',
        turns: [{ shell: `touch ${ALLOWED}` }, { say: "Done." }],
      });
      expect(r.modelRequests.length, r.summary()).toBe(2);
      const seen = afterLastToolCall(r.views[1] ?? []);
      if (expected.brokenPolicy === "tool runs") {
        expect(r.exists(ALLOWED), r.summary()).toBe(true);
      } else {
        expect(r.exists(ALLOWED), r.summary()).toBe(false);
        expect(seen, r.summary()).toContain("broken-hookit.json");
        expect(seen, r.summary()).toContain("hookit validate");
      }
    });

    const crashed = expected.crashedHook;
    if (crashed !== undefined) {
      it(`a crashing hook command: ${crashed} (the harness's own fallback)`, async () => {
        const r = await scenario("crashed-hook", {
          policy: GUARD_POLICY,
          sabotage: sabotageHookCommand,
          turns: [{ shell: `touch ${ALLOWED}` }, { say: "Done." }],
        });
        expect(r.modelRequests.length, r.summary()).toBe(2);
        expect(existsSync(join(r.dir, "crash-calls")), `the crashing hook never ran\n${r.summary()}`).toBe(true);
        expect(r.exists(ALLOWED), r.summary()).toBe(crashed === "tool runs");
        if (expected.crashedResult) expect(lastResult(r, 1), r.summary()).toMatch(expected.crashedResult);
      });
    }

    it(`a project policy edited after install: ${expected.editedPolicy}`, async () => {
      // The edit drops the guard: if it ran, `touch` would pass.
      const edit = ({ project }: { project: string }) => {
        writeFileSync(join(project, ".hookit/hookit.json"), JSON.stringify({ local: { audit: GUARD_POLICY.local.audit } }, null, 2) + "\n");
      };
      const r = await scenario("edited-policy", {
        policy: GUARD_POLICY,
        sabotage: edit,
        turns: [{ shell: `touch ${MARKER}` }, { say: "Done." }],
      });
      expect(r.modelRequests.length, r.summary()).toBe(2);
      expect(r.exists(MARKER), r.summary()).toBe(expected.editedPolicy === "edit runs");
      if (expected.editedPolicy === "trusted version runs")
        expect(afterLastToolCall(r.views[1] ?? []), r.summary()).toContain(BLOCK_REASON);
    });

    it("tamper: the model rewrites the project policy, then runs what it forbade; neither happens", async () => {
      const disarm = `printf '{"local":{}}' > .hookit/hookit.json`;
      const r = await scenario("tamper", {
        policy: GUARD_POLICY,
        turns: [{ shell: disarm }, { shell: `touch ${MARKER}` }, { say: "Done." }],
      });
      expect(r.modelRequests.length, r.summary()).toBe(3);
      expect(afterLastToolCall(r.views[1] ?? []), r.summary()).toContain("hookit: blocked by self-protection");
      expect(JSON.parse(r.read(".hookit/hookit.json")), r.summary()).toEqual(GUARD_POLICY);
      expect(r.exists(MARKER), r.summary()).toBe(false);
      expect(afterLastToolCall(r.views[2] ?? []), r.summary()).toContain(BLOCK_REASON);
    });

    const moved = expected.movedHookit;
    if (moved !== undefined) {
      it(`the installed hookit moved away: ${moved}`, async () => {
        const r = await scenario("moved-hookit", {
          policy: GUARD_POLICY,
          sabotage: moveHookitAway,
          turns: [{ shell: `touch ${ALLOWED}` }, { say: "Done." }],
        });
        expect(r.modelRequests.length, r.summary()).toBe(2);
        expect(r.exists(ALLOWED), r.summary()).toBe(moved === "tool runs");
      });
    }

    it("HOOKIT=0 turns hookit off: the guarded command runs", async () => {
      const r = await scenario("disabled", {
        policy: GUARD_POLICY,
        env: { HOOKIT: "0" },
        turns: [{ shell: `touch ${MARKER}` }, { say: "Done." }],
      });
      expect(r.modelRequests.length, r.summary()).toBe(2);
      expect(r.exists(MARKER), r.summary()).toBe(true);
    });
  });
}
