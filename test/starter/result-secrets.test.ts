// The starter policy's `redact-secrets` on every agent's tool-result payload, through the BUILT
// `hookit hook`: a result holding secrets reaches the model redacted where the agent can replace
// a result (the rest of the output kept), with a note saying which kinds were withheld; where it
// cannot, the agent's own channel says so. Nowhere does the answer show how secrets are found
// (a pattern, a hook's shell line), and ordinary output passes untouched.
import { describe, expect, test } from "vitest";
import { STARTER_POLICY } from "../../src/base/starter-policy.ts";
import { SECRET_KINDS } from "../../src/base/secrets.ts";
import { agentPayloads } from "../reliability/_payloads.ts";
import { canPatch, HOOK_AGENTS, inspectReply, type HookAgent } from "../reliability/_protocol.ts";
import { fileSandbox, runHook as runProcess, useBuiltHookit } from "../_sandbox.ts";

useBuiltHookit();
const box = fileSandbox();
box.globalPolicy(STARTER_POLICY);

/** The built `hookit hook`'s answer, as the protocol checker reads it (a killed process has no exit code). */
async function runHook(...args: Parameters<typeof runProcess>) {
  const { stdout, stderr, exitCode } = await runProcess(...args);
  return { stdout, stderr, exitCode: exitCode ?? -1 };
}

const j = (...parts: string[]) => parts.join("");
// Kinds the old `sh`+`grep` hook missed (Slack, Stripe, a JWT, a NAME=secret line) beside the ones it had.
const SECRETS: Record<string, string> = {
  "AWS access key": j("AK", "IAIOSFODNN7EXAMPLE"),
  "Slack token": j("xo", "xb-1234567890-abcdefABCDEF"),
  "Stripe key": j("sk_li", "ve_", "aB3dE5fG7hJ9kL1mN2pQ"),
  "JSON Web Token": j("ey", "JhbGciOiJIUzI1NiJ9.ey", "JzdWIiOiIxMjM0In0.dozjgNryP4J3jVmNHl0w5N"),
  "secret variable": "q8f7w6e5r4t3",
};
const LEAKY = [
  "build finished in 3.1s",
  `AWS_KEY=${SECRETS["AWS access key"]}`,
  `slack: ${SECRETS["Slack token"]}`,
  `stripe=${SECRETS["Stripe key"]}`,
  `session ${SECRETS["JSON Web Token"]}`,
  `API_KEY=${SECRETS["secret variable"]}`,
  "done",
].join("\n");

const ORDINARY = [
  "total 8\n-rw-r--r-- 1 dev dev 612 Mar  3 09:12 package.json\n-rw-r--r-- 1 dev dev  20 Mar  3 09:12 .env.example",
  "commit 3f786850e387550fdab836ed7e6dc881de23001b\nAuthor: Dev <dev@example.com>\n\n    auth: refresh the token before it expires",
  " ✓ test/auth.test.ts (12 tests) 41ms\n Test Files  3 passed (3)\n      Tests  41 passed (41)",
];

/** The agent's tool-result payload with `text` as the tool's output, in that agent's field. */
function resultPayload(agent: HookAgent, text: string): [string, Record<string, unknown>] {
  const [event, payload] = agentPayloads(agent, box.project).postTool;
  const put: Record<HookAgent, () => Record<string, unknown>> = {
    claude: () => ({ tool_response: { ...(payload.tool_response as object), stdout: text } }),
    codex: () => ({ tool_response: text }),
    gemini: () => ({ tool_response: { llmContent: text, returnDisplay: text } }),
    cursor: () => ({ tool_output: JSON.stringify({ exitCode: 0, stdout: text }) }),
    copilot: () => ({ toolResult: { resultType: "success", textResultForLlm: text } }),
    factory: () => ({ tool_response: text }),
    kimi: () => ({ tool_output: text }),
    antigravity: () => ({}), // its PostToolUse carries no output (a lifecycle event for hookit)
  };
  return [event, { ...payload, ...put[agent]() }];
}

/** What would tell the model how secrets are found: a pattern of the list, or a hook's command. */
function showsDetection(text: string): string | undefined {
  for (const kind of SECRET_KINDS) if (text.includes(kind.pattern.source)) return kind.pattern.source;
  for (const tell of ["grep", "printf", "PI_TOOL_RESULT", "— `", "AKIA[", "xox[", "sk-["]) if (text.includes(tell)) return tell;
  return undefined;
}

const resultAgents = HOOK_AGENTS.filter((agent) => agentPayloads(agent, box.project).postToolKind === "tool_result");

test("every agent but Antigravity hands hookit its tool results (Antigravity's PostToolUse carries none)", () => {
  expect(HOOK_AGENTS.filter((agent) => !resultAgents.includes(agent))).toEqual(["antigravity"]);
});

describe.concurrent.each(resultAgents)("redact-secrets on %s", (agent) => {
  test("a withheld AWS key shows neither the pattern nor a hook's shell line", async () => {
    const [event, payload] = resultPayload(agent, `aws_access_key_id = ${SECRETS["AWS access key"]}`);
    const reply = await runHook(box, agent, event, payload);
    expect(inspectReply(agent, event, "tool_result", reply).problems).toEqual([]);
    expect(showsDetection(reply.stdout + reply.stderr)).toBeUndefined();
    expect(reply.stdout + reply.stderr).toContain("AWS access key");
  });

  test("a result holding secrets is redacted, and the model is told which kinds, never how they were found", async () => {
    const [event, payload] = resultPayload(agent, LEAKY);
    const reply = await runHook(box, agent, event, payload);
    const verdict = inspectReply(agent, event, "tool_result", reply);
    expect(verdict.problems).toEqual([]);
    expect(showsDetection(reply.stdout + reply.stderr)).toBeUndefined();
    for (const secret of Object.values(SECRETS)) expect(reply.stdout + reply.stderr).not.toContain(secret);
    if (canPatch(agent, event)) {
      expect(verdict.patched).toBe(true);
      for (const kind of Object.keys(SECRETS)) expect(verdict.reason).toContain(kind);
      expect(verdict.reason).toContain("withheld");
    } else {
      // Kimi Code's result events are observation-only: the user is told on stderr, the model sees the output.
      expect(verdict.patched).toBe(false);
      expect(reply.stderr).toContain("withheld secrets");
      for (const kind of Object.keys(SECRETS)) expect(reply.stderr).toContain(kind);
    }
  });

  test("ordinary output passes as it is", async () => {
    for (const text of ORDINARY) {
      const [event, payload] = resultPayload(agent, text);
      const reply = await runHook(box, agent, event, payload);
      const verdict = inspectReply(agent, event, "tool_result", reply);
      expect(verdict.problems).toEqual([]);
      expect(verdict.patched).toBe(false);
      expect(reply.stderr).toBe("");
    }
  });
});

// Where the agent replaces the result with hookit's text, the rest of the output stays readable.
const replacing: Array<[HookAgent, string]> = [
  ["claude", "PostToolUse"],
  ["codex", "PostToolUse"],
  ["gemini", "AfterTool"],
  ["copilot", "postToolUse"],
];
test.each(replacing)("on %s the redacted result keeps the output around the secrets", async (agent, event) => {
  const reply = await runHook(box, agent, event, resultPayload(agent, LEAKY)[1]);
  const verdict = inspectReply(agent, event, "tool_result", reply);
  expect(verdict.reason).toContain("build finished in 3.1s");
  expect(verdict.reason).toContain(`AWS_KEY=[REDACTED: AWS access key]`);
  expect(verdict.reason).toContain(`API_KEY=[REDACTED: secret variable]`);
  expect(verdict.reason).toContain("done");
  expect(verdict.reason).not.toContain("[BLOCKED by HooKit]");
});

// A secret-named variable of the agent's environment (the hook's too), printed by a tool: its value
// has no form hookit knows, so it is withheld as the environment's.
test.each(replacing)("on %s a secret of the environment printed by a tool is withheld", async (agent, event) => {
  const token = j("x9Qm27Lp", "Zt04vBn8Kw3R");
  const reply = await runHook(box, agent, event, resultPayload(agent, `printenv DEPLOY_TOKEN\n${token}\nok`)[1], {
    env: { DEPLOY_TOKEN: token },
  });
  const verdict = inspectReply(agent, event, "tool_result", reply);
  expect(verdict.problems).toEqual([]);
  expect(reply.stdout + reply.stderr).not.toContain(token);
  expect(verdict.reason).toContain("[REDACTED: secret in the environment]");
  expect(verdict.reason).toContain("ok");
});
