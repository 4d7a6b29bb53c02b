// `hookit hook` ends its process with process.exit once runHook settles (src/bin.cjs): the
// reply must be out in full by then, and what the call started in the background (the
// telemetry shipper's start) must have finished starting.
import { spawn } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import { expect, test } from "vitest";
import { backgroundSettled, inBackground } from "../../../src/run/background.ts";
import { STARTER_POLICY } from "../../../src/base/starter-policy.ts";
import { binPath, fixture, sandbox, useBuiltHookit } from "../../_sandbox.ts";

useBuiltHookit();

test("a reply far larger than a pipe holds reaches a reader that waits before reading, whole", async () => {
  const box = sandbox();
  box.globalPolicy(STARTER_POLICY);
  const key = ["AK", "IAIOSFODNN7EXAMPLE"].join("");
  // 400 kB of build output with a key in it: the starter redacts it, so the answer carries it all back.
  const output = `${"compiling module 0123456789abcdef\n".repeat(12_000)}aws_access_key_id = ${key}\nthe last line\n`;
  const base = fixture("claude", "PostToolUse-Bash.json");
  const payload = { ...base, cwd: box.project, tool_response: { ...(base.tool_response as object), stdout: output } };
  const child = spawn(process.execPath, [binPath(), "hook", "--agent", "claude", "PostToolUse"], {
    cwd: box.project,
    env: box.env,
    stdio: ["pipe", "pipe", "ignore"],
  });
  child.stdin.end(JSON.stringify(payload));
  child.stdout.pause();
  await sleep(300); // the hook's writes fill the pipe and wait for this reader
  const chunks: Buffer[] = [];
  child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
  child.stdout.resume();
  const exitCode = await new Promise<number | null>((done) => child.on("close", done));
  const reply = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
    hookSpecificOutput: { updatedToolOutput: { stderr: string } };
  };
  const text = reply.hookSpecificOutput.updatedToolOutput.stderr;
  expect(exitCode).toBe(0);
  expect(text).not.toContain(key);
  expect(text.length).toBeGreaterThan(400_000);
  expect(text).toContain("the last line");
});

test("backgroundSettled waits for every task started before it, failed ones too, and forgets settled ones", async () => {
  const order: string[] = [];
  inBackground(sleep(50).then(() => order.push("slow")));
  inBackground(Promise.reject(new Error("a failed start is the task's own")));
  await backgroundSettled();
  expect(order).toEqual(["slow"]);
  inBackground(sleep(10).then(() => order.push("later")));
  await backgroundSettled();
  expect(order).toEqual(["slow", "later"]);
  // Nothing left: a long-lived host (Pi, OpenCode) does not keep what has settled.
  const started = Date.now();
  await backgroundSettled();
  expect(Date.now() - started).toBeLessThan(20);
});
