// Session start: policy files, Pi's project trust, saved enablement, notices, /hookit.
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { createHookitExtension } from "../../../src/hosts/pi/index.ts";
import type { PiEvent, PiSessionEntry } from "../../../src/agents/pi/pi-types.ts";
import { createFake, hooks, startExtension } from "./fake-pi.ts";
import { sandbox } from "../../_sandbox.ts";

const toolCall: PiEvent = { type: "tool_call", toolName: "bash", toolCallId: "call_1", input: { command: "echo hi" } };
const saved = (enabledEntries: unknown): PiSessionEntry => ({ type: "custom", customType: "hookit-config", data: { enabledEntries } });

describe("startup notices", () => {
  test("loaded count (entries incl. Presets) and directly enabled count, plus the status bar", async () => {
    const box = sandbox();
    box.globalPolicy(
      hooks({
        a: { event: "tool_call", shell: "true" },
        b: { event: "tool_call", shell: "true", default: false },
        bundle: { preset: ["local/b"], default: false },
      }),
    );
    const fake = await startExtension(box, {}, true);
    expect(fake.of("notify")).toEqual([["hookit: 3 hooks loaded (1 enabled)", "info"]]);
    expect(fake.of("setStatus")).toEqual([["hookit", "hooks: 1/3"]]);
  });

  test("no entries, no notice; the factory itself calls nothing", async () => {
    const box = sandbox();
    const fake = createFake(box.project);
    createHookitExtension({ env: box.env })(fake.pi);
    expect(fake.calls).toEqual([]);
    await fake.fire("session_start", { type: "session_start" });
    expect(fake.of("notify")).toEqual([]);
  });

  test("a broken catalog runs no hooks and says so once with every diagnostic", async () => {
    const box = sandbox();
    box.globalPolicy("{ not json");
    box.projectPolicy({ local: { x: { description: "", event: "tool_call" } } });
    const fake = await startExtension(box, { trusted: true }, true);
    const [[message, severity]] = fake.of("notify") as [[string, string]];
    expect(severity).toBe("error");
    const lines = message.split("\n");
    expect(lines[0]).toBe("hookit: failed to parse 2 config files; no Hooks are enabled.");
    expect(lines[1]).toMatch(/^ {2}• global storage: /);
    expect(lines[2]).toBe('  • project storage: entry "local/x" does not match the Hook or Preset schema');
    expect(fake.of("setStatus")).toEqual([["hookit", "hookit: config error (2 files)"]]);
    await fake.fire("session_start", { type: "session_start" }); // Pi 0.73 fires it twice
    expect(fake.of("notify")).toHaveLength(1);
    expect(await fake.fire("tool_call", toolCall)).toBeUndefined();
  });
});

describe("Pi's project trust decides whether the project policy loads", () => {
  const setup = () => {
    const box = sandbox();
    box.globalPolicy(hooks({ "global-mark": { event: "tool_call", shell: "touch global-ran" } }));
    const path = box.projectPolicy(hooks({ "project-deny": { event: "tool_call", shell: "false" } }));
    return { box, path };
  };

  test("untrusted: only the global policy runs, and the user is told once how to fix it", async () => {
    const { box, path } = setup();
    const fake = await startExtension(box, { trusted: false }, true);
    expect(await fake.fire("tool_call", toolCall)).toBeUndefined();
    expect(existsSync(join(box.project, "global-ran"))).toBe(true);
    const warnings = fake.of("notify").filter(([, severity]) => severity === "warning");
    expect(warnings).toHaveLength(1);
    expect(warnings[0]![0]).toContain(path);
    expect(warnings[0]![0]).toContain("Pi does not trust this project");
  });

  test("trusted: the project policy is enforced too", async () => {
    const { box } = setup();
    const fake = await startExtension(box, { trusted: true });
    expect(await fake.fire("tool_call", toolCall)).toMatchObject({ block: true });
  });

  test("a Pi without project trust is treated as untrusted, and PI_PROJECT_TRUSTED stays unset", async () => {
    const { box } = setup();
    box.globalPolicy(hooks({ env: { event: "tool_call", shell: 'test "${PI_PROJECT_TRUSTED-unset}" = unset' } }));
    const fake = await startExtension(box, { trusted: "unsupported" });
    expect(await fake.fire("tool_call", toolCall)).toBeUndefined();
  });

  test("an untrusted malformed project file is ignored entirely", async () => {
    const box = sandbox();
    box.globalPolicy(hooks({ deny: { event: "tool_call", shell: "false" } }));
    box.projectPolicy("{ broken");
    const fake = await startExtension(box, { trusted: false }, true);
    expect(fake.of("notify").some(([m]) => String(m).includes("failed to parse"))).toBe(false);
    expect(await fake.fire("tool_call", toolCall)).toMatchObject({ block: true });
  });

  test("HOOKIT_CONFIG names the one policy file", async () => {
    const box = sandbox();
    box.globalPolicy(hooks({ deny: { event: "tool_call", shell: "false" } }));
    writeFileSync(join(box.root, "other.json"), JSON.stringify(hooks({ allow: { event: "tool_call", shell: "true" } })));
    box.env.HOOKIT_CONFIG = join(box.root, "other.json");
    const fake = await startExtension(box);
    expect(await fake.fire("tool_call", toolCall)).toBeUndefined();
  });
});

describe("saved per-session enablement (hookit-config entries)", () => {
  const policy = hooks({
    def: { event: "tool_call", shell: "exit 3" },
    saved: { event: "tool_call", shell: "exit 4", default: false },
  });
  const decide = async (branch: PiSessionEntry[]) => {
    const box = sandbox();
    box.globalPolicy(policy);
    const fake = await startExtension(box, { branch });
    return fake.fire("tool_call", toolCall);
  };

  test("a saved set replaces defaults; legacy keys are ignored", async () => {
    const branch = [{ type: "custom", customType: "hookit-config", data: { enabledEntries: ["local\u0000saved"], activeHooks: ["def"] } }];
    // Only "saved" runs: with "def" too the reason would list two hooks.
    expect(await decide(branch)).toEqual({ block: true, reason: 'hookit: hook "saved" rejected bash — `exit 4`' });
  });

  test("an empty saved set runs nothing although defaults exist", async () => {
    expect(await decide([saved([])])).toBeUndefined();
  });

  test("the last valid entry wins; invalid ones and bare names are skipped", async () => {
    expect(await decide([saved(["local\u0000def"]), saved(["local\u0000saved"]), saved("oops")])).toMatchObject({
      reason: 'hookit: hook "saved" rejected bash — `exit 4`',
    });
    expect(await decide([saved(["saved", "local\u0000gone"])])).toBeUndefined();
  });

  test("no saved set: defaults mode", async () => {
    expect(await decide([])).toMatchObject({ reason: 'hookit: hook "def" rejected bash — `exit 3`' });
  });

  test("session_tree restores the new branch's enablement", async () => {
    const box = sandbox();
    box.globalPolicy(policy);
    const fake = await startExtension(box);
    fake.branch.push(saved(["local\u0000saved"]));
    await fake.fire("session_tree", { type: "session_tree" });
    expect(await fake.fire("tool_call", toolCall)).toMatchObject({ reason: 'hookit: hook "saved" rejected bash — `exit 4`' });
    expect(fake.of("setStatus")).toEqual([["hookit", "hooks: 1/2"]]);
  });
});

test("HOOKIT=0 registers no handlers, only a /hookit that says why", async () => {
  const box = sandbox();
  box.globalPolicy(hooks({ deny: { event: "tool_call", shell: "false" } }));
  const fake = createFake(box.project);
  createHookitExtension({ env: { ...box.env, HOOKIT: "0" } })(fake.pi);
  await fake.fire("session_start", { type: "session_start" });
  expect(await fake.fire("tool_call", toolCall)).toBeUndefined();
  await fake.commands.get("hookit")!.handler("", fake.ctx);
  expect(fake.of("notify")).toEqual([["hookit is disabled in this Pi process (HOOKIT=0).", "info"]]);
});

test("/hookit shows the files, what is enabled and the last decisions", async () => {
  const box = sandbox();
  box.globalPolicy(hooks({ deny: { event: "tool_call", description: "no echo", filter: { command: "^echo" }, shell: "false" } }));
  const fake = await startExtension(box);
  await fake.fire("tool_call", toolCall);
  await fake.fire("tool_call", { ...toolCall, input: { command: "ls" } }); // no hook ran: not a decision worth listing
  fake.calls.length = 0;
  await fake.commands.get("hookit")!.handler("", fake.ctx);
  const [[text, severity]] = fake.of("notify") as [[string, string]];
  expect(severity).toBe("info");
  expect(text).toContain(`global  ${join(box.root, "config", "hookit", "hookit.json")} (loaded)`);
  expect(text).toContain("Enabled: 1 of 1 entries (defaults mode); 1 hooks run");
  expect(text).toContain("local/deny  tool_call  — no echo");
  expect(text).toContain('12:00:00 tool_call bash → block — hookit: hook "deny" rejected bash — `false`');
  expect(text).toContain("Last 1 decisions:");
});
