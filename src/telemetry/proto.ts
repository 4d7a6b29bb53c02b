// ExportLogsServiceRequest in protobuf's wire format (OTLP/HTTP's default
// http/protobuf), written by hand for the handful of messages hookit sends:
// hookit ships with no runtime dependencies. Field numbers are those of
// opentelemetry/proto/{collector/logs,logs,common,resource}/v1/*.proto; the
// tests decode the bytes with the OpenTelemetry project's generated code.
import type { AnyValue, ExportLogsRequest, KeyValue, OtlpLogRecord } from "./otlp.ts";

type Chunk = Buffer;

export function encodeExportLogsRequest(request: ExportLogsRequest): Buffer {
  return Buffer.concat(
    request.resourceLogs.map((rl) =>
      message(
        1,
        Buffer.concat([
          message(1, Buffer.concat(rl.resource.attributes.map((kv) => message(1, keyValue(kv))))),
          ...rl.scopeLogs.map((sl) =>
            message(
              2,
              Buffer.concat([
                message(1, Buffer.concat([string(1, sl.scope.name), string(2, sl.scope.version)])),
                ...sl.logRecords.map((r) => message(2, logRecord(r))),
              ]),
            ),
          ),
        ]),
      ),
    ),
  );
}

// --- internal ---

function logRecord(r: OtlpLogRecord): Chunk {
  return Buffer.concat([
    fixed64(1, BigInt(r.timeUnixNano)),
    varintField(2, BigInt(r.severityNumber)),
    string(3, r.severityText),
    message(5, anyValue(r.body)),
    ...r.attributes.map((kv) => message(6, keyValue(kv))),
    fixed64(11, BigInt(r.observedTimeUnixNano)),
    string(12, r.eventName),
  ]);
}

function keyValue(kv: KeyValue): Chunk {
  return Buffer.concat([string(1, kv.key), message(2, anyValue(kv.value))]);
}

function anyValue(v: AnyValue): Chunk {
  if ("stringValue" in v) return string(1, v.stringValue, true);
  if ("boolValue" in v) return varintField(2, v.boolValue ? 1n : 0n, true);
  if ("intValue" in v) return varintField(3, BigInt.asUintN(64, BigInt(v.intValue)), true);
  if ("doubleValue" in v) {
    const out = Buffer.alloc(9);
    out[0] = (4 << 3) | 1;
    out.writeDoubleLE(v.doubleValue, 1);
    return out;
  }
  return message(5, Buffer.concat(v.arrayValue.values.map((inner) => message(1, anyValue(inner)))), true);
}

/** A length-delimited field (wire type 2). `always` writes it even when empty (a oneof member). */
function message(field: number, body: Buffer, always = false): Chunk {
  if (body.length === 0 && !always) return Buffer.alloc(0);
  return Buffer.concat([varint(BigInt((field << 3) | 2)), varint(BigInt(body.length)), body]);
}

function string(field: number, text: string, always = false): Chunk {
  return message(field, Buffer.from(text, "utf8"), always);
}

/** proto3 leaves zero scalars out, except as a oneof member (`always`). */
function varintField(field: number, value: bigint, always = false): Chunk {
  if (value === 0n && !always) return Buffer.alloc(0);
  return Buffer.concat([varint(BigInt(field << 3)), varint(value)]);
}

function fixed64(field: number, value: bigint): Chunk {
  if (value === 0n) return Buffer.alloc(0);
  const out = Buffer.alloc(9);
  out[0] = (field << 3) | 1;
  out.writeBigUInt64LE(value, 1);
  return out;
}

function varint(value: bigint): Buffer {
  const bytes: number[] = [];
  let rest = value;
  do {
    let byte = Number(rest & 0x7fn);
    rest >>= 7n;
    if (rest > 0n) byte |= 0x80;
    bytes.push(byte);
  } while (rest > 0n);
  return Buffer.from(bytes);
}
