// §9 "Environment" (41–47) and the §5.3 variable table: identity keys,
// event data, metadata snapshot, managed-key stripping, absent-not-empty.
import { expect, test } from "vitest";
import type { SessionMetadata } from "../../src/engine/index.ts";
import {
  UUID_V4_RE,
  agentEnd,
  dumpEnv,
  exists,
  h,
  hooks,
  readEnv,
  readLines,
  run,
  sessionFork,
  sessionSwitch,
  tempDir,
  toolCall,
  toolResult,
  turnEnd,
} from "./_helpers.ts";

const IDENTITY = `printf '%s|%s|%s|%s|%s\\n' "$PI_HOOK_REF" "$PI_HOOK_EVENT" "$PI_HOOK_INVOCATION_ID" "$PI_EVENT" "$PI_SESSION_ID" >> ids`;

test("41 when and shell of one invocation see the same identity", async () => {
  const dir = tempDir();
  const set = hooks({ identity: h("tool_call", IDENTITY, { when: IDENTITY }) }, "owner/hooks");
  await run(toolCall(), set, dir, { metadata: { sessionId: "session-123" } });
  const [whenLine, shellLine] = readLines(dir, "ids");
  expect(whenLine).toBe(shellLine);
  const [ref, hookEvent, id, event, session] = (shellLine ?? "").split("|");
  expect([ref, hookEvent, event, session]).toEqual(["owner/hooks/identity", "tool_call", "tool_call", "session-123"]);
  expect(id).toMatch(UUID_V4_RE);
});

test("42 sibling invocations get different invocation ids", async () => {
  const dir = tempDir();
  const log = `echo "$PI_HOOK_INVOCATION_ID" >> ids`;
  await run(turnEnd(1), hooks({ a: h("turn_end", log), b: h("turn_end", log) }), dir);
  const ids = readLines(dir, "ids");
  expect(ids).toHaveLength(2);
  for (const id of ids) expect(id).toMatch(UUID_V4_RE);
  expect(ids[0]).not.toBe(ids[1]);
});

test("43 tool_result variables: text blocks joined by newline, original isError, compact input", async () => {
  const dir = tempDir();
  const event = toolResult({
    input: { path: ".env" },
    content: [
      { type: "text", text: "first" },
      { type: "image", data: "AAAA", mimeType: "image/png" },
      { type: "text", text: "second" },
    ],
    isError: true,
  });
  await run(event, hooks({ dump: h("tool_result", dumpEnv("env")) }), dir);
  const env = readEnv(dir, "env");
  expect(env.PI_TOOL_RESULT).toBe("first\nsecond");
  expect(env.PI_TOOL_IS_ERROR).toBe("true");
  expect(env.PI_TOOL_INPUT).toBe('{"path":".env"}');
  expect([env.PI_TOOL_NAME, env.PI_TOOL_CALL_ID, env.PI_EVENT, env.PI_HOOK_EVENT]).toEqual([
    "bash",
    "call-1",
    "tool_result",
    "tool_result",
  ]);
  expect(env.PI_EVENT_PAYLOAD).toBeUndefined();
});

test("43b PI_TOOL_NAME is set even when the tool name is empty (HooKit copies it as is)", async () => {
  const dir = tempDir();
  const ambient = { ...process.env, PI_TOOL_NAME: "stale" };
  await run(toolCall({ toolName: "" }), hooks({ dump: h("tool_call", dumpEnv("env")) }), dir, { env: ambient });
  const env = readEnv(dir, "env");
  expect(Object.hasOwn(env, "PI_TOOL_NAME")).toBe(true);
  expect(env.PI_TOOL_NAME).toBe("");
});

test("44 PI_EVENT_PAYLOAD is exactly the bounded candidate (extra fields dropped)", async () => {
  const dir = tempDir();
  const event = { event: "turn_end", turnIndex: 3, rich: "x" } as unknown as ReturnType<typeof turnEnd>;
  await run(event, hooks({ dump: h("turn_end", dumpEnv("env")) }), dir);
  const env = readEnv(dir, "env");
  expect(JSON.parse(env.PI_EVENT_PAYLOAD ?? "")).toEqual({ event: "turn_end", turnIndex: 3 });
  expect(env.PI_EVENT_PAYLOAD).toBe('{"event":"turn_end","turnIndex":3}');
  for (const key of ["PI_TOOL_NAME", "PI_TOOL_CALL_ID", "PI_TOOL_INPUT", "PI_TOOL_RESULT", "PI_TOOL_IS_ERROR"]) {
    expect(env[key], key).toBeUndefined();
  }
});

test("45 managed keys are stripped from the inherited env; unrelated keys pass through", async () => {
  const dir = tempDir();
  const ambient = {
    ...process.env,
    PI_SESSION_ID: "stale",
    PI_HOOK_INVOCATION_ID: "stale-invocation",
    PI_HOOK_RUN_ID: "stale-run",
    PI_CODING_AGENT: "true",
    PI_MODEL: "stale-model",
    HOOKIT_AGENT: "stale-agent",
  };
  await run(toolCall(), hooks({ dump: h("tool_call", dumpEnv("env")) }), dir, { env: ambient, metadata: { sessionId: "current" } });
  const env = readEnv(dir, "env");
  expect(env.PI_SESSION_ID).toBe("current");
  expect(env.PI_HOOK_INVOCATION_ID).toMatch(UUID_V4_RE);
  expect("PI_HOOK_RUN_ID" in env).toBe(false);
  expect(env.PI_CODING_AGENT).toBe("true");
  expect("PI_MODEL" in env).toBe(false); // no metadata for it: stripped, not inherited
  expect("HOOKIT_AGENT" in env).toBe(false);
  expect(env.PATH).toBe(process.env.PATH);
});

test("46 metadata is snapshotted at evaluation start, handlers included", async () => {
  const dir = tempDir();
  const metadata: SessionMetadata = { sessionId: "before" };
  const set = hooks({
    native: h("turn_end", `sleep 0.05; echo "$PI_SESSION_ID" >> seen`),
    handler: h("hook_result", `echo "$PI_SESSION_ID" >> seen`),
  });
  const pending = run(turnEnd(0), set, dir, { metadata });
  metadata.sessionId = "after";
  await pending;
  expect(readLines(dir, "seen")).toEqual(["before", "before"]);
});

test("47 the Enabled Hook Set is captured; emptying the input array changes nothing", async () => {
  const dir = tempDir();
  const set = [...hooks({ a: h("tool_call", "sleep 0.05; touch a"), b: h("tool_call", "touch b") })];
  const replacement = hooks({ c: h("tool_call", "touch c") });
  const pending = run(toolCall(), set, dir);
  set.length = 0;
  set.push(...replacement);
  const out = await pending;
  expect([exists(dir, "a"), exists(dir, "b"), exists(dir, "c")]).toEqual([true, true, false]);
  expect(out.evaluationReport?.rows.map((r) => r.hookRef)).toEqual(["local/a", "local/b"]);
});

// --- §5.3 table details not numbered in §9 ------------------------------------

test("§5.3 metadata variables: strings as given, numbers via String(), empty values absent", async () => {
  const dir = tempDir();
  const metadata: SessionMetadata = {
    sessionId: "s",
    sessionFile: "",
    sessionName: "name",
    sessionLeafId: "leaf",
    provider: "p",
    model: "m",
    reasoningLevel: "high",
    mode: "rpc",
    projectTrusted: false,
    contextTokens: 0,
    contextWindow: 200000,
    contextPercent: 6.1725,
  };
  await run(agentEnd(), hooks({ dump: h("agent_end", dumpEnv("env")) }), dir, { metadata });
  const env = readEnv(dir, "env");
  expect({
    PI_SESSION_ID: env.PI_SESSION_ID,
    PI_SESSION_NAME: env.PI_SESSION_NAME,
    PI_SESSION_LEAF_ID: env.PI_SESSION_LEAF_ID,
    PI_PROVIDER: env.PI_PROVIDER,
    PI_MODEL: env.PI_MODEL,
    PI_REASONING_LEVEL: env.PI_REASONING_LEVEL,
    PI_MODE: env.PI_MODE,
    PI_PROJECT_TRUSTED: env.PI_PROJECT_TRUSTED,
    PI_CONTEXT_TOKENS: env.PI_CONTEXT_TOKENS,
    PI_CONTEXT_WINDOW: env.PI_CONTEXT_WINDOW,
    PI_CONTEXT_PERCENT: env.PI_CONTEXT_PERCENT,
  }).toEqual({
    PI_SESSION_ID: "s",
    PI_SESSION_NAME: "name",
    PI_SESSION_LEAF_ID: "leaf",
    PI_PROVIDER: "p",
    PI_MODEL: "m",
    PI_REASONING_LEVEL: "high",
    PI_MODE: "rpc",
    PI_PROJECT_TRUSTED: "false",
    PI_CONTEXT_TOKENS: "0",
    PI_CONTEXT_WINDOW: "200000",
    PI_CONTEXT_PERCENT: "6.1725",
  });
  expect("PI_SESSION_FILE" in env).toBe(false);
  expect(env.PI_EVENT_PAYLOAD).toBe('{"event":"agent_end"}');
});

test("§5.3 session payloads: targetSessionFile only when set; fork keys in order", async () => {
  const dir = tempDir();
  const dump = (file: string) => `printf '%s\\n' "$PI_EVENT_PAYLOAD" > ${file}`;
  await run(sessionSwitch("resume"), hooks({ s: h("session_before_switch", dump("a")) }), dir);
  const withTarget = { event: "session_before_switch", reason: "new", targetSessionFile: "/s.jsonl" } as const;
  await run(withTarget, hooks({ s: h("session_before_switch", dump("b")) }), dir);
  await run(sessionFork("e-1", "before"), hooks({ f: h("session_before_fork", dump("c")) }), dir);
  expect(readLines(dir, "a")).toEqual(['{"event":"session_before_switch","reason":"resume"}']);
  expect(readLines(dir, "b")).toEqual(['{"event":"session_before_switch","reason":"new","targetSessionFile":"/s.jsonl"}']);
  expect(readLines(dir, "c")).toEqual(['{"event":"session_before_fork","entryId":"e-1","position":"before"}']);
});

test("hookit: HOOKIT_* variables from the event and extraEnv reach every shell", async () => {
  const dir = tempDir();
  const event = toolCall({ agent: "claude", nativeToolName: "Bash", nativeToolInput: { command: "echo hi", timeout: 5 } });
  await run(event, hooks({ dump: h("tool_call", dumpEnv("env")) }), dir, { extraEnv: { HOOKIT_NATIVE_EVENT: "PreToolUse" } });
  const env = readEnv(dir, "env");
  expect(env.HOOKIT_AGENT).toBe("claude");
  expect(env.HOOKIT_NATIVE_TOOL_NAME).toBe("Bash");
  expect(env.HOOKIT_NATIVE_TOOL_INPUT).toBe('{"command":"echo hi","timeout":5}');
  expect(env.HOOKIT_NATIVE_EVENT).toBe("PreToolUse");
});
