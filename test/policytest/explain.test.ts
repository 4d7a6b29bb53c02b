// `hookit explain` through the built CLI: a guard that does not match names the
// key, the value and the pattern; a matching one shows its shell's exit code;
// the frozen outcome and every agent's answer follow.
import { describe, expect, test } from "vitest";
import { fixtureText, useBuiltHookit } from "../_sandbox.ts";
import { makeProject } from "./_project.ts";

useBuiltHookit();

const bash = (command: string) => JSON.stringify({ event: "tool_call", toolName: "bash", input: { command } });

describe("hookit explain", () => {
  test("a guard that does not match: which key, its value and the pattern", () => {
    const p = makeProject();
    p.hookit(["init"]);
    const run = p.hookit(["explain"], bash("git push origin main"));
    expect(run.status).toBe(0);
    const lines = run.stdout.split("\n");
    expect(lines).toContainEqual(expect.stringMatching(/^ {2}local\/no-force-push +✗ hookit\.forcePushes$/));
    expect(run.stdout).toContain(["  local/no-force-push: hookit.forcePushes", "      value:   []"].join("\n"));
    expect(run.stdout).toContain("  local/no-dotenv-secrets: hookit.paths\n      value:   []");
    expect(run.stdout).toContain('Facts hookit derived:\n  hookit.commands = ["git push origin main"]');
    expect(run.stdout).toContain("Frozen outcome: tool_call pass");
  });

  test("a guard that matches: its shell, exit code and duration; the outcome; every agent's answer", () => {
    const p = makeProject();
    p.hookit(["init"]);
    const run = p.hookit(["explain"], bash("git push --force"));
    expect(run.stdout).toMatch(/^ {2}local\/no-force-push +✓ matched +- +false → exit 1 \(\d+ ms\) +message$/m);
    expect(run.stdout).toMatch(/^ {2}local\/redact-secrets +\(tool_result hook\)$/m);
    expect(run.stdout).toContain(
      'Frozen outcome: tool_call block\n  hookit: hook "no-force-push" rejected bash — `false`\nhookit decides: block',
    );
    expect(run.stdout).toMatch(
      /^ {2}claude +PreToolUse +0 +\{"hookSpecificOutput":\{"hookEventName":"PreToolUse","permissionDecision":"deny"/m,
    );
    expect(run.stdout).toMatch(/^ {2}gemini +BeforeTool +0 +\{"decision":"deny"/m);
  });

  test("a when, an owned Action and a real shell", () => {
    const p = makeProject();
    p.write(".hookit/hookit.json", {
      local: {
        guarded: {
          description: "d",
          event: "tool_call",
          filter: { toolName: "^bash$" },
          when: "exit 0",
          shell: "exit 3",
          action: { type: "message", message: "use the wrapper", delivery: "steer", outcome: "block" },
          default: true,
        },
      },
    });
    const json = JSON.parse(p.hookit(["explain", "--json", "--policy", ".hookit/hookit.json"], bash("make")).stdout);
    expect(json.hooks[0]).toMatchObject({
      ref: "local/guarded",
      filter: { matched: true, keys: [{ key: "toolName", pattern: "^bash$", value: "bash", matched: true }] },
      when: { command: "exit 0", code: 0 },
      shell: { command: "exit 3", code: 3 },
      action: "message",
    });
    expect(json.decision).toBe("block");
  });

  test("an agent's native payload: the derived keys and that agent's exact answer", () => {
    const p = makeProject();
    p.hookit(["init"]);
    const payload = fixtureText("claude", "PreToolUse-Bash.json").replace("echo hello", "cat .env");
    const run = p.hookit(["explain", "--agent", "claude", "--native", "PreToolUse"], payload);
    expect(run.stdout).toContain('Derived filter keys: agent = "claude", nativeToolName = "Bash"');
    expect(run.stdout).toMatch(/claude \(PreToolUse\) gets: exit 0, stdout \{"hookSpecificOutput".*no-dotenv-secrets/);
  });

  const noLs = { local: { "no-ls": { description: "d", event: "tool_call", filter: { command: "^ls" }, shell: "false", default: true } } };

  test("a never-trusted policy is named and left out; --policy explains it", () => {
    const p = makeProject();
    p.write(".hookit/hookit.json", noLs);
    const inForce = p.hookit(["explain"], bash("ls"));
    expect(inForce.stdout).toMatch(/hookit\.json is not trusted, so not in force \(hookit trust; or --policy to explain it\)/);
    expect(inForce.stdout).toContain("hookit decides: pass");
    expect(p.hookit(["explain", "--policy", ".hookit/hookit.json"], bash("ls")).stdout).toContain("hookit decides: block");
  });

  test("an edit of a trusted policy: the last trusted version is explained, and said to be", () => {
    const p = makeProject();
    p.hookit(["init"]);
    p.write(".hookit/hookit.json", noLs);
    const inForce = p.hookit(["explain"], bash("git push --force"));
    expect(inForce.stdout).toMatch(/hookit\.json changed since it was trusted: its last trusted version is in force/);
    expect(inForce.stdout).toContain("hookit decides: block"); // the starter policy still runs
    expect(p.hookit(["explain", "--policy", ".hookit/hookit.json"], bash("ls")).stdout).toContain("hookit decides: block");
  });

  test("--agent without --native, and more than one event, are errors", () => {
    const p = makeProject();
    expect(p.hookit(["explain", "--agent", "claude"], "{}").stderr).toContain("--agent needs --native");
    expect(p.hookit(["explain"], `${bash("ls")}\n${bash("pwd")}`).stderr).toContain("explain reads one event, got 2");
  });
});
