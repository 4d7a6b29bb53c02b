// Decisions as OpenTelemetry log records, end to end: the built `hookit hook`
// answers, logs and starts the shipper; a local OTLP/HTTP receiver decodes the
// requests with OpenTelemetry's own generated protobuf code.
import { describe, expect, test } from "vitest";
import { decisionLog, useBuiltHookit } from "../_sandbox.ts";
import { uniqueByUid } from "./_receiver.ts";
import { bashCall, enableExport, receiverAndSandbox, SESSION, shipperGone, useReceivers, waitFor } from "./_session.ts";

useBuiltHookit();

useReceivers();

const COMMANDS = ["echo one", "rm -rf build", "ls -la", "rm notes.txt", "git status", "echo six"];

describe.each([
  { protocol: "http/protobuf", how: "the setting's endpoint", contentType: "application/x-protobuf" },
  { protocol: "http/json", how: "OTEL_EXPORTER_OTLP_* variables", contentType: "application/json" },
])("a session through hookit hook, $protocol, configured by $how", ({ protocol, how, contentType }) => {
  test("every decision arrives exactly once, with its attributes and without the tool input", async () => {
    const { r, b: box } = await receiverAndSandbox();
    const env: Record<string, string> = {};
    if (how.startsWith("OTEL")) {
      enableExport(box, true);
      Object.assign(env, {
        OTEL_EXPORTER_OTLP_ENDPOINT: r.url,
        OTEL_EXPORTER_OTLP_PROTOCOL: protocol,
        OTEL_EXPORTER_OTLP_HEADERS: "authorization=Bearer%20t0ken",
        OTEL_SERVICE_NAME: "team-guard",
        OTEL_RESOURCE_ATTRIBUTES: "deployment.environment.name=ci",
      });
    } else {
      enableExport(box, { endpoint: r.url, protocol });
    }
    for (const command of COMMANDS) {
      const reply = await bashCall(box, command, env);
      expect(reply.stdout.includes("deny"), command).toBe(command.startsWith("rm"));
    }
    await waitFor("six records", () => uniqueByUid(r.records).length >= COMMANDS.length);
    await shipperGone(box);
    expect(r.records).toHaveLength(COMMANDS.length); // no copies without a crash
    expect(new Set(r.contentTypes)).toEqual(new Set([contentType]));
    const logged = decisionLog(box);
    expect(r.records.map((x) => x.attributes["hookit.outcome"])).toEqual(logged.map((l) => l.outcome));
    expect(r.records.map((x) => x.attributes["hookit.outcome"])).toEqual(["pass", "block", "pass", "block", "pass", "pass"]);
    const blocked = r.records[1]!;
    expect(blocked.attributes).toMatchObject({
      "hookit.agent": "claude",
      "hookit.event": "PreToolUse",
      "hookit.event.kind": "tool_call",
      "hookit.tool": "bash",
      "hookit.hook": ["local/no-rm", "local/allow"],
      "session.id": SESSION,
    });
    expect(blocked.severityText).toBe("WARN");
    expect(blocked.body).toContain('hook "no-rm" rejected bash');
    expect(blocked.timeUnixNano).toBe(String(Date.parse(logged[1]!.ts as string) * 1_000_000));
    expect(blocked.scope.name).toBe("hookit");
    expect(blocked.resource).toMatchObject({
      "host.name": expect.any(String),
      "user.name": expect.any(String),
      "service.version": expect.any(String),
    });
    if (how.startsWith("OTEL")) {
      expect(blocked.resource).toMatchObject({ "service.name": "team-guard", "deployment.environment.name": "ci" });
      expect(r.headers[0]?.authorization).toBe("Bearer t0ken");
    } else expect(blocked.resource["service.name"]).toBe("hookit");
    // Tool input stays home unless the setting asks for it.
    for (const record of r.records) {
      expect(record.attributes["hookit.input"]).toBeUndefined();
      expect(JSON.stringify(record)).not.toContain("rm -rf build");
    }
  }, 60_000);
});

test("export is off by default: the OTEL variables alone send nothing", async () => {
  const { r, b } = await receiverAndSandbox();
  for (const command of ["echo a", "rm x"]) await bashCall(b, command, { OTEL_EXPORTER_OTLP_ENDPOINT: r.url });
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect(decisionLog(b)).toHaveLength(2);
  expect(r.records).toEqual([]);
});

test("thirty parallel hook calls: one shipper at a time, every decision once", async () => {
  const { r, b } = await receiverAndSandbox();
  enableExport(b, { endpoint: r.url });
  const commands = Array.from({ length: 30 }, (_, i) => (i % 5 === 0 ? `rm p${i}` : `echo p${i}`));
  await Promise.all(commands.map((command) => bashCall(b, command)));
  await waitFor("thirty records", () => uniqueByUid(r.records).length >= 30, 30_000);
  await shipperGone(b);
  expect(r.records).toHaveLength(30);
  const outcomes = decisionLog(b).map((l) => l.outcome);
  expect(r.records.map((x) => x.attributes["hookit.outcome"]).sort()).toEqual(outcomes.sort());
  expect(outcomes.filter((o) => o === "block")).toHaveLength(6);
}, 90_000);
