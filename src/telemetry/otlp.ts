// A decision-log record as an OTLP log record, in OTLP/JSON's shape (the
// protobuf encoder in proto.ts walks the same objects). Attribute names follow
// OpenTelemetry's semantic conventions where one exists (service.*, host.name,
// user.name, session.id, log.record.uid) and are hookit.* otherwise.
import { hostname, type as osType, userInfo } from "node:os";
import type { LogRecord } from "../run/decision-log.ts";
import { redactSecrets } from "../run/redact.ts";

export type AnyValue =
  | { stringValue: string }
  | { boolValue: boolean }
  | { intValue: string }
  | { doubleValue: number }
  | { arrayValue: { values: AnyValue[] } };

export interface KeyValue {
  key: string;
  value: AnyValue;
}

export interface OtlpLogRecord {
  timeUnixNano: string;
  observedTimeUnixNano: string;
  severityNumber: number;
  severityText: string;
  body: AnyValue;
  attributes: KeyValue[];
  eventName: string;
}

export interface ExportLogsRequest {
  resourceLogs: Array<{
    resource: { attributes: KeyValue[] };
    scopeLogs: Array<{ scope: { name: string; version: string }; logRecords: OtlpLogRecord[] }>;
  }>;
}

/** What every log record is named (the LogRecord `event_name` field). */
const EVENT_NAME = "hookit.decision";

// SeverityNumber values from the logs data model.
const INFO = 9;
const WARN = 13;
const ERROR = 17;

export function exportRequest(records: OtlpLogRecord[], resource: Record<string, string>, version: string): ExportLogsRequest {
  const attributes = {
    "service.version": version,
    "host.name": hostname(),
    "user.name": userName(),
    "os.type": osType().toLowerCase(),
    ...resource,
  };
  return {
    resourceLogs: [
      {
        resource: { attributes: Object.entries(attributes).map(([key, value]) => ({ key, value: { stringValue: value } })) },
        scopeLogs: [{ scope: { name: "hookit", version }, logRecords: records }],
      },
    ],
  };
}

/**
 * One decision. `uid` is stable for this line of the log (spool.ts), so a
 * batch sent again after a crash carries the same ids and a receiver can drop
 * the copies. Tool input (the recorded events, already redacted by the log)
 * goes out only when the setting asks for it.
 */
export function otlpLogRecord(record: LogRecord, uid: string, includeInput: boolean): OtlpLogRecord {
  const time = unixNanos(record.ts);
  const attributes: KeyValue[] = [];
  const add = (key: string, value: AnyValue | undefined) => {
    if (value) attributes.push({ key, value });
  };
  add("log.record.uid", str(uid));
  add("session.id", str(record.session));
  add("hookit.agent", str(record.agent));
  add("hookit.event", str(record.event));
  add("hookit.event.kind", str(record.kind));
  add("hookit.outcome", str(record.outcome));
  add("hookit.tool", str(record.tool));
  add("hookit.hook", { arrayValue: { values: record.hooks.map((h) => ({ stringValue: h })) } });
  add("hookit.duration_ms", typeof record.durationMs === "number" ? { doubleValue: record.durationMs } : undefined);
  // A hook's message may quote what the model sent: it is redacted like the log's events.
  const reason = record.reason === undefined ? undefined : redactSecrets(record.reason).value;
  add("hookit.reason", str(reason));
  if (record.notices?.length)
    add("hookit.notices", { arrayValue: { values: redactSecrets(record.notices).value.map((n) => ({ stringValue: n })) } });
  if (includeInput) {
    if (record.events) add("hookit.input", str(JSON.stringify(redactSecrets(record.events).value)));
    if (record.redacted) add("hookit.input.redacted", { boolValue: true });
    add("hookit.input.omitted", str(record.eventsOmitted));
    add("hookit.cwd", str(record.cwd));
  }
  const severity = record.outcome === "block" ? WARN : record.outcome === "report" ? ERROR : INFO;
  return {
    timeUnixNano: time,
    // The log observed the decision when it was made: a resent record is byte-identical.
    observedTimeUnixNano: time,
    severityNumber: severity,
    severityText: severity === WARN ? "WARN" : severity === ERROR ? "ERROR" : "INFO",
    body: { stringValue: reason ?? `${record.outcome}${record.tool ? ` ${record.tool}` : ""}` },
    attributes,
    eventName: EVENT_NAME,
  };
}

// --- internal ---

function str(value: string | undefined): AnyValue | undefined {
  return value === undefined || value === "" ? undefined : { stringValue: value };
}

function unixNanos(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? (BigInt(ms) * 1_000_000n).toString() : "0";
}

function userName(): string {
  try {
    return userInfo().username;
  } catch {
    return String(process.getuid?.() ?? "unknown");
  }
}
