// Port of HooKit's tests/hook-evaluation.test.ts (see UPSTREAM.md), describes
// "Hook Invocation semantics" and "Enabled Hook Set".
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  HookEvaluation,
  UUID_PATTERN,
  caseDirectory,
  context,
  createEnabledHookSet,
  evaluate,
  hook,
  hookRows,
  reasonOf,
  readText,
  rootDirectory,
  toolCall,
} from "./_facade.ts";

describe("Hook Invocation semantics", () => {
  it("runs filter then when then shell with one shared environment", async () => {
    const cwd = caseDirectory("when-shell-environment");
    const print = `printf '%s|%s|%s|%s|%s\\n' "$PI_HOOK_REF" "$PI_HOOK_EVENT" "$PI_HOOK_INVOCATION_ID" "$PI_EVENT" "$PI_SESSION_ID"`;
    const result = await evaluate(
      new HookEvaluation(),
      "tool_call",
      toolCall,
      [
        hook("identity", "tool_call", `${print} > shell.log`, {
          filter: { toolName: "^bash$", command: "echo" },
          when: `${print} > when.log`,
          source: "owner/hooks",
        }),
      ],
      cwd,
      context(cwd, { metadata: { PI_SESSION_ID: "session-123" } }),
    );
    expect(result.eventOutcomes[0].outcome).toBe("pass");
    const shellIdentity = readText(cwd, "shell.log").trim();
    expect(shellIdentity).toBe(readText(cwd, "when.log").trim());
    expect(hookRows(result.evaluationReport)).toHaveLength(1);
    const [ref, hookEvent, invocationId, event, session] = shellIdentity.split("|");
    expect([ref, hookEvent, event, session]).toEqual(["owner/hooks/identity", "tool_call", "tool_call", "session-123"]);
    expect(invocationId).toMatch(UUID_PATTERN);
  });

  it("uses distinct Invocation IDs for sibling Invocations", async () => {
    const cwd = caseDirectory("sibling-invocation-ids");
    const log = `printf '%s\\n' "$PI_HOOK_INVOCATION_ID" >> ids.log`;
    const result = await evaluate(
      new HookEvaluation(),
      "turn_end",
      { turnIndex: 1 },
      [hook("one", "turn_end", log), hook("two", "turn_end", log)],
      cwd,
    );
    expect(result.eventOutcomes[0].outcome).toBe("pass");
    const ids = readText(cwd, "ids.log").trim().split("\n");
    expect(ids).toHaveLength(2);
    for (const id of ids) expect(id).toMatch(UUID_PATTERN);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it("exposes stable tool-result and bounded lifecycle environments", async () => {
    const cwd = caseDirectory("event-environments");
    const metadata = {
      PI_SESSION_ID: "session-9",
      PI_PROVIDER: "provider",
      PI_MODEL: "model",
      PI_REASONING_LEVEL: "high",
      PI_MODE: "json",
      PI_PROJECT_TRUSTED: "true",
      PI_CONTEXT_TOKENS: "12",
      PI_CONTEXT_WINDOW: "100",
      PI_CONTEXT_PERCENT: "12",
    };
    const payload = {
      toolName: "read",
      toolCallId: "result-1",
      input: { path: ".env" },
      content: [
        { type: "text", text: "first" },
        { type: "image", data: "abc", mimeType: "image/png" },
        { type: "text", text: "second" },
      ],
      isError: true,
    };
    const checks = [
      `test "$PI_EVENT" = tool_result`,
      `test "$PI_TOOL_NAME" = read`,
      `test "$PI_TOOL_CALL_ID" = result-1`,
      `test "$PI_TOOL_INPUT" = '{"path":".env"}'`,
      `test "$PI_TOOL_RESULT" = 'first\nsecond'`,
      `test "$PI_TOOL_IS_ERROR" = true`,
      `test "$PI_SESSION_ID" = session-9`,
      `test "$PI_REASONING_LEVEL" = high`,
    ];
    const result = await evaluate(
      new HookEvaluation(),
      "tool_result",
      payload,
      [hook("environment", "tool_result", checks.join(" && "))],
      cwd,
      context(cwd, { metadata }),
    );
    expect(result.eventOutcomes[0].outcome).toBe("pass");

    const lifecycle = await evaluate(
      new HookEvaluation(),
      "turn_end",
      { turnIndex: 3, rich: "not exposed" },
      [hook("payload", "turn_end", `printf '%s' "$PI_EVENT_PAYLOAD" > payload.json`)],
      cwd,
    );
    expect(lifecycle.eventOutcomes[0].outcome).toBe("pass");
    expect(JSON.parse(readText(cwd, "payload.json"))).toEqual({ event: "turn_end", turnIndex: 3 });
  });

  it("treats an ordinary non-zero when as a skip", async () => {
    const cwd = caseDirectory("when-skip");
    const result = await evaluate(
      new HookEvaluation(),
      "tool_call",
      toolCall,
      [hook("skip", "tool_call", "touch should-not-run", { when: "exit 9" }), hook("pass", "tool_call", "true")],
      cwd,
    );
    expect(result.eventOutcomes[0].outcome).toBe("pass");
    expect(existsSync(join(cwd, "should-not-run"))).toBe(false);
    expect(hookRows(result.evaluationReport).map((row) => row.hookRef)).toEqual(["local/pass"]);
  });

  it("omits a report when filters miss and ordinary when checks skip", async () => {
    const result = await evaluate(new HookEvaluation(), "tool_call", toolCall, [
      hook("miss", "tool_call", "true", { filter: { toolName: "^read$" } }),
      hook("skip", "tool_call", "true", { when: "exit 9" }),
    ]);
    expect(result.eventOutcomes[0].outcome).toBe("pass");
    expect(result.evaluationReport).toBeUndefined();
  });

  it("fails closed when a when process cannot execute", async () => {
    const result = await evaluate(new HookEvaluation(), "tool_call", toolCall, [
      hook("broken-when", "tool_call", "true", { when: String.fromCharCode(0) }),
    ]);
    expect(result.eventOutcomes[0].outcome).toBe("block");
    expect(reasonOf(result)).toMatch(/during when/);
    expect(reasonOf(result)).not.toContain("`true`");
    expect(result.evaluationReport).toBeUndefined();
  });

  it("does not report a main shell that failed before spawning", async () => {
    const result = await evaluate(new HookEvaluation(), "tool_call", toolCall, [hook("broken-shell", "tool_call", String.fromCharCode(0))]);
    expect(result.eventOutcomes[0].outcome).toBe("block");
    expect(result.evaluationReport).toBeUndefined();
  });

  it("runs shells in the supplied working directory", async () => {
    const cwd = caseDirectory("working-directory");
    const result = await evaluate(
      new HookEvaluation(),
      "tool_call",
      toolCall,
      [hook("cwd", "tool_call", `test "$PWD" = "$PI_CWD" && touch marker`)],
      cwd,
    );
    expect(result.eventOutcomes[0].outcome).toBe("pass");
    expect(existsSync(join(cwd, "marker"))).toBe(true);
  });

  it("fails closed on timeout", { timeout: 8_000 }, async () => {
    const startedAt = Date.now();
    const result = await evaluate(new HookEvaluation(), "tool_call", toolCall, [hook("slow", "tool_call", "sleep 30")]);
    expect(result.eventOutcomes[0].outcome).toBe("block");
    expect(Date.now() - startedAt).toBeLessThan(8_000);
  });

  it("fails closed when aborted during a tool Hook Invocation", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const result = await evaluate(
      new HookEvaluation(),
      "tool_call",
      toolCall,
      [hook("slow", "tool_call", "sleep 30")],
      rootDirectory(),
      context(rootDirectory(), { signal: controller.signal }),
    );
    expect(result.eventOutcomes[0].outcome).toBe("block");
  });

  it("skips already-aborted report-only turn hooks", async () => {
    const cwd = caseDirectory("already-aborted-report");
    const result = await evaluate(
      new HookEvaluation(),
      "agent_end",
      {},
      [hook("would-run", "agent_end", "touch marker; false")],
      cwd,
      context(cwd, { signal: AbortSignal.abort() }),
    );
    expect(result.eventOutcomes[0].outcome).toBe("pass");
    expect(existsSync(join(cwd, "marker"))).toBe(false);
  });

  it("strips stale old and new managed identity variables", async () => {
    const stale = {
      PI_SESSION_ID: "stale",
      PI_CODING_AGENT: "true",
      PI_HOOK_INVOCATION_ID: "stale-invocation",
      PI_HOOK_RUN_ID: "stale-run",
    };
    const previous = Object.fromEntries(Object.keys(stale).map((key) => [key, process.env[key]]));
    Object.assign(process.env, stale);
    try {
      const checks = [
        `test "$PI_SESSION_ID" = current`,
        `test "$PI_CODING_AGENT" = true`,
        `test -n "$PI_HOOK_INVOCATION_ID"`,
        `test "$PI_HOOK_INVOCATION_ID" != stale-invocation`,
        `test -z "\${PI_HOOK_RUN_ID+x}"`,
      ];
      const result = await evaluate(
        new HookEvaluation(),
        "tool_call",
        toolCall,
        [hook("environment", "tool_call", checks.join(" && "))],
        rootDirectory(),
        context(rootDirectory(), { metadata: { PI_SESSION_ID: "current" } }),
      );
      expect(result.eventOutcomes[0].outcome).toBe("pass");
    } finally {
      for (const [key, value] of Object.entries(previous)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    }
  });
});

describe("Enabled Hook Set", () => {
  it("copies its ordered membership while reusing immutable catalog Hooks", async () => {
    const input = [hook("first", "tool_call", "false"), hook("second", "tool_call", "true")];
    const enabledSet = createEnabledHookSet(input);
    expect(Object.isFrozen(enabledSet)).toBe(true);
    expect(enabledSet.size).toBe(2);
    // later changes to the input cannot reach the captured set
    input.length = 0;
    input.push(hook("replacement", "tool_call", "true"));
    const result = await new HookEvaluation().evaluate("tool_call", toolCall, context(rootDirectory()), enabledSet);
    expect(result.eventOutcomes[0].outcome).toBe("block");
  });

  it("captures one set and metadata snapshot for origin and handlers", async () => {
    const cwd = caseDirectory("captured-set-and-metadata");
    const metadata = { PI_SESSION_ID: "captured" };
    const origin = Object.freeze(hook("origin", "tool_call", "sleep 0.05; true"));
    const handler = Object.freeze(hook("handler", "hook_result", `printf '%s' "$PI_SESSION_ID" > captured.log`));
    const evaluation = new HookEvaluation().evaluate(
      "tool_call",
      toolCall,
      context(cwd, { metadata }),
      createEnabledHookSet([origin, handler]),
    );
    metadata.PI_SESSION_ID = "changed"; // after the evaluation started
    const result = await evaluation;
    expect(result.eventOutcomes[0].outcome).toBe("pass");
    expect(readText(cwd, "captured.log")).toBe("captured");
  });
});
