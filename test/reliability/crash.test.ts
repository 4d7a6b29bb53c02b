// kill -9 at every point where hookit changes the disk: during a hook's state
// write (session state, catalog cache, decision log), during `hookit trust` and
// during `hookit install`. After each death every file is the old one or the
// new one, never a truncated mix, and the next run recovers without help.
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import {
  bytesOf,
  describePoint,
  expectNoTornFiles,
  installScenario,
  killPoints,
  listChanges,
  restore,
  runKilledAt,
  type FaultRun,
} from "./_crash.ts";
import { agentPayloads } from "./_payloads.ts";
import { inspectReply } from "./_protocol.ts";
import { FAULTS, policy, runBin, runHook, sandbox, useBuiltHookit } from "../_sandbox.ts";
import { escapeRegExp } from "../_text.ts";

useBuiltHookit();

const withFaults = { nodeArgs: ["--require", FAULTS] };

describe("kill -9 during a hook's state write", () => {
  test("every kill point leaves the old or the new session file, whole logs, and a session that goes on", async () => {
    const box = sandbox();
    // The exit code alternates with a counter, so the second stop writes a different state.
    const count = 'n=$(cat "$HOME/n" 2>/dev/null || echo 0); n=$((n+1)); echo $n > "$HOME/n"; exit $((n % 2 + 2))';
    box.globalPolicy(policy({ check: { event: "agent_end", shell: count } }));
    const [event, payload] = agentPayloads("claude", box.project, "crash-session").stop;
    const stop = (env: Record<string, string> = {}) => runHook(box, "claude", event, payload, { ...withFaults, env });

    await stop(); // the old state: one continuation, fingerprint "exit 3"
    const snapshot = join(box.root, "snapshot");
    restore(box.env.XDG_STATE_HOME!, join(snapshot, "state"));
    restore(box.env.HOME!, join(snapshot, "home"));
    const reset = () => {
      restore(join(snapshot, "state"), box.env.XDG_STATE_HOME!);
      restore(join(snapshot, "home"), box.env.HOME!);
      // No cached catalog: the validated-policy cache write is among the kill points too.
      rmSync(join(box.stateDir, "catalog-cache"), { recursive: true, force: true });
    };
    const sessionFile = () => {
      const name = readdirSync(join(box.stateDir, "sessions")).find((file) => file.endsWith(".json"));
      return join(box.stateDir, "sessions", name ?? "missing.json");
    };
    const oldBytes = bytesOf(sessionFile());
    reset();
    const done = await stop();
    expect(done.signal).toBeNull();
    const newBytes = bytesOf(sessionFile());
    expect(newBytes).not.toBe(oldBytes);

    const pattern = `^${escapeRegExp(box.env.XDG_STATE_HOME!)}/`;
    reset();
    const run: FaultRun = (env) => stop(env);
    const points = killPoints(await listChanges(run, pattern));
    expect(points.length).toBeGreaterThanOrEqual(12);
    for (const point of points) {
      reset();
      await runKilledAt(run, pattern, point);
      expect([oldBytes, newBytes], describePoint(point)).toContain(bytesOf(sessionFile()));
      expectNoTornFiles(box.stateDir);
      // The next stop of the session is served at once (the dead process's lock is broken) and with state.
      const next = await stop();
      const verdict = inspectReply("claude", event, "stop", { ...next, exitCode: next.exitCode ?? -1 });
      expect(verdict.problems, describePoint(point)).toEqual([]);
      expect(String(verdict.output?.systemMessage ?? ""), describePoint(point)).not.toContain("unavailable");
      expectNoTornFiles(box.stateDir);
    }
  }, 60_000);
});

describe("kill -9 during `hookit trust`", () => {
  test("the trust store is the old one or the new one at every kill point", async () => {
    const box = sandbox();
    const other = box.projectPolicy(policy({ a: { event: "tool_call", shell: "true" } }), join(box.root, "other"));
    mkdirSync(join(box.root, "other", ".git"), { recursive: true });
    expect((await runBin(box, ["trust", "--yes"], "", { cwd: join(box.root, "other") })).exitCode).toBe(0);
    box.projectPolicy(policy({ b: { event: "tool_call", shell: "false" } }));
    const store = join(box.stateDir, "trust.json");
    const oldBytes = bytesOf(store);
    const snapshot = join(box.root, "state-before");
    restore(box.env.XDG_STATE_HOME!, snapshot);
    const run: FaultRun = (env) => runBin(box, ["trust", "--yes"], "", { cwd: box.project, env, ...withFaults });

    const pattern = `^${escapeRegExp(box.stateDir)}/`;
    const points = killPoints(await listChanges(run, pattern));
    const newBytes = bytesOf(store);
    expect(newBytes).toContain(other);
    expect(newBytes).not.toBe(oldBytes);
    for (const point of points) {
      restore(snapshot, box.env.XDG_STATE_HOME!);
      await runKilledAt(run, pattern, point);
      expect([oldBytes, newBytes], describePoint(point)).toContain(bytesOf(store));
    }
    expect(points.length).toBeGreaterThanOrEqual(4);
  });
});

describe("kill -9 during `hookit install`", () => {
  test("every agent file is the user's original or the finished install; a re-run completes it", async () => {
    const box = sandbox();
    const { files, run, pattern, snapshot } = installScenario(box, ["claude", "cursor", "codex"]);
    const original = Object.fromEntries(files.map((file) => [file, bytesOf(file)]));
    const changes = await listChanges(run, pattern);
    const installed = Object.fromEntries(files.map((file) => [file, bytesOf(file)]));
    for (const file of files) expect(installed[file]).not.toBe(original[file]);

    const points = killPoints(changes);
    expect(points.length).toBeGreaterThanOrEqual(15);
    for (const point of points) {
      restore(snapshot, box.project);
      await runKilledAt(run, pattern, point);
      for (const file of files) {
        expect([original[file], installed[file]], `${file} after ${describePoint(point)}`).toContain(bytesOf(file));
        const backup = bytesOf(`${file}.hookit.bak`);
        if (backup !== undefined) expect(backup, `${file}.hookit.bak after ${describePoint(point)}`).toBe(original[file]);
      }
    }
    // After the last kill, an ordinary install finishes the job.
    expect((await run({})).exitCode).toBe(0);
    for (const file of files) expect(bytesOf(file)).toBe(installed[file]);
  }, 60_000);
});
