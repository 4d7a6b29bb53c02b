// A missing or broken external adapter: there is no protocol to answer in, so
// hookit exits 2 with the reason on stderr where a tool is about to run (that
// blocks in every known harness) and exits 0 otherwise: a stop is never blocked.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { loadExternalAdapter } from "../../../src/agents/external/index.ts";
import { BLOCK_POLICY, box, callsOf, CONTINUE_POLICY, exampleFixture, infoFor, scriptedAdapter, type ScriptedAdapter } from "./_sandbox.ts";
import { escapeRegExp } from "../../_text.ts";

const PRE_TOOL = exampleFixture("before_tool-shell.json");
const blocked = (reason: string | RegExp) => ({
  stdout: "",
  stderr: typeof reason === "string" ? reason : expect.stringMatching(reason),
  exitCode: 2,
});
const passed = (reason: string | RegExp) => ({
  stdout: "",
  stderr: typeof reason === "string" ? reason : expect.stringMatching(reason),
  exitCode: 0,
});
const invocation = (changes: Record<string, unknown> = {}) =>
  JSON.stringify({
    agent: "scripted",
    nativeEvent: "guard",
    kind: "tool_call",
    events: [{ event: "tool_call", toolName: "bash", toolCallId: "c", input: { command: "ls" } }],
    ...changes,
  });

describe("a missing adapter", () => {
  test("blocks a pre-tool event and lets a stop through, both with the reason", async () => {
    const b = box();
    b.policy(CONTINUE_POLICY);
    const reason =
      /^hookit: unknown agent "nowhere": it is not built in \([a-z, ]*\bclaude\b[a-z, ]*\); no executable hookit-agent-nowhere was found/;
    expect(await b.hook("nowhere", "PreToolUse", PRE_TOOL)).toEqual(blocked(reason));
    expect(await b.hook("nowhere", "before_tool", PRE_TOOL)).toEqual(blocked(reason));
    expect(await b.hook("nowhere", "Stop", {})).toEqual(passed(reason));
    expect(await b.hook("nowhere", "stop", {})).toEqual(passed(reason));
  });

  test("with HOOKIT=0 nothing is blocked and nothing is said", async () => {
    const b = box();
    expect(await b.hook("nowhere", "PreToolUse", PRE_TOOL, { HOOKIT: "0" })).toEqual({ stdout: "", stderr: "", exitCode: 0 });
  });
});

const brokenProcess: Array<[string, ScriptedAdapter, string]> = [
  ["info exits non-zero", { info: { exit: 1, stderr: "cannot start" } }, "`info` exited with 1; its stderr: cannot start"],
  ["info prints nothing", { info: {} }, "`info` printed nothing on stdout"],
  ["info prints text", { info: { stdout: "hello" } }, "`info` printed something that is not one JSON value"],
  [
    "info speaks another protocol",
    { info: { stdout: JSON.stringify({ ...infoFor("scripted"), protocol: 2 }) } },
    "its info answer is invalid: protocol is 2, but this hookit speaks protocol 1",
  ],
  [
    "info has another id",
    { info: { stdout: JSON.stringify(infoFor("other")) } },
    'its info answer is invalid: id is "other", but the adapter was found as "scripted"',
  ],
  [
    "normalize crashes",
    { normalize: { exit: 70, stderr: "TypeError: x is undefined" } },
    "`normalize` exited with 70; its stderr: TypeError: x is undefined",
  ],
  [
    "normalize answers a malformed invocation",
    { normalize: { stdout: invocation({ events: [] }) } },
    "its normalize answer is invalid: events has 0 item(s), but a tool_call invocation carries at least one tool_call event",
  ],
  [
    "normalize answers an empty error",
    { normalize: { stdout: '{"error":""}' } },
    "its normalize error answer is invalid: error must be a non-empty string",
  ],
  [
    "respond answers a malformed reply",
    { normalize: { stdout: invocation() }, respond: { stdout: '{"stdout":"","stderr":"","exitCode":"2"}' } },
    "its respond answer is invalid: exitCode must be an integer from 0 to 255",
  ],
  ["respond crashes", { normalize: { stdout: invocation() }, respond: { exit: 1 } }, "`respond` exited with 1"],
];

describe.each(brokenProcess)("a process adapter whose %s", (_, answers, problem) => {
  const reason = new RegExp(
    `^hookit: the external adapter "scripted" \\(.*hookit-agent-scripted\\) is broken: ${escapeRegExp(problem)}.*Fix or remove it; the protocol is in hookit's docs/adapters\\.md\\.$`,
  );

  test("blocks its tool_call event, whatever the event is called", async () => {
    const b = box();
    b.policy(BLOCK_POLICY);
    scriptedAdapter(b.binDir, "scripted", answers);
    // `guard` does not look like a pre-tool event; the adapter registered it as one.
    const kindKnown = !("info" in answers);
    const reply = await b.hook("scripted", "guard", PRE_TOOL);
    expect(reply).toEqual(kindKnown ? blocked(reason) : passed(reason));
    expect(await b.hook("scripted", "before_tool", PRE_TOOL)).toEqual(blocked(/^hookit: the external adapter "scripted" .* is broken: /));
  });

  test("never blocks its stop event", async () => {
    const b = box();
    b.policy(CONTINUE_POLICY);
    scriptedAdapter(b.binDir, "scripted", answers);
    expect(await b.hook("scripted", "finish", { session: "s" })).toEqual(passed(/./));
  });
});

describe("broken in-process modules", () => {
  const modules: Array<[string, string, string]> = [
    ["throws when imported", 'throw new Error("boom at load");', "the module could not be loaded (boom at load)"],
    ["has no default export", "export const adapter = {};", "the module's default export is not an adapter object"],
    ["speaks another spec version", "export default { specVersion: 2 };", "its specVersion is 2, but this hookit speaks 1"],
    ["has no parse", "export default { specVersion: 1, kindOf() {}, respond() {} };", "its parse is not a function"],
    [
      "has an invalid capability table",
      `export default { ...${JSON.stringify(infoFor("scripted"))}, specVersion: 1, capabilities: [{}], kindOf() {}, parse() {}, respond() {} };`,
      "its adapter object is invalid: capabilities[0].feature is missing",
    ],
    [
      "throws a TypeError in parse",
      `export default { ...${JSON.stringify(infoFor("scripted"))}, specVersion: 1, kindOf: (e) => (e === "Stop" ? "stop" : "tool_call"), parse() { return null.x; }, respond() {} };`,
      "its parse threw: Cannot read properties of null",
    ],
  ];

  test.each(modules)("a module that %s blocks a pre-tool event with the reason", async (_, source, problem) => {
    const b = box();
    const file = join(b.root, "adapter.mjs");
    writeFileSync(file, source);
    b.settings({ adapters: { scripted: file } });
    expect(await b.hook("scripted", "before_tool", PRE_TOOL)).toEqual(blocked(new RegExp(`is broken: ${escapeRegExp(problem)}`)));
    expect(await b.hook("scripted", "Stop", {})).toEqual(passed(new RegExp(`is broken: ${escapeRegExp(problem)}`)));
  });

  test("a module that throws a PayloadError is a payload problem, encoded by the module itself", async () => {
    const b = box();
    const file = join(b.root, "adapter.mjs");
    writeFileSync(
      file,
      `export default { ...${JSON.stringify(infoFor("scripted"))}, specVersion: 1, kindOf: () => "tool_call",
      parse() { const e = new Error("no tool"); e.name = "PayloadError"; throw e; },
      respond: (_i, d) => ({ stdout: JSON.stringify(d), stderr: "", exitCode: 0 }) };`,
    );
    b.settings({ adapters: { scripted: file } });
    const reply = await b.hook("scripted", "guard", PRE_TOOL);
    expect(JSON.parse(reply.stdout)).toEqual({ block: "hookit: could not read the Scripted scripted guard payload: no tool", notices: [] });
  });
});

describe("protocol calls", () => {
  test("an adapter that does not answer in time is broken", async () => {
    const b = box();
    scriptedAdapter(b.binDir, "scripted", { info: { sleepSeconds: 5 } });
    const started = Date.now();
    const load = await loadExternalAdapter("scripted", b.env, { timeoutMs: 300 });
    expect(Date.now() - started).toBeLessThan(4000);
    expect(load).toEqual({ ok: false, reason: expect.stringContaining("is broken: `info` did not answer within 0.3 s") });
  });

  test("info is asked once per version of the executable; each event then costs normalize and respond", async () => {
    const b = box();
    b.policy(BLOCK_POLICY);
    const reply = { stdout: '{"stdout":"deny\\n","stderr":"","exitCode":0}' };
    const path = scriptedAdapter(b.binDir, "scripted", { normalize: { stdout: invocation() }, respond: reply });
    await b.hook("scripted", "guard", PRE_TOOL);
    await b.hook("scripted", "guard", PRE_TOOL);
    expect(callsOf(b.binDir, "scripted")).toEqual(["info", "normalize", "respond", "normalize", "respond"]);
    // A new version of the adapter (another size) is asked again.
    scriptedAdapter(b.binDir, "scripted", { normalize: { stdout: invocation({ sessionId: "s2" }) }, respond: reply });
    expect(await b.hook("scripted", "guard", PRE_TOOL)).toEqual({ stdout: "deny\n", stderr: "", exitCode: 0 });
    expect(callsOf(b.binDir, "scripted").slice(5)).toEqual(["info", "normalize", "respond"]);
    expect(path).toBe(join(b.binDir, "hookit-agent-scripted"));
  });
});
