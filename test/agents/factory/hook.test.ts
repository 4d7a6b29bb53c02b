// `hookit hook --agent factory` as droid runs it, through the built binary, on the
// payloads captured from droid 0.225.2. What droid does with each answer:
// model-view.md §5 and docs/agents/factory.md.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { probeCommand } from "../../../src/doctor/probe.ts";
import { binPath, fixtureText, type Reply, runHook, sandbox, useBuiltHookit } from "../../_sandbox.ts";
import {
  BLOCK_POLICY,
  blockReason,
  CONTINUATION,
  CONTINUE_POLICY,
  jsonLine,
  PASS_POLICY,
  PATCH_POLICY,
  patchText,
  RETRY_STOPPED,
} from "../../run/hook/_texts.ts";
import { answer, describeHookCases, describePassingPolicy, onFixture, type Step } from "../../run/hook/_replies.ts";
import {
  CLAUDE_EVENT_HOOKS,
  describeCommonCases,
  hookSpecificDeny,
  stderrLines,
  stdoutObject,
  type HarnessSpec,
} from "../../run/hook/_suites.ts";

useBuiltHookit();
const AGENT = "factory";
const CAPTURES = join(import.meta.dirname, "captures");
const capture = (file: string) => readFileSync(join(CAPTURES, file), "utf8");

/** droid's deny: the JSON, backed by exit 2 with the same reason on stderr (the runner ends it with a newline). */
const denied = (reason: string): Reply => ({
  stdout: jsonLine(hookSpecificDeny(reason)),
  stderr: `${reason}\n`,
  exitCode: 2,
});

const spec: HarnessSpec = {
  agent: AGENT,
  preTool: { event: "PreToolUse", fixture: "PreToolUse-Execute.json", inputField: "tool_input" },
  stop: { event: "Stop", fixture: "Stop.json" },
  read(reply) {
    const out = stdoutObject(reply) ?? {};
    const specific = out.hookSpecificOutput as Record<string, unknown> | undefined;
    const block = specific?.permissionDecision === "deny" ? (specific.permissionDecisionReason as string) : undefined;
    // Lifecycle answers print nothing on stdout; their notices are on stderr.
    const notices = typeof out.systemMessage === "string" ? out.systemMessage.split("\n") : block === undefined ? stderrLines(reply) : [];
    return { ...(block !== undefined && { block }), ...(out.decision === "block" && { continueWith: out.reason as string }), notices };
  },
  check(reply, nativeEvent) {
    const out = stdoutObject(reply);
    const deny = (out?.hookSpecificOutput as Record<string, unknown> | undefined)?.permissionDecision === "deny";
    // Exit 2 only behind a deny, and then stderr is exactly the reason.
    expect(reply.exitCode).toBe(deny ? 2 : 0);
    if (deny) expect(reply.stderr).toBe(`${(out!.hookSpecificOutput as Record<string, unknown>).permissionDecisionReason}\n`);
    // Only these three events may print: droid hands other events' stdout to the model.
    if (!["PreToolUse", "PostToolUse", "Stop"].includes(nativeEvent)) expect(reply.stdout).toBe("");
  },
};

// Every captured event, the tool captures too, is answered with nothing and exit 0.
describePassingPolicy(spec, {
  hooks: CLAUDE_EVENT_HOOKS,
  // One check a file the patch touches.
  hooksByFile: { "PreToolUse-ApplyPatch-multi.json": ["local/allow", "local/allow"] },
  stdin: Object.fromEntries(
    readdirSync(CAPTURES)
      .filter((file) => file.endsWith(".json"))
      .map((file) => [file, capture(file)]),
  ),
});

/** A PreToolUse step on a payload of test/fixtures/factory/ or of captures/. */
const pre = (stdin: string, reply: Reply): Step => ({ event: "PreToolUse", stdin, reply });

describeHookCases(
  spec,
  "tool_call block",
  (
    [
      ["PreToolUse-Execute.json", "bash", fixtureText(AGENT, "PreToolUse-Execute.json")],
      ["PreToolUse-Create.json", "write", capture("PreToolUse-Create.json")],
      ["PreToolUse-Edit.json", "edit", capture("PreToolUse-Edit.json")],
      ["PreToolUse-ApplyPatch-add.json", "write", capture("PreToolUse-ApplyPatch-add.json")],
    ] as const
  ).map(([file, tool, stdin]) => ({
    name: `${file} is denied in JSON and with exit 2`,
    policy: BLOCK_POLICY,
    steps: [pre(stdin, denied(blockReason(tool)))],
  })),
);

describe("factory: tool_call block of a patch", () => {
  test("an ApplyPatch touching two files is checked per file; the reason names the blocked one", async () => {
    const box = sandbox({ policyFile: true });
    box.policy({ local: { deny: { description: "", event: "tool_call", filter: { path: "^sub/" }, shell: "false", default: true } } });
    expect(await runHook(box, AGENT, "PreToolUse", capture("PreToolUse-ApplyPatch-multi.json"))).toEqual(
      denied(`sub/four.txt: ${blockReason("write")}`),
    );
  });
});

describeHookCases(spec, "tool_result patch", [
  {
    name: "the patch text follows the result as additionalContext",
    policy: PATCH_POLICY,
    steps: [
      onFixture(
        AGENT,
        "PostToolUse-Execute.json",
        answer({ hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: patchText("bash") } }),
      ),
    ],
  },
]);

const STOP = JSON.parse(fixtureText(AGENT, "Stop.json")) as Record<string, unknown>;
describeHookCases(spec, "agent_end continuation", [
  {
    name: "Stop continues once; the next Stop of the session gets the retry-stopped notice",
    policy: CONTINUE_POLICY,
    steps: [
      onFixture(AGENT, "Stop.json", answer({ decision: "block", reason: CONTINUATION })),
      // The same session's next Stop, as droid sends it after a block.
      onFixture(AGENT, "Stop.json", answer({ systemMessage: RETRY_STOPPED }), JSON.stringify({ ...STOP, stop_hook_active: true })),
    ],
  },
]);

describe("factory: lifecycle events never print on stdout", () => {
  test("SessionStart with an unreadable policy tells the user on stderr only", async () => {
    const box = sandbox({ policyFile: true });
    const path = box.policy("{ not json");
    const reply = await runHook(box, AGENT, "SessionStart", fixtureText(AGENT, "SessionStart.json"));
    expect(reply).toMatchObject({ stdout: "", exitCode: 0 });
    expect(reply.stderr).toContain(`the policy ${path} is invalid`);
  });
});

describe("factory: hookit doctor's probe of the installed command", () => {
  test("a deny answered with exit 2 still counts as a working hook; a bare exit 2 does not", () => {
    const box = sandbox({ policyFile: true });
    const command = `"${process.execPath}" "${binPath()}" hook --agent factory PreToolUse`;
    box.policy("{ not json");
    const probed = probeCommand("factory", command, box.cwd, box.env);
    expect(probed).toEqual({
      ok: true,
      detail: expect.stringMatching(/^answered \{"hookSpecificOutput":\{"hookEventName":"PreToolUse","permissionDecision":"deny"/),
    });
    box.policy(PASS_POLICY);
    expect(probeCommand("factory", command, box.cwd, box.env)).toEqual({ ok: true, detail: "answered with a plain allow" });
    expect(probeCommand("factory", "echo broken >&2; exit 2", box.cwd, box.env)).toEqual({ ok: false, detail: "it exited with 2: broken" });
  });
});

describeCommonCases(spec);
