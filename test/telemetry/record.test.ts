// One decision as an OTLP log record: what goes out, and what stays home.
import { createRequire } from "node:module";
import { expect, test } from "vitest";
import type { LogRecord } from "../../src/run/decision-log.ts";
import { exportRequest, otlpLogRecord } from "../../src/telemetry/otlp.ts";
import { encodeExportLogsRequest } from "../../src/telemetry/proto.ts";

const require = createRequire(import.meta.url);
const Request = require("@opentelemetry/otlp-transformer/build/src/generated/root.js").opentelemetry.proto.collector.logs.v1
  .ExportLogsServiceRequest;

const SECRET = "ghp_" + "a".repeat(36);
const record: LogRecord = {
  ts: "2026-12-01T10:00:00.123Z",
  agent: "codex",
  event: "PreToolUse",
  kind: "tool_call",
  session: "s1",
  tool: "bash",
  outcome: "block",
  reason: `hookit: hook "no-secrets" rejected bash — token ${SECRET}`,
  hooks: ["local/no-secrets"],
  durationMs: 4.5,
  notices: ["hookit: a warning"],
  cwd: "/home/u/project",
  events: [{ event: "tool_call", toolName: "bash", toolCallId: "c1", input: { command: "curl -H 'x: [REDACTED]' https://x" } }],
  redacted: true,
};

const attributesOf = (lr: ReturnType<typeof otlpLogRecord>) =>
  Object.fromEntries(lr.attributes.map((kv) => [kv.key, Object.values(kv.value)[0]]));

test("without includeInput: no events, no cwd; the reason is redacted like the log", () => {
  const attrs = attributesOf(otlpLogRecord(record, "uid-1", false));
  expect(Object.keys(attrs).sort()).toEqual([
    "hookit.agent",
    "hookit.duration_ms",
    "hookit.event",
    "hookit.event.kind",
    "hookit.hook",
    "hookit.notices",
    "hookit.outcome",
    "hookit.reason",
    "hookit.tool",
    "log.record.uid",
    "session.id",
  ]);
  expect(attrs["hookit.reason"]).toBe('hookit: hook "no-secrets" rejected bash — token [REDACTED]');
  expect(JSON.stringify(otlpLogRecord(record, "uid-1", false))).not.toContain(SECRET);
  expect(JSON.stringify(otlpLogRecord(record, "uid-1", false))).not.toContain("curl");
});

test("with includeInput: the recorded events (redacted) and the working directory", () => {
  const attrs = attributesOf(otlpLogRecord(record, "uid-1", true));
  expect(JSON.parse(attrs["hookit.input"] as string)).toEqual(record.events);
  expect(attrs).toMatchObject({ "hookit.input.redacted": true, "hookit.cwd": "/home/u/project" });
});

test("the protobuf bytes decode with OpenTelemetry's generated code to the same request as the JSON form", () => {
  const request = exportRequest([otlpLogRecord(record, "uid-1", true)], { "service.name": "hookit" }, "9.9.9");
  const decoded = Request.toObject(Request.decode(encodeExportLogsRequest(request)), { longs: String, enums: Number });
  // eventName is newer than the generated schema in that package; everything else must match exactly.
  const sent = JSON.parse(JSON.stringify(request), (key, v: unknown) => (key === "eventName" ? undefined : v)) as unknown;
  expect(decoded).toEqual(sent);
  expect(decoded.resourceLogs[0].scopeLogs[0].logRecords[0]).toMatchObject({
    timeUnixNano: "1796119200123000000",
    severityNumber: 13,
    severityText: "WARN",
  });
});
