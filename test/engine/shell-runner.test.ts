// hookit's three documented departures from HooKit's Node `exec` defaults
// (hookit-semantics §11.5, design.md "Shell environment"), the per-hook
// `timeout` extension, and aborts during a real shell.
import { expect, test } from "vitest";
import {
  eventually,
  globalFile,
  h,
  hooks,
  loadFails,
  loadOk,
  processAlive,
  readPayloads,
  readText,
  reasonOf,
  rowSummary,
  observer,
  run,
  tempDir,
  toolCall,
  turnEnd,
} from "./_helpers.ts";

/** The single report line of a failing turn_end hook, e.g. "- **x**: `cmd` (exit null)". */
async function turnEndLine(shell: string, extras: Record<string, unknown> = {}, dir = tempDir()) {
  const started = Date.now();
  const out = await run(turnEnd(0), hooks({ x: h("turn_end", shell, extras) }), dir);
  const effect = out.effects[0];
  const line = effect?.type === "present" ? (effect.message.split("\n")[1] ?? "") : "(passed)";
  return { line, elapsed: Date.now() - started, out };
}

test("hookit difference 1: stdin is closed, so cat ends at once with EOF", async () => {
  const { line, elapsed } = await turnEndLine("cat", { timeout: 3000 });
  expect(line).toBe("(passed)");
  expect(elapsed).toBeLessThan(1500);
  // `read` sees EOF too: an ordinary failure, not a hang into the timeout
  expect((await turnEndLine("read line", { timeout: 3000 })).line).toBe("- **x**: `read line` (exit 1)");
});

test("hookit difference 2: more than 1 MiB of output stops the command: code null", async () => {
  const endless = await turnEndLine("yes", { timeout: 4000 });
  expect(endless.line).toBe("- **x**: `yes` (exit null)");
  expect(endless.elapsed).toBeLessThan(3000); // stopped by the cap, not the timeout
  const finite = await turnEndLine("head -c 3000000 /dev/zero; exit 0");
  expect(finite.line).toBe("- **x**: `head -c 3000000 /dev/zero; exit 0` (exit null)");
  const onStderr = await turnEndLine("head -c 3000000 /dev/zero >&2; exit 0");
  expect(onStderr.line).toContain("(exit null)");
});

test("hookit difference 2: output under the cap is ignored and does not change the result", async () => {
  expect((await turnEndLine("head -c 500000 /dev/zero; echo done >&2")).line).toBe("(passed)");
  expect((await turnEndLine("echo 'some output'; exit 4")).line).toBe("- **x**: `echo 'some output'; exit 4` (exit 4)");
});

test("hookit difference 3: a timeout kills the whole process group, grandchildren included", async () => {
  const dir = tempDir();
  const { line, elapsed } = await turnEndLine("sleep 30 & echo $! > pid; wait", { timeout: 300 }, dir);
  expect(line).toBe("- **x**: `sleep 30 & echo $! > pid; wait` (exit null)");
  expect(elapsed).toBeLessThan(2000);
  const grandchild = Number(readText(dir, "pid").trim());
  expect(await eventually(() => !processAlive(grandchild))).toBe(true);
});

test("hookit difference 3: a grandchild holding the pipes cannot delay the result", async () => {
  const dir = tempDir();
  // the subshell's sleep inherits stdout/stderr and keeps them open after sh exits
  const { line, elapsed } = await turnEndLine("(sleep 30 & echo $! > pid); exit 3", {}, dir);
  try {
    expect(line).toBe("- **x**: `(sleep 30 & echo $! > pid); exit 3` (exit 3)");
    expect(elapsed).toBeLessThan(2000);
  } finally {
    const pid = Number(readText(dir, "pid").trim());
    if (processAlive(pid)) process.kill(pid, "SIGKILL");
  }
});

test("abort during a real shell kills its process group: block, failed row, code null", async () => {
  const dir = tempDir();
  const controller = new AbortController();
  const set = hooks({ slow: h("tool_call", "sleep 30 & echo $! > pid; wait"), observer: observer() });
  const pending = run(toolCall(), set, dir, { signal: controller.signal });
  expect(await eventually(() => existsPid(dir), 2000)).toBe(true); // the shell is running
  controller.abort();
  const out = await pending;
  expect(reasonOf(out)).toBe('hookit: hook "slow" rejected bash — `sleep 30 & echo $! > pid; wait`');
  expect(rowSummary(out)[0]).toBe("local/slow ✗");
  expect(readPayloads(dir)).toMatchObject([{ hookRef: "local/slow", outcome: "block", code: null }]);
  expect(await eventually(() => !processAlive(Number(readText(dir, "pid").trim())))).toBe(true);
});

function existsPid(dir: string): boolean {
  try {
    return readText(dir, "pid").trim() !== "";
  } catch {
    return false;
  }
}

test("hookit extension: timeout (ms) bounds each shell run", async () => {
  const { line, elapsed } = await turnEndLine("sleep 30", { timeout: 200 });
  expect(line).toBe("- **x**: `sleep 30` (exit null)");
  expect(elapsed).toBeLessThan(2000);
  expect((await turnEndLine("sleep 0.05; exit 5", { timeout: 3000 })).line).toBe("- **x**: `sleep 0.05; exit 5` (exit 5)");
});

test("hookit extension: timeout applies to when separately; a timed-out when fails closed", async () => {
  const dir = tempDir();
  const { line } = await turnEndLine("touch main", { when: "sleep 30", timeout: 200 }, dir);
  expect(line).toBe("- **x** (when): `sleep 30` (exit null)");
  // a when and a shell each just under the timeout both fit: the limit is per run
  const both = await turnEndLine("sleep 0.4", { when: "sleep 0.4", timeout: 800 });
  expect(both.line).toBe("(passed)");
});

test("hookit extension: timeout is validated as a positive integer number of ms", () => {
  const entry = (timeout: unknown) => globalFile({ local: { t: h("turn_end", "true", { timeout }) } });
  const accepted = loadOk([entry(1500)]);
  expect(accepted[0]).toMatchObject({ kind: "hook", timeout: 1500 });
  for (const bad of [0, -1, 1.5, "100", null]) {
    expect(loadFails([entry(bad)]), String(bad)).toEqual([
      { storage: "global", message: 'entry "local/t" does not match the Hook or Preset schema' },
    ]);
  }
});
