// Decision export with a real agent: a Claude Code session (offline, against the fake model
// server) makes its decisions through the installed hookit; the shipper then delivers every one of
// them to a local OTLP/HTTP receiver that decodes with OpenTelemetry's generated protobuf code.
// Inside the isolated network namespace the background shippers the hooks start cannot reach the
// receiver (a collector that is down for the whole session); the run from the host afterwards
// must deliver everything, exactly once.
import { execa } from "execa";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { startReceiver, uniqueByUid } from "../telemetry/_receiver.ts";
import { disposeScratch, hookitBin, runScenario } from "./harness.ts";
import { BLOCK_REASON, GUARD_POLICY, MARKER } from "./scenarios.ts";

afterAll(disposeScratch);

it("claude: every decision of a session arrives once at the collector", async () => {
  const receiver = await startReceiver();
  try {
    const r = await runScenario({
      agent: "claude",
      name: "telemetry",
      policy: GUARD_POLICY,
      turns: [{ shell: "echo first" }, { shell: `touch ${MARKER}` }, { shell: "echo third" }, { say: "Done." }],
      sabotage: ({ home }) => {
        mkdirSync(join(home, ".config", "hookit"), { recursive: true });
        writeFileSync(
          join(home, ".config", "hookit", "settings.json"),
          JSON.stringify({ telemetry: { otlp: { endpoint: receiver.url } } }),
        );
      },
    });
    expect(r.modelRequests.length, r.summary()).toBe(4);
    const state = join(r.home, ".local", "state", "hookit");
    // A shipper the last hook started may still be watching the log.
    const lock = join(state, "telemetry", "ship.lock");
    for (let i = 0; i < 100 && existsSync(lock); i++) await new Promise((resolve) => setTimeout(resolve, 100));
    // Asynchronously: the receiver answers from this very process.
    const ship = await execa(process.execPath, [hookitBin(), "telemetry", "ship"], {
      env: { PATH: process.env.PATH ?? "", HOME: r.home },
      extendEnv: false,
    });
    expect(ship.stderr).toBe("");

    const logged = readFileSync(join(state, "decisions.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { outcome: string; tool?: string; event: string; probe?: boolean });
    const decisions = logged.filter((l) => !l.probe);
    expect(
      decisions.filter((l) => l.event === "PreToolUse").map((l) => l.outcome),
      r.summary(),
    ).toEqual(["pass", "block", "pass"]);
    expect(receiver.records).toHaveLength(decisions.length);
    expect(uniqueByUid(receiver.records)).toHaveLength(decisions.length);
    expect(receiver.records.map((x) => [x.attributes["hookit.event"], x.attributes["hookit.outcome"]])).toEqual(
      decisions.map((l) => [l.event, l.outcome]),
    );
    const blocked = receiver.records.find((x) => x.attributes["hookit.outcome"] === "block");
    expect(blocked?.attributes).toMatchObject({ "hookit.agent": "claude", "hookit.tool": "bash", "hookit.reason": BLOCK_REASON });
    expect(JSON.stringify(receiver.records)).not.toContain(MARKER); // the command line stays home
  } finally {
    await receiver.close();
  }
});
