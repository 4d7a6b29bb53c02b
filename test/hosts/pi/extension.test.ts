// Every native event through the extension, with the captured Pi payloads and real shells.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import type { PiEvent } from "../../../src/agents/pi/pi-types.ts";
import { hooks, startExtension } from "./fake-pi.ts";
import { sandbox } from "../../_sandbox.ts";

const fixture = (name: string): PiEvent =>
  JSON.parse(readFileSync(join(import.meta.dirname, "../../fixtures/pi", name), "utf8")) as PiEvent;

describe("tool_call", () => {
  test("a failing hook blocks with HooKit's reason, which the user is also shown", async () => {
    const box = sandbox();
    box.globalPolicy(hooks({ "no-echo": { event: "tool_call", filter: { command: "^echo " }, shell: "exit 7" } }));
    const fake = await startExtension(box);
    const reason = 'hookit: hook "no-echo" rejected bash — `exit 7`';
    expect(await fake.fire("tool_call", fixture("tool_call.json"))).toEqual({ block: true, reason });
    expect(fake.of("notify")).toEqual([[reason, "error"]]);
    expect(await fake.fire("tool_call", { ...fixture("tool_call.json"), input: { command: "ls" } })).toBeUndefined();
  });

  test("without a UI the block is identical and nothing is notified", async () => {
    const box = sandbox();
    box.globalPolicy(hooks({ deny: { event: "tool_call", shell: "false" } }));
    const fake = await startExtension(box, { hasUI: false, mode: "print" });
    expect(await fake.fire("tool_call", fixture("tool_call.json"))).toMatchObject({ block: true });
    expect(fake.of("notify")).toEqual([]);
  });

  test("shells get the PI_* session snapshot, the tool variables and hookit's own", async () => {
    const box = sandbox();
    const vars = [
      "PI_TOOL_NAME",
      "PI_TOOL_CALL_ID",
      "PI_TOOL_INPUT",
      "PI_SESSION_ID",
      "PI_SESSION_FILE",
      "PI_SESSION_LEAF_ID",
      "PI_PROVIDER",
      "PI_MODEL",
      "PI_REASONING_LEVEL",
      "PI_MODE",
      "PI_PROJECT_TRUSTED",
      "PI_CONTEXT_TOKENS",
      "PI_CONTEXT_WINDOW",
      "PI_CONTEXT_PERCENT",
      "PI_CWD",
      "HOOKIT_AGENT",
      "HOOKIT_NATIVE_EVENT",
      "HOOKIT_NATIVE_TOOL_NAME",
    ];
    const shell = `printf '%s\\n' ${vars.map((v) => `"${v}=\${${v}-unset}"`).join(" ")} "NAME=\${PI_SESSION_NAME-unset}" > env.txt`;
    box.globalPolicy(hooks({ dump: { event: "tool_call", shell } }));
    const fake = await startExtension(box, { usage: { tokens: 1234, contextWindow: 20000, percent: 6.17 }, mode: "rpc" });
    await fake.fire("tool_call", fixture("tool_call.json"));
    const env = Object.fromEntries(
      readFileSync(join(box.project, "env.txt"), "utf8")
        .trim()
        .split("\n")
        .map((line) => line.split(/=(.*)/s).slice(0, 2)),
    );
    expect(env).toEqual({
      PI_TOOL_NAME: "bash",
      PI_TOOL_CALL_ID: "call_1",
      PI_TOOL_INPUT: '{"command":"echo hi"}',
      PI_SESSION_ID: "session-1",
      PI_SESSION_FILE: "/sessions/one.jsonl",
      PI_SESSION_LEAF_ID: "leaf-9",
      PI_PROVIDER: "fake",
      PI_MODEL: "fake-model",
      PI_REASONING_LEVEL: "medium",
      PI_MODE: "rpc",
      PI_PROJECT_TRUSTED: "false",
      PI_CONTEXT_TOKENS: "1234",
      PI_CONTEXT_WINDOW: "20000",
      PI_CONTEXT_PERCENT: "6.17",
      PI_CWD: box.project,
      HOOKIT_AGENT: "pi",
      HOOKIT_NATIVE_EVENT: "tool_call",
      HOOKIT_NATIVE_TOOL_NAME: "bash",
      NAME: "unset", // Pi gave no session name: the key is absent, never empty
    });
  });
});

describe("tool_result", () => {
  test("a failing hook replaces what the model sees; Pi's details go back untouched", async () => {
    const box = sandbox();
    box.globalPolicy(hooks({ redact: { event: "tool_result", shell: 'case "$PI_TOOL_RESULT" in *hi*) exit 1;; esac' } }));
    const fake = await startExtension(box);
    const details = { truncated: false };
    const result = await fake.fire("tool_result", { ...fixture("tool_result.json"), details });
    const reason = 'hookit: hook "redact" blocked bash result — `case "$PI_TOOL_RESULT" in *hi*) exit 1;; esac`';
    expect(result).toEqual({
      content: [{ type: "text", text: `[BLOCKED by HooKit] ${reason}\n\nThe original tool result was suppressed.` }],
      details,
      isError: true,
    });
    expect((result as { details: unknown }).details).toBe(details);
    expect(fake.of("notify")).toEqual([[reason, "error"]]);
  });

  test("a passing result is left alone", async () => {
    const box = sandbox();
    box.globalPolicy(hooks({ check: { event: "tool_result", shell: 'test "$PI_TOOL_IS_ERROR" = false' } }));
    const fake = await startExtension(box);
    expect(await fake.fire("tool_result", fixture("tool_result.json"))).toBeUndefined();
  });
});

describe("report-only events", () => {
  test("turn_end failures are notified and nothing is returned", async () => {
    const box = sandbox();
    box.globalPolicy(hooks({ turn: { event: "turn_end", filter: { turnIndex: 1 }, shell: "false" } }));
    const fake = await startExtension(box);
    expect(await fake.fire("turn_end", { ...fixture("turn_end-json-stream.json"), turnIndex: 0 })).toBeUndefined();
    expect(fake.of("notify")).toEqual([]);
    expect(await fake.fire("turn_end", { ...fixture("turn_end-json-stream.json"), turnIndex: 1 })).toBeUndefined();
    expect(fake.of("notify")).toEqual([["HooKit: 1 turn_end hook failed:\n- **turn**: `false` (exit 1)", "error"]]);
  });

  test("agent_settled failures are notified", async () => {
    const box = sandbox();
    box.globalPolicy(hooks({ a: { event: "agent_settled", shell: "false" }, b: { event: "agent_settled", shell: "exit 3" } }));
    const fake = await startExtension(box);
    expect(await fake.fire("agent_settled", fixture("agent_settled.json"))).toBeUndefined();
    expect(fake.of("notify")).toEqual([
      ["HooKit: 2 agent_settled hooks failed:\n- **a**: `false` (exit 1)\n- **b**: `exit 3` (exit 3)", "error"],
    ]);
  });

  test("a pass with a failing hook_result handler answers nothing and notifies once", async () => {
    const box = sandbox();
    box.globalPolicy(hooks({ origin: { event: "tool_call", shell: "true" }, watcher: { event: "hook_result", shell: "false" } }));
    const fake = await startExtension(box);
    expect(await fake.fire("tool_call", fixture("tool_call.json"))).toBeUndefined();
    expect(fake.of("notify")).toEqual([["HooKit: 1 hook_result hook failed:\n- **watcher**: `false` (exit 1)", "error"]]);
  });
});

describe("agent_end", () => {
  const corrective = "1 hook failed after your last turn:\n\n- **tests**: `test ! -f broken` (exit 1)";

  test("a failure asks for one corrective turn; an identical repeat only notifies; a pass resets", async () => {
    const box = sandbox();
    box.globalPolicy(hooks({ tests: { event: "agent_end", shell: "test ! -f broken" } }));
    const fake = await startExtension(box);
    const end = fixture("agent_end-json-stream-followup.json");
    const { writeFileSync, rmSync } = await import("node:fs");
    writeFileSync(join(box.project, "broken"), "");

    expect(await fake.fire("agent_end", end)).toBeUndefined();
    expect(fake.of("sendMessage")).toEqual([[{ customType: "hookit", content: corrective, display: true }, { triggerTurn: true }]]);
    await fake.fire("agent_end", end);
    expect(fake.of("sendMessage")).toHaveLength(1);
    expect(fake.of("notify")).toEqual([["hookit: agent-end hooks still fail; automatic retry stopped.", "error"]]);

    rmSync(join(box.project, "broken"));
    await fake.fire("agent_end", end);
    writeFileSync(join(box.project, "broken"), "");
    await fake.fire("agent_end", end);
    expect(fake.of("sendMessage")).toHaveLength(2);
  });

  test("fingerprints are per Pi session", async () => {
    const box = sandbox();
    box.globalPolicy(hooks({ tests: { event: "agent_end", shell: "false" } }));
    const fake = await startExtension(box);
    await fake.fire("agent_end", { type: "agent_end", messages: [] });
    fake.ctx.sessionManager!.getSessionId = () => "session-2";
    await fake.fire("agent_end", { type: "agent_end", messages: [] });
    expect(fake.of("sendMessage")).toHaveLength(2);
  });

  test("an already-aborted run skips agent_end hooks entirely", async () => {
    const box = sandbox();
    box.globalPolicy(hooks({ mark: { event: "agent_end", shell: "touch ran; false" } }));
    const fake = await startExtension(box, { signal: AbortSignal.abort() });
    expect(await fake.fire("agent_end", { type: "agent_end", messages: [] })).toBeUndefined();
    expect(existsSync(join(box.project, "ran"))).toBe(false);
    expect(fake.calls).toEqual([]);
  });
});

describe("session guards", () => {
  test("session_before_switch cancels on failure", async () => {
    const box = sandbox();
    box.globalPolicy(hooks({ keep: { event: "session_before_switch", filter: { reason: "^new$" }, shell: "false" } }));
    const fake = await startExtension(box);
    const reason = "hookit: session switch cancelled by 1 hook:\n- **keep**: `false` (exit 1)";
    expect(await fake.fire("session_before_switch", fixture("session_before_switch-new.json"))).toEqual({ cancel: true });
    expect(fake.of("notify")).toEqual([[reason, "error"]]);
    expect(
      await fake.fire("session_before_switch", { type: "session_before_switch", reason: "resume", targetSessionFile: "/x" }),
    ).toBeUndefined();
  });

  test("session_before_fork cancels /clone via its payload", async () => {
    const box = sandbox();
    box.globalPolicy(
      hooks({
        "no-clone": {
          event: "session_before_fork",
          shell: 'test "$PI_EVENT_PAYLOAD" != \'{"event":"session_before_fork","entryId":"c0f98416","position":"at"}\'',
        },
      }),
    );
    const fake = await startExtension(box);
    expect(await fake.fire("session_before_fork", fixture("session_before_fork-clone.json"))).toEqual({ cancel: true });
    expect(
      await fake.fire("session_before_fork", { type: "session_before_fork", entryId: "c0f98416", position: "before" }),
    ).toBeUndefined();
  });
});

test("with no hooks enabled hookit answers nothing and calls nothing", async () => {
  const box = sandbox();
  box.globalPolicy(hooks({ off: { event: "tool_call", shell: "false", default: false } }));
  const fake = await startExtension(box);
  for (const [event, name] of [
    ["tool_call", "tool_call.json"],
    ["tool_result", "tool_result.json"],
    ["agent_end", "agent_end-json-stream-followup.json"],
    ["agent_settled", "agent_settled.json"],
    ["session_before_switch", "session_before_switch-new.json"],
    ["session_before_fork", "session_before_fork-clone.json"],
  ] as const) {
    expect(await fake.fire(event, fixture(name))).toBeUndefined();
  }
  expect(fake.calls).toEqual([]);
});
