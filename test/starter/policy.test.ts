// The starter policy in-process: it validates, `default` is deliberate, each
// guard carries an instruction for the model, and secret redaction and the
// opt-in agent_end run behave as described.
import { execFileSync } from "node:child_process";
import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { loadCatalog } from "../../src/engine/catalog.ts";
import { enabledHookSet } from "../../src/engine/enabled.ts";
import { evaluate } from "../../src/engine/evaluate.ts";
import type { NormalizedEvent } from "../../src/engine/types.ts";
import { STARTER_POLICY, starterPolicyText } from "../../src/base/starter-policy.ts";
import { useProject } from "../facts/_project.ts";
import type { Search } from "./_agents.ts";
import {
  ATTACKS,
  FILE_ATTACKS,
  FILE_INNOCENT,
  INNOCENT,
  MANY_FILES_ATTACKS,
  MANY_FILES_INNOCENT,
  SEARCH_ATTACKS,
  SEARCH_INNOCENT,
} from "./cases.ts";

const cwd = realpathSync(mkdtempSync(join(tmpdir(), "hookit-starter-")));
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

const catalog = loadCatalog([{ storage: "project", text: starterPolicyText() }]);
if (!catalog.ok) throw new Error(JSON.stringify(catalog.diagnostics));
const hooks = enabledHookSet(catalog.entries);
const env = { HOME: join(cwd, "home"), PATH: process.env.PATH };

const bash = (command: string): NormalizedEvent => ({ event: "tool_call", toolName: "bash", toolCallId: "c", input: { command } });
const output = (text: string): NormalizedEvent => ({
  event: "tool_result",
  toolName: "bash",
  toolCallId: "c",
  input: { command: "cat x" },
  content: [{ type: "text", text }],
  isError: false,
});
const run = (event: NormalizedEvent) => evaluate(event, hooks, { cwd, env });

describe("starter policy", () => {
  test("validates, and `default` is set deliberately on every entry", () => {
    for (const entry of Object.values(STARTER_POLICY.local)) expect(typeof entry.default).toBe("boolean");
    expect(hooks.map((h) => h.name)).toEqual([
      "no-recursive-delete-outside-project",
      "no-dotenv-secrets",
      "no-force-push",
      "no-work-loss",
      "no-writes-outside-project",
      "no-credential-files",
      "no-unread-code",
      "no-disguised-secrets",
      "no-download-to-shell",
      "redact-secrets",
    ]);
  });

  test("each guard tells the model what to do instead, on block", async () => {
    const outcome = await run(bash("git push --force"));
    expect(outcome.eventOutcomes[0].outcome).toBe("block");
    expect(outcome.effects).toEqual([
      {
        type: "request-action",
        hookRef: "local/no-force-push",
        invocationId: expect.any(String),
        action: { type: "message", message: expect.stringContaining("--force-with-lease"), delivery: "steer" },
      },
    ]);
    for (const hook of hooks.filter((h) => h.event === "tool_call")) {
      expect(hook.action).toMatchObject({ type: "message", outcome: "block" });
      expect((hook.action as { message: string }).message).toMatch(/ask the user/i);
    }
  });

  test("a pass requests nothing", async () => {
    expect((await run(bash("git push --force-with-lease"))).effects).toEqual([]);
  });

  test("redacts output that contains a secret, and only then", async () => {
    const outcome = async (text: string) => (await run(output(text))).eventOutcomes[0].outcome;
    expect(await outcome("aws_access_key_id = AKIAIOSFODNN7EXAMPLE")).toBe("patch");
    expect(await outcome("-----BEGIN OPENSSH PRIVATE KEY-----\nabc")).toBe("patch");
    expect(await outcome("token ghp_" + "a".repeat(36))).toBe("patch");
    expect(await outcome("all tests passed")).toBe("pass");
  });

  test("the agent_end test run is opt-in (off by default)", () => {
    const tests = catalog.entries.find((e) => e.name === "tests-pass-before-stopping");
    expect(tests?.default).toBe(false);
    expect(hooks.some((h) => h.event === "agent_end")).toBe(false);
  });
});

describe("starter policy, each attack by the guard meant for it", () => {
  const project = useProject();
  // A repository whose files were never committed, as in the agents' box (test/starter/_agents.ts): no-work-loss reads it.
  beforeAll(() => execFileSync("git", ["init", "-q", project.dir]));
  const reasonOf = async (event: NormalizedEvent) => {
    const native = (await evaluate(event, hooks, { cwd: project.dir, env: project.env })).eventOutcomes[0];
    return "reason" in native ? native.reason : undefined;
  };
  const full = (path: string) =>
    path.startsWith("~/") ? project.home + path.slice(1) : path.startsWith("$P/") ? project.dir + path.slice(2) : path;
  const tool = (toolName: string, path: string): NormalizedEvent => ({
    event: "tool_call",
    toolName,
    toolCallId: "c",
    input: { path: full(path), content: "" },
  });

  for (const [guard, commands] of Object.entries(ATTACKS)) {
    test.each(commands)(`${guard} blocks %s`, async (command) => {
      expect(await reasonOf(bash(command))).toContain(`hook "${guard}"`);
    });
  }
  for (const [guard, calls] of Object.entries(FILE_ATTACKS)) {
    test.each(calls)(`${guard} blocks the %s tool on %s`, async (kind, path) => {
      expect(await reasonOf(tool(kind, path))).toContain(`hook "${guard}"`);
    });
  }
  test.each(INNOCENT)("lets %s run", async (command) => {
    expect(await reasonOf(bash(command))).toBeUndefined();
  });
  test.each(FILE_INNOCENT)("lets the %s tool touch %s", async (kind, path) => {
    expect(await reasonOf(tool(kind, path))).toBeUndefined();
  });
  const search = ({ path, ...rest }: Search): NormalizedEvent => ({
    event: "tool_call",
    toolName: "grep",
    toolCallId: "c",
    input: { pattern: "KEY", ...(path && { path: path === "$P" ? project.dir : full(path) }), ...rest },
  });
  test.each(SEARCH_ATTACKS)("no-dotenv-secrets blocks a search tool %o", async (call) => {
    expect(await reasonOf(search(call))).toContain('hook "no-dotenv-secrets"');
  });
  const many = (path: string): NormalizedEvent => ({
    event: "tool_call",
    toolName: "read",
    toolCallId: "c",
    input: { path: path === "$P" ? project.dir : full(path), many: true },
  });
  test.each(MANY_FILES_ATTACKS)("no-dotenv-secrets blocks a many-file read of %s", async (path) => {
    expect(await reasonOf(many(path))).toContain('hook "no-dotenv-secrets"');
  });
  test.each(MANY_FILES_INNOCENT)("lets a many-file read of %s run", async (path) => {
    expect(await reasonOf(many(path))).toBeUndefined();
  });
  test.each(SEARCH_INNOCENT)("lets a search tool %o run", async (call) => {
    expect(await reasonOf(search(call))).toBeUndefined();
  });
});
