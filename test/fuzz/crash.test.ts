// kill -9, the long version: every kill point of installing into and
// uninstalling from every agent at once, then kills at random moments of an
// install and of a crowd of hook processes sharing one session. After every
// death: old or new files only, never a truncated one, and the next run recovers.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { AGENT_IDS } from "../../src/agents/registry.ts";
import {
  bytesOf,
  describePoint,
  expectNoTornFiles,
  installScenario,
  killPoints,
  listChanges,
  restore,
  runKilledAt,
} from "../reliability/_crash.ts";
import { agentPayloads } from "../reliability/_payloads.ts";
import { inspectReply } from "../reliability/_protocol.ts";
import { policy, runBin, runHook, sandbox, type Sandbox, useBuiltHookit } from "../_sandbox.ts";

useBuiltHookit();

const SCALE = Number(process.env.FUZZ_RUNS ?? 1);
// Kimi Code reads no project configuration: a project install names it only with KIMI_CODE_HOME set
// there, and refuses otherwise (src/installer/index.ts); the global scenarios cover it.
const AGENTS = AGENT_IDS.filter((agent) => agent !== "kimi");
const counts: Record<string, number> = {};
afterAll(() => {
  console.log(
    `[fuzz] crash: ${Object.entries(counts)
      .map(([k, v]) => `${k}: ${v}`)
      .join(", ")}`,
  );
});

/** Every file is one of the allowed versions; a backup, if present, is the user's original. */
function expectOneOf(
  files: string[],
  allowed: Record<string, (string | undefined)[]>,
  original: Record<string, string | undefined>,
  when: string,
) {
  for (const file of files) {
    expect(allowed[file], `${file} ${when}`).toContain(bytesOf(file));
    const backup = bytesOf(`${file}.hookit.bak`);
    if (backup !== undefined) expect(backup, `${file}.hookit.bak ${when}`).toBe(original[file]);
  }
}

describe("install and uninstall, all agents", () => {
  test("every kill point of an install", async () => {
    const box = sandbox();
    const { files, run, pattern, snapshot } = installScenario(box, AGENTS);
    const original = Object.fromEntries(files.map((file) => [file, bytesOf(file)]));
    const points = killPoints(await listChanges(run, pattern));
    const installed = Object.fromEntries(files.map((file) => [file, bytesOf(file)]));
    const allowed = Object.fromEntries(files.map((file) => [file, [original[file], installed[file]]]));
    for (const point of points) {
      restore(snapshot, box.project);
      await runKilledAt(run, pattern, point);
      expectOneOf(files, allowed, original, `after ${describePoint(point)}`);
      expect((await run({})).exitCode, describePoint(point)).toBe(0);
      for (const file of files) expect(bytesOf(file), `${file} re-run after ${describePoint(point)}`).toBe(installed[file]);
    }
    counts["install kill points"] = points.length;
  });

  test("every kill point of an uninstall", async () => {
    const box = sandbox();
    const install = installScenario(box, AGENTS);
    const original = Object.fromEntries(install.files.map((file) => [file, bytesOf(file)]));
    expect((await install.run({})).exitCode).toBe(0);
    const installed = Object.fromEntries(install.files.map((file) => [file, bytesOf(file)]));
    const before = join(box.root, "installed");
    restore(box.project, before);
    const uninstall = installScenario(box, AGENTS, "uninstall");
    restore(before, box.project); // installScenario rewrote the user's files; start from the installed state
    const points = killPoints(await listChanges(uninstall.run, uninstall.pattern));
    const removed = Object.fromEntries(install.files.map((file) => [file, bytesOf(file)]));
    const allowed = Object.fromEntries(install.files.map((file) => [file, [installed[file], removed[file]]]));
    for (const point of points) {
      restore(before, box.project);
      await runKilledAt(uninstall.run, uninstall.pattern, point);
      expectOneOf(install.files, allowed, original, `after ${describePoint(point)}`);
      expect((await uninstall.run({})).exitCode, describePoint(point)).toBe(0);
      for (const file of install.files) expect(bytesOf(file), `${file} re-run after ${describePoint(point)}`).toBe(removed[file]);
    }
    counts["uninstall kill points"] = points.length;
  });

  test("kills at random moments of an install", async () => {
    const box = sandbox();
    const { files, run, snapshot } = installScenario(box, AGENTS);
    const original = Object.fromEntries(files.map((file) => [file, bytesOf(file)]));
    const started = Date.now();
    expect((await run({})).exitCode).toBe(0);
    const duration = Date.now() - started;
    const installed = Object.fromEntries(files.map((file) => [file, bytesOf(file)]));
    const allowed = Object.fromEntries(files.map((file) => [file, [original[file], installed[file]]]));
    const rounds = Math.round(150 * SCALE);
    let killed = 0;
    for (let i = 0; i < rounds; i++) {
      restore(snapshot, box.project);
      const delay = Math.floor(Math.random() * duration * 1.2);
      const result = await runBin(box, ["install", "--agent", AGENTS.join(","), "--project", box.project, "--command", "hookit"], "", {
        killAfterMs: delay,
      });
      if (result.signal === "SIGKILL") killed += 1;
      expectOneOf(files, allowed, original, `after a kill at ${delay} ms`);
    }
    counts["random install kills"] = killed;
    expect(killed).toBeGreaterThan(rounds / 3);
  });
});

describe("hook processes of one session, killed at random", () => {
  test("no torn state, and the session goes on with its state", async () => {
    const box = sandbox();
    const count = 'n=$(cat "$HOME/n" 2>/dev/null || echo 0); n=$((n+1)); echo $n > "$HOME/n"; sleep 0.05; exit $((n % 2 + 1))';
    box.globalPolicy(policy({ check: { event: "agent_end", shell: count } }));
    const rounds = Math.round(20 * SCALE);
    let killed = 0;
    for (let round = 0; round < rounds; round++) {
      const session = `s-${round % 3}`;
      const stops = Array.from({ length: 20 }, (_, i) => stop(box, session, i % 3 === 0 ? Math.random() * 1500 : undefined));
      killed += (await Promise.all(stops)).filter((r) => r.signal === "SIGKILL").length;
      expectNoTornFiles(box.stateDir);
      const next = await stop(box, session);
      const verdict = inspectReply("codex", "Stop", "stop", { ...next, exitCode: next.exitCode ?? -1 });
      expect(verdict.problems).toEqual([]);
      expect(String(verdict.output?.systemMessage ?? ""), `round ${round}`).not.toContain("unavailable");
      const sessions = readdirSync(join(box.stateDir, "sessions"));
      expect(
        sessions.filter((name) => name.endsWith(".lock")),
        `round ${round}`,
      ).toEqual([]);
    }
    counts["random hook kills"] = killed;
  });
});

function stop(box: Sandbox, session: string, killAfterMs?: number) {
  const [event, payload] = agentPayloads("codex", box.project, session).stop;
  return runHook(box, "codex", event, payload, killAfterMs === undefined ? {} : { killAfterMs });
}
