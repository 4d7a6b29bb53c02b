// A local OTLP/HTTP logs receiver on 127.0.0.1 that decodes what arrives with
// the OpenTelemetry project's own generated protobuf code (from
// @opentelemetry/otlp-transformer), so what it accepts is what a collector
// accepts. It can be stopped and restarted on the same port (a collector that
// is down for a while) and told to take a request but never answer (the
// shipper is then killed mid-batch).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";

const require = createRequire(import.meta.url);
// The package's generated static module for opentelemetry-proto (protobufjs).
const proto = require("@opentelemetry/otlp-transformer/build/src/generated/root.js").opentelemetry.proto;
const ExportLogsServiceRequest = proto.collector.logs.v1.ExportLogsServiceRequest;

export interface Received {
  uid: string;
  body: string;
  severityNumber: number;
  severityText: string;
  timeUnixNano: string;
  attributes: Record<string, unknown>;
  resource: Record<string, unknown>;
  scope: { name: string; version: string };
}

export interface Receiver {
  url: string;
  port: number;
  /** Every log record decoded, copies included, in arrival order. */
  records: Received[];
  /** Content types of the requests. */
  contentTypes: string[];
  headers: IncomingMessage["headers"][];
  /** `answer`: 200 (default), another status, or "hang" (read the body, never answer). */
  answer: number | "hang";
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startReceiver(port = 0): Promise<Receiver> {
  let server: Server | undefined;
  const open = new Set<ServerResponse>();
  const receiver: Receiver = {
    url: "",
    port,
    records: [],
    contentTypes: [],
    headers: [],
    answer: 200,
    async start() {
      server = createServer((req, res) => void handle(receiver, open, req, res));
      await new Promise<void>((resolve) => server!.listen(receiver.port, "127.0.0.1", resolve));
      receiver.port = (server.address() as AddressInfo).port;
      receiver.url = `http://127.0.0.1:${receiver.port}`;
    },
    async stop() {
      for (const res of open) res.destroy();
      open.clear();
      const s = server;
      server = undefined;
      if (s)
        await new Promise<void>((resolve) => {
          s.closeAllConnections();
          s.close(() => resolve());
        });
    },
    close() {
      return receiver.stop();
    },
  };
  await receiver.start();
  return receiver;
}

/** Each uid once: what a receiver that deduplicates on `log.record.uid` keeps. */
export function uniqueByUid(records: readonly Received[]): Received[] {
  const seen = new Map<string, Received>();
  for (const r of records) if (!seen.has(r.uid)) seen.set(r.uid, r);
  return [...seen.values()];
}

async function handle(receiver: Receiver, open: Set<ServerResponse>, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  if (req.method !== "POST" || req.url !== "/v1/logs") {
    res.writeHead(404).end();
    return;
  }
  const type = req.headers["content-type"] ?? "";
  receiver.contentTypes.push(type);
  receiver.headers.push(req.headers);
  let message: unknown;
  try {
    message =
      type === "application/json"
        ? fromJson(Buffer.concat(chunks).toString("utf8"))
        : ExportLogsServiceRequest.decode(Buffer.concat(chunks));
  } catch (error) {
    res.writeHead(400, { "content-type": "text/plain" }).end(String((error as Error).message));
    return;
  }
  const object = ExportLogsServiceRequest.toObject(message, { longs: String, enums: Number, defaults: false, arrays: true });
  receiver.records.push(...flatten(object));
  if (receiver.answer === "hang") {
    open.add(res);
    return;
  }
  res.writeHead(receiver.answer, { "content-type": type || "application/x-protobuf" }).end();
}

/**
 * OTLP/JSON, read the way the schema reads it: every field must survive a trip
 * through the generated message (an unknown field, a wrong type or a wrong name
 * would not). protobufjs's verify() wants numbers for 64-bit fields, where
 * OTLP/JSON sends decimal strings, so the round trip is the check.
 * `eventName` is newer than this schema version and is compared apart.
 */
function fromJson(text: string): unknown {
  const value = JSON.parse(text) as unknown;
  const message = ExportLogsServiceRequest.fromObject(value);
  const back = ExportLogsServiceRequest.toObject(message, { longs: String, enums: Number });
  const sent = JSON.parse(text, (key, v: unknown) => (key === "eventName" ? undefined : v)) as unknown;
  if (canonical(back) !== canonical(sent))
    throw new Error(`not an ExportLogsServiceRequest: ${canonical(sent)} reads back as ${canonical(back)}`);
  return message;
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  );
}

interface KV {
  key: string;
  value: Record<string, unknown>;
}

function flatten(request: {
  resourceLogs?: Array<{
    resource?: { attributes?: KV[] };
    scopeLogs?: Array<{ scope?: { name: string; version: string }; logRecords?: Array<Record<string, unknown>> }>;
  }>;
}): Received[] {
  const out: Received[] = [];
  for (const rl of request.resourceLogs ?? []) {
    const resource = attributes(rl.resource?.attributes);
    for (const sl of rl.scopeLogs ?? []) {
      for (const lr of sl.logRecords ?? []) {
        const attrs = attributes(lr.attributes as KV[] | undefined);
        out.push({
          uid: String(attrs["log.record.uid"]),
          body: String(value((lr.body ?? {}) as Record<string, unknown>)),
          severityNumber: Number(lr.severityNumber ?? 0),
          severityText: String(lr.severityText ?? ""),
          timeUnixNano: String(lr.timeUnixNano ?? "0"),
          attributes: attrs,
          resource,
          scope: sl.scope ?? { name: "", version: "" },
        });
      }
    }
  }
  return out;
}

function attributes(list: KV[] | undefined): Record<string, unknown> {
  return Object.fromEntries((list ?? []).map((kv) => [kv.key, value(kv.value)]));
}

function value(v: Record<string, unknown>): unknown {
  if ("stringValue" in v) return v.stringValue;
  if ("boolValue" in v) return v.boolValue;
  if ("intValue" in v) return Number(v.intValue);
  if ("doubleValue" in v) return v.doubleValue;
  if ("arrayValue" in v) return ((v.arrayValue as { values?: Array<Record<string, unknown>> }).values ?? []).map(value);
  return undefined;
}
