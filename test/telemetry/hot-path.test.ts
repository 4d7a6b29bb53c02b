// Export's share of `hookit hook`: a settings read and a stat in hook.cjs, the
// shipper in the cold CLI, and OpenTelemetry's packages in neither (they are the
// tests' receiver only).
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { packageRoot, sandbox, useBuiltHookit } from "../_sandbox.ts";
import { bashCall, enableExport, POLICY } from "./_session.ts";

useBuiltHookit();

interface Metafile {
  outputs: Record<string, { inputs: Record<string, unknown> }>;
}

test("hook.cjs holds the kick (run/telemetry-kick.ts) and nothing of src/telemetry/; no build output holds an OpenTelemetry package", () => {
  const meta = JSON.parse(readFileSync(join(packageRoot(), "dist/meta.json"), "utf8")) as { hot: Metafile; cold: Metafile };
  const hookInputs = Object.keys(meta.hot.outputs["dist/hook.cjs"]?.inputs ?? {});
  expect(hookInputs.filter((path) => path.includes("telemetry")).sort()).toEqual(["src/run/telemetry-kick.ts"]);
  for (const { outputs } of [meta.hot, meta.cold]) {
    for (const [output, { inputs }] of Object.entries(outputs)) {
      expect(
        Object.keys(inputs).filter((path) => path.includes("@opentelemetry")),
        output,
      ).toEqual([]);
    }
  }
});

test("with export off, or on a doctor probe, a hook call leaves no trace of telemetry", async () => {
  const box = sandbox({ policyFile: true });
  box.policy(POLICY);
  await bashCall(box, "echo off");
  expect(existsSync(join(box.stateDir, "telemetry"))).toBe(false);
  enableExport(box, { endpoint: "http://127.0.0.1:9" });
  await bashCall(box, "echo probe", { HOOKIT_DOCTOR: "1" });
  expect(existsSync(join(box.stateDir, "telemetry"))).toBe(false);
  expect(existsSync(join(box.stateDir, "decisions.jsonl"))).toBe(true);
});
