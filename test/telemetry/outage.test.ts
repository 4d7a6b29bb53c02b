// The collector away and the shipper killed: nothing lost, nothing kept twice.
// Records a receiver got twice carry the same log.record.uid, which is how a
// receiver (or this test) keeps each decision once.
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { binPath, decisionLog, runBin, useBuiltHookit } from "../_sandbox.ts";
import { uniqueByUid } from "./_receiver.ts";
import { bashCall, enableExport, receiverAndSandbox, ship, shipperGone, useReceivers, waitFor } from "./_session.ts";

useBuiltHookit();

useReceivers();

test("the collector down in the middle of a session: the records wait, and arrive once it is back", async () => {
  const { r, b } = await receiverAndSandbox();
  enableExport(b, { endpoint: r.url });
  const statusFile = join(b.stateDir, "telemetry", "status.json");
  for (const command of ["echo 1", "rm a", "echo 3"]) await bashCall(b, command);
  await waitFor("the first three", () => r.records.length >= 3);
  await shipperGone(b);

  await r.stop(); // the collector goes away
  for (const command of ["echo 4", "rm b", "echo 6"]) await bashCall(b, command);
  // The shipper the first of these started finds nobody there.
  await waitFor("a failed shipment", () => existsSync(statusFile) && readFileSync(statusFile, "utf8").includes("lastError"));
  await shipperGone(b);
  const status = await runBin(b, ["telemetry", "status"], "");
  expect(status.stdout).toMatch(/3 shipped/);
  expect(status.stdout).toMatch(/the last shipment failed .*ECONNREFUSED|the last shipment failed .*fetch failed/);
  const doctor = await runBin(b, ["doctor", "--json"], "");
  const checks = (JSON.parse(doctor.stdout) as { checks: Array<{ status: string; message: string }> }).checks.filter((c) =>
    c.message.startsWith("telemetry:"),
  );
  expect(checks[0]?.message).toContain(`decisions go to ${r.url}/v1/logs (http/protobuf)`);
  expect(checks[0]?.message).not.toMatch(/backlog 0 B/);
  expect(checks[1]).toMatchObject({ status: "warn" });

  await r.start(); // back, on the same port
  for (const command of ["echo 7", "rm c"]) await bashCall(b, command);
  // The failed runs backed off: hook calls start no shipper for a while, a timer's run (or this one) ships now.
  await shipperGone(b);
  const shipped = await ship(b);
  expect(shipped.stderr).toBe("");
  expect(shipped.exitCode).toBe(0);
  const logged = decisionLog(b);
  expect(logged).toHaveLength(8);
  expect(r.records).toHaveLength(8);
  expect(uniqueByUid(r.records)).toHaveLength(8);
  expect(r.records.map((x) => x.timeUnixNano)).toEqual(logged.map((l) => String(Date.parse(l.ts as string) * 1_000_000)));
  const after = await runBin(b, ["telemetry", "status"], "");
  expect(after.stdout).toMatch(/8 shipped.*backlog 0 B/);
  expect(after.stdout).not.toMatch(/failed/);
}, 90_000);

test("a shipper killed mid-batch: the batch is sent again with the same uids, so each decision is kept once", async () => {
  const { r, b } = await receiverAndSandbox();
  // Decisions first, export on afterwards: no background shipper races this test's own.
  for (let i = 0; i < 12; i++) await bashCall(b, i % 3 === 0 ? `rm f${i}` : `echo ${i}`);
  enableExport(b, { endpoint: r.url });
  r.answer = "hang"; // takes the batch, never acknowledges it
  const shipper = spawn(process.execPath, [binPath(), "telemetry", "ship"], { cwd: b.cwd, env: b.env, stdio: "ignore" });
  await waitFor("the batch to arrive", () => r.records.length >= 12);
  shipper.kill("SIGKILL");
  await new Promise((resolve) => shipper.on("exit", resolve));

  r.answer = 200;
  const again = await ship(b); // takes over the dead shipper's lock
  expect(again.stdout).toBe("shipped 12 decisions\n");
  expect(r.records).toHaveLength(24); // the killed batch, then all of it again
  const kept = uniqueByUid(r.records);
  expect(kept).toHaveLength(12);
  expect(kept.map((x) => x.attributes["hookit.outcome"])).toEqual(decisionLog(b).map((l) => l.outcome));
  // A copy is the same record, byte for byte as decoded.
  for (const copy of r.records.slice(12)) expect(copy).toEqual(kept.find((k) => k.uid === copy.uid));
  // Acknowledged now: a third run sends nothing.
  expect((await ship(b)).stdout).toBe("shipped 0 decisions\n");
  expect(r.records).toHaveLength(24);
}, 90_000);
