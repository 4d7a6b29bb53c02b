// The plugin as OpenCode drives it: captured hook inputs in, real policies and
// real shells in a sandbox, and what OpenCode (and through it the model) gets
// back: a thrown reason, a replaced output, a corrective prompt, a toast.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { trustPolicy } from "../../../src/policy/trust.ts";
import { fixture, hooks, SESSION, startPlugin, type Started } from "./_fake.ts";
import { sandbox } from "../../_sandbox.ts";

const DENY_REASON = 'hookit: hook "deny" rejected bash — `false`';
const CORRECTIVE = "1 hook failed after your last turn:\n\n- **must-fix**: `test -f fixed.txt` (exit 1)";

async function callTool(plugin: Started, name = "bash", args?: unknown) {
  const { input, output } = fixture(`tool.execute.before-${name}`);
  if (args !== undefined) output.args = args;
  await plugin.hooks["tool.execute.before"]!(input, output);
  return output;
}

async function toolResult(plugin: Started, name = "bash") {
  const { input, output } = fixture(`tool.execute.after-${name}`);
  await plugin.hooks["tool.execute.after"]!(input, output);
  return output;
}

const idle = (plugin: Started, sessionID = SESSION) => plugin.emit("session.idle", { sessionID });
const decisions = (stateDir: string) =>
  existsSync(join(stateDir, "decisions.jsonl"))
    ? readFileSync(join(stateDir, "decisions.jsonl"), "utf8")
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line))
    : [];

describe("tool.execute.before", () => {
  it("blocks by throwing exactly hookit's reason, and logs the decision", async () => {
    const box = sandbox();
    box.globalPolicy(hooks({ deny: { event: "tool_call", filter: { toolName: "^bash$", command: "exit 3" }, shell: "false" } }));
    const plugin = await startPlugin(box);
    await expect(callTool(plugin)).rejects.toThrow(new Error(DENY_REASON));
    await expect(callTool(plugin, "bash", { command: "ls" })).resolves.toBeDefined();
    expect(decisions(box.stateDir).map((d) => [d.agent, d.event, d.tool, d.outcome, d.session])).toEqual([
      ["opencode", "tool.execute.before", "bash", "block", SESSION],
      ["opencode", "tool.execute.before", "bash", "pass", SESSION],
    ]);
  });

  it("runs shells in the project with the event's variables and OpenCode's native names", async () => {
    const box = sandbox();
    box.globalPolicy(
      hooks({
        env: {
          event: "tool_call",
          shell:
            'printf "%s|%s|%s|%s|%s" "$HOOKIT_AGENT" "$HOOKIT_NATIVE_EVENT" "$HOOKIT_NATIVE_TOOL_NAME" "$PI_TOOL_INPUT" "$PI_MODEL" > seen.txt',
        },
      }),
    );
    const plugin = await startPlugin(box);
    const chat = fixture("chat.message");
    await plugin.hooks["chat.message"]!(chat.input, chat.output);
    await callTool(plugin, "write");
    expect(readFileSync(join(box.project, "seen.txt"), "utf8")).toBe(
      'opencode|tool.execute.before|write|{"path":"/home/user/project/notes.txt","content":"one\\ntwo\\n"}|fake-model',
    );
  });

  it("checks every file of an apply_patch and names the one it blocked", async () => {
    const box = sandbox();
    box.globalPolicy(hooks({ "no-seed": { event: "tool_call", filter: { toolName: "^(write|edit)$", path: "seed" }, shell: "false" } }));
    const plugin = await startPlugin(box);
    await expect(callTool(plugin, "apply_patch")).rejects.toThrow(/^seed\.txt: hookit: hook "no-seed" rejected edit/);
  });

  it("judges every tool call (self-protection), even when no policy hook listens", async () => {
    const box = sandbox();
    box.globalPolicy(hooks({ later: { event: "agent_end", shell: "true" } }));
    const plugin = await startPlugin(box);
    await callTool(plugin, "read", { filePath: "notes.txt" });
    expect(decisions(box.stateDir).map((d) => d.outcome)).toEqual(["pass"]);
  });

  it("fails closed when a tool call cannot be read, as `hookit hook` does", async () => {
    for (const policy of [hooks({ any: { event: "tool_call", shell: "true" } }), hooks({ later: { event: "agent_end", shell: "true" } })]) {
      const box = sandbox();
      box.globalPolicy(policy);
      const plugin = await startPlugin(box);
      await expect(callTool(plugin, "write", { content: "no path" })).rejects.toThrow(
        "hookit: could not read the OpenCode call: OpenCode write call: filePath of write must be a string, got nothing",
      );
    }
  });

  it("an interrupt Action aborts the session's run", async () => {
    const box = sandbox();
    box.globalPolicy(hooks({ stop: { event: "tool_call", shell: "true", action: { type: "interrupt", outcome: "pass" } } }));
    const plugin = await startPlugin(box);
    await callTool(plugin);
    await plugin.hooks.dispose!();
    expect(plugin.of("abort")).toEqual([{ path: { id: SESSION } }]);
  });
});

describe("tool.execute.after", () => {
  it("replaces the output the model reads and drops attachments; OpenCode's metadata stays", async () => {
    const box = sandbox();
    box.globalPolicy(hooks({ redact: { event: "tool_result", filter: { toolName: "^bash$" }, shell: "false" } }));
    const plugin = await startPlugin(box);
    const { input, output } = fixture("tool.execute.after-bash");
    output.attachments = [{ type: "file", mime: "image/png", url: "data:image/png;base64,AAAA" }];
    await plugin.hooks["tool.execute.after"]!(input, output);
    expect(output.output).toBe(
      '[BLOCKED by HooKit] hookit: hook "redact" blocked bash result — `false`\n\nThe original tool result was suppressed.',
    );
    expect(output.attachments).toEqual([]);
    expect(output.metadata).toEqual(fixture("tool.execute.after-bash").output.metadata);
  });

  it("hands the result text to the hook and leaves a passing result alone", async () => {
    const box = sandbox();
    box.globalPolicy(hooks({ seen: { event: "tool_result", shell: 'printf "%s" "$PI_TOOL_RESULT" > result.txt' } }));
    const plugin = await startPlugin(box);
    const output = await toolResult(plugin, "read");
    expect(output).toEqual(fixture("tool.execute.after-read").output);
    expect(readFileSync(join(box.project, "result.txt"), "utf8")).toBe(output.output);
  });
});

describe("policy problems", () => {
  it("an invalid policy blocks every tool call with the file and the fix, and is told once elsewhere", async () => {
    const box = sandbox();
    const file = box.globalPolicy('{ "local": { "half-written": ');
    const plugin = await startPlugin(box);
    await expect(callTool(plugin)).rejects.toThrow(
      new RegExp(`^hookit: the policy ${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} is invalid, so no hook runs: .*hookit validate`),
    );
    const output = await toolResult(plugin);
    expect(output.output).toBe("hi\n");
    await idle(plugin);
    await idle(plugin);
    const errors = plugin.of("showToast").filter((t) => t.body.variant === "error");
    // One for the blocked call, one (not three) for the events that cannot block.
    expect(errors).toHaveLength(2);
    expect(plugin.of("promptAsync")).toEqual([]);
  });

  it("an untrusted project policy does not run until `hookit trust`, and the user is told how", async () => {
    const box = sandbox();
    const file = box.projectPolicy(hooks({ deny: { event: "tool_call", shell: "false" } }));
    const plugin = await startPlugin(box);
    await callTool(plugin);
    expect(plugin.of("showToast").map((t) => t.body.message)).toEqual([expect.stringContaining("run `hookit trust`")]);
    expect(plugin.of("log")[0]).toMatchObject({ body: { service: "hookit", level: "warn" } });
    trustPolicy(file, readFileSync(file), box.env);
    await expect(callTool(plugin)).rejects.toThrow('hookit: hook "deny" rejected bash');
  });

  it("HOOKIT=0 registers no hook at all", async () => {
    const box = sandbox();
    box.globalPolicy(hooks({ deny: { event: "tool_call", shell: "false" } }));
    const plugin = await startPlugin({ ...box, env: { ...box.env, HOOKIT: "0" } });
    expect(plugin.hooks).toEqual({});
  });
});

describe("session.idle → agent_end", () => {
  it("sends one corrective prompt; an identical repeat only tells the user", async () => {
    const box = sandbox();
    box.globalPolicy(hooks({ "must-fix": { event: "agent_end", shell: "test -f fixed.txt" } }));
    const plugin = await startPlugin(box);
    await idle(plugin);
    expect(plugin.of("promptAsync")).toEqual([{ path: { id: SESSION }, body: { parts: [{ type: "text", text: CORRECTIVE }] } }]);
    await idle(plugin);
    expect(plugin.of("promptAsync")).toHaveLength(1);
    expect(plugin.of("showToast").at(-1)?.body).toMatchObject({ variant: "error" });
    expect(decisions(box.stateDir).map((d) => d.outcome)).toEqual(["continue", "report"]);
  });

  it("stops after 5 corrective turns in a row, even when each failure differs", async () => {
    const box = sandbox();
    box.globalPolicy(
      hooks({ counter: { event: "agent_end", shell: "n=$(cat n 2>/dev/null || echo 0); n=$((n+1)); echo $n > n; exit $n" } }),
    );
    const plugin = await startPlugin(box);
    for (let i = 0; i < 6; i++) await idle(plugin);
    // The sixth failing stop goes through: the agent is left idle and the user is told why.
    expect(plugin.of("promptAsync")).toHaveLength(5);
    expect(plugin.of("showToast").map((t) => t.body.message)).toContainEqual(expect.stringContaining("requested 5 continuations in a row"));
  });

  it("does not restart a run the user aborted; the next user message re-arms agent_end", async () => {
    const box = sandbox();
    box.globalPolicy(
      hooks({
        "must-fix": { event: "agent_end", shell: "test -f fixed.txt" },
        settled: { event: "agent_settled", shell: "touch settled" },
      }),
    );
    const plugin = await startPlugin(box);
    const { properties } = fixture("event-message.updated-stop").event;
    // What OpenCode's processor leaves on an interrupted assistant message.
    await plugin.emit("message.updated", {
      ...properties,
      info: { ...properties.info, finish: undefined, error: { name: "MessageAbortedError", data: { message: "Aborted" } } },
    });
    await idle(plugin);
    expect(plugin.of("promptAsync")).toEqual([]);
    expect(existsSync(join(box.project, "settled"))).toBe(true);
    const chat = fixture("chat.message");
    await plugin.hooks["chat.message"]!(chat.input, chat.output);
    await idle(plugin);
    expect(plugin.of("promptAsync")).toHaveLength(1);
  });

  it("runs agent_settled hooks when the stop goes through", async () => {
    const box = sandbox();
    box.globalPolicy(hooks({ settled: { event: "agent_settled", shell: "touch settled" } }));
    const plugin = await startPlugin(box);
    await idle(plugin);
    expect(existsSync(join(box.project, "settled"))).toBe(true);
  });

  it("leaves a subagent's session to its parent", async () => {
    const box = sandbox();
    box.globalPolicy(hooks({ "must-fix": { event: "agent_end", shell: "test -f fixed.txt" } }));
    const plugin = await startPlugin(box);
    const { properties } = fixture("event-session.created").event;
    await plugin.emit("session.created", { ...properties, info: { ...properties.info, id: "ses_child", parentID: SESSION } });
    await idle(plugin, "ses_child");
    expect(plugin.of("promptAsync")).toEqual([]);
  });

  it("tells the user when the corrective prompt cannot be sent", async () => {
    const box = sandbox();
    box.globalPolicy(hooks({ "must-fix": { event: "agent_end", shell: "test -f fixed.txt" } }));
    const plugin = await startPlugin(box, { failing: ["promptAsync"] });
    await idle(plugin);
    expect(plugin.of("showToast").map((t) => t.body.message)).toContainEqual(
      "hookit: corrective turn delivery failed — promptAsync exploded",
    );
  });

  it("dispose waits for an evaluation OpenCode did not await, up to its limit", async () => {
    const box = sandbox();
    box.globalPolicy(hooks({ slow: { event: "agent_end", shell: "sleep 0.3; touch done" } }));
    const waited = await startPlugin(box);
    void waited.hooks.event!({ event: { type: "session.idle", properties: { sessionID: SESSION } } });
    await waited.hooks.dispose!();
    expect(existsSync(join(box.project, "done"))).toBe(true);

    const impatient = await startPlugin(box, { disposeWaitMs: 10 });
    box.globalPolicy(hooks({ slow: { event: "agent_end", shell: "sleep 2" } }));
    void impatient.hooks.event!({ event: { type: "session.idle", properties: { sessionID: "ses_other" } } });
    const started = Date.now();
    await impatient.hooks.dispose!();
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe("message.updated → turn_end", () => {
  it("judges each finished assistant message once; turnIndex restarts at every user message", async () => {
    const box = sandbox();
    box.globalPolicy(hooks({ turns: { event: "turn_end", shell: 'printf "%s\\n" "$PI_EVENT_PAYLOAD" >> turns.txt; false' } }));
    const plugin = await startPlugin(box);
    const toolCalls = fixture("event-message.updated-tool-calls").event.properties;
    const stop = fixture("event-message.updated-stop").event.properties;
    await plugin.emit("message.updated", toolCalls);
    await plugin.emit("message.updated", toolCalls); // OpenCode repeats updates of a finished message
    await plugin.emit("message.updated", stop);
    const chat = fixture("chat.message");
    await plugin.hooks["chat.message"]!(chat.input, chat.output);
    await plugin.emit("message.updated", { ...stop, info: { ...stop.info, id: "msg_next" } });
    const lines = readFileSync(join(box.project, "turns.txt"), "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line).turnIndex);
    expect(lines).toEqual([0, 1, 0]);
    // Report only: the user is told, the model is not prompted.
    expect(plugin.of("showToast").length).toBe(3);
    expect(plugin.of("promptAsync")).toEqual([]);
  });
});

describe("self-protection", () => {
  it("refuses a bash call that rewrites hookit's policy, before any policy hook runs", async () => {
    const box = sandbox();
    box.globalPolicy(hooks({ allow: { event: "tool_call", shell: "true" } }));
    const plugin = await startPlugin(box);
    await expect(
      callTool(plugin, "bash", { command: `printf '{}' > ${join(box.env.XDG_CONFIG_HOME!, "hookit", "hookit.json")}`, description: "x" }),
    ).rejects.toThrow(/^hookit: blocked by self-protection — /);
    await expect(callTool(plugin, "bash", { command: "ls -la", description: "x" })).resolves.toBeDefined();
  });
});
