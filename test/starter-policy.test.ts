// The starter policy `hookit init` writes: it validates, and each hook does what
// its description says, through the real engine and real shells.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { loadCatalog } from "../src/engine/catalog.ts";
import { enabledHookSet } from "../src/engine/enabled.ts";
import { evaluate } from "../src/engine/evaluate.ts";
import type { NormalizedEvent } from "../src/engine/types.ts";
import { STARTER_POLICY, starterPolicyText } from "../src/starter-policy.ts";

const cwd = mkdtempSync(join(tmpdir(), "hookit-starter-"));
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

const catalog = loadCatalog([{ storage: "project", text: starterPolicyText() }]);
if (!catalog.ok) throw new Error(JSON.stringify(catalog.diagnostics));
const hooks = enabledHookSet(catalog.entries);

const bash = (command: string): NormalizedEvent => ({ event: "tool_call", toolName: "bash", toolCallId: "c", input: { command } });
const file = (toolName: string, path: string): NormalizedEvent => ({ event: "tool_call", toolName, toolCallId: "c", input: { path } });
const output = (text: string): NormalizedEvent => ({
  event: "tool_result", toolName: "bash", toolCallId: "c", input: { command: "cat x" }, content: [{ type: "text", text }], isError: false,
});
const outcome = async (event: NormalizedEvent) => (await evaluate(event, hooks, { cwd })).eventOutcomes[0];

describe("starter policy", () => {
  test("validates, and `default` is set deliberately on every entry", () => {
    for (const entry of Object.values(STARTER_POLICY.local)) expect(typeof entry.default).toBe("boolean");
    expect(hooks.map((h) => h.name)).toEqual([
      "no-rm-rf-outside-project", "no-env-files", "no-env-files-in-shell", "no-force-push", "redact-secrets",
    ]);
  });

  test.each(["rm -rf ~/", "rm -rf /", "rm -fr ../other", "sudo rm -r -f $HOME/x", "cd x && rm -Rf /tmp/../etc"])(
    "blocks %s",
    async (command) => expect((await outcome(bash(command))).outcome).toBe("block"),
  );

  test.each(["rm -rf node_modules", "rm -rf ./dist", "rm file.txt", "echo rm -rf", "ls -la /"])(
    "lets %s through",
    async (command) => expect((await outcome(bash(command))).outcome).toBe("pass"),
  );

  test.each([["read", ".env"], ["write", "config/.env.local"], ["edit", "/srv/app/.env"]])(
    "blocks %s of %s",
    async (tool, path) => expect((await outcome(file(tool, path))).outcome).toBe("block"),
  );

  test.each([["read", "env.ts"], ["read", ".envrc.example/readme"], ["write", "src/.environment.ts"]])(
    "lets %s of %s through",
    async (tool, path) => expect((await outcome(file(tool, path))).outcome).toBe("pass"),
  );

  test.each(["cat .env", "source .env.production", "cp .env /tmp/x"])("blocks shell access: %s", async (command) => {
    expect((await outcome(bash(command))).outcome).toBe("block");
  });

  test.each(["git push --force", "git push -f origin main", "git push origin main --force"])("blocks %s", async (command) => {
    const result = await outcome(bash(command));
    expect("reason" in result ? result.reason : "").toContain('hook "no-force-push"');
  });

  test.each(["git push origin main", "git push --force-with-lease"])("lets %s through", async (command) => {
    expect((await outcome(bash(command))).outcome).toBe("pass");
  });

  test("redacts output that contains a secret, and only then", async () => {
    const leaked = await outcome(output("aws_access_key_id = AKIAIOSFODNN7EXAMPLE"));
    expect(leaked.outcome).toBe("patch");
    expect((await outcome(output("-----BEGIN OPENSSH PRIVATE KEY-----\nabc"))).outcome).toBe("patch");
    expect((await outcome(output("token ghp_" + "a".repeat(36)))).outcome).toBe("patch");
    expect((await outcome(output("all tests passed"))).outcome).toBe("pass");
  });

  test("the agent_end test run is opt-in (off by default)", () => {
    const tests = catalog.entries.find((e) => e.name === "tests-pass-before-stopping");
    expect(tests?.default).toBe(false);
    expect(hooks.some((h) => h.event === "agent_end")).toBe(false);
  });
});
