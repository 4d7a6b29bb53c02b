// Where and how decisions are exported: hookit's setting (`telemetry.otlp` in
// ~/.config/hookit/settings.json) turns export on, the standard
// OTEL_EXPORTER_OTLP_* variables configure it. Off by default, and never turned
// on by the variables alone: many machines set OTEL_EXPORTER_OTLP_ENDPOINT for
// other programs, and a user's decisions must not start flowing to a collector
// because of that. What the setting states wins over the variables, the way
// options given in code win over the environment in OpenTelemetry's own SDKs.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { configDir, type Env } from "../base/paths.ts";
import { otlpSettingIn } from "../run/telemetry-kick.ts";

type OtlpProtocol = "http/protobuf" | "http/json";

export interface TelemetryConfig {
  /** The full logs URL (`…/v1/logs`). */
  url: string;
  protocol: OtlpProtocol;
  headers: Record<string, string>;
  timeoutMs: number;
  /** Resource attributes: OTEL_RESOURCE_ATTRIBUTES, then OTEL_SERVICE_NAME, then the setting's. */
  resource: Record<string, string>;
  /** Send each call's recorded (already redacted) events as `hookit.input`. */
  includeInput: boolean;
}

export type ConfigResult = { enabled: false } | { enabled: true; config: TelemetryConfig } | { enabled: true; error: string };

interface OtlpSetting {
  enabled?: unknown;
  endpoint?: unknown;
  protocol?: unknown;
  headers?: unknown;
  timeoutMs?: unknown;
  serviceName?: unknown;
  resourceAttributes?: unknown;
  includeInput?: unknown;
}

const DEFAULT_ENDPOINT = "http://localhost:4318";
const DEFAULT_TIMEOUT_MS = 10_000;

function settingsPath(env: Env): string {
  return join(configDir(env), "settings.json");
}

/** `telemetry.otlp` from hookit's settings, or undefined when export is off. */
function readOtlpSetting(env: Env): OtlpSetting | undefined {
  try {
    return otlpSettingIn(readFileSync(settingsPath(env), "utf8"));
  } catch {
    return undefined;
  }
}

export function telemetryConfig(env: Env): ConfigResult {
  const setting = readOtlpSetting(env);
  if (!setting) return { enabled: false };
  const problem = (message: string): ConfigResult => ({ enabled: true, error: `${settingsPath(env)}: telemetry.otlp.${message}` });
  const protocol =
    stringSetting(setting.protocol) ?? env.OTEL_EXPORTER_OTLP_LOGS_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL ?? "http/protobuf";
  if (protocol !== "http/protobuf" && protocol !== "http/json") {
    return { enabled: true, error: `OTLP protocol "${protocol}" is not supported: hookit sends http/protobuf or http/json` };
  }
  const url = logsUrl(setting, env);
  if (!/^https?:\/\//.test(url)) return problem(`endpoint "${url}" is not an http(s) URL`);
  const timeout = Number(setting.timeoutMs ?? env.OTEL_EXPORTER_OTLP_LOGS_TIMEOUT ?? env.OTEL_EXPORTER_OTLP_TIMEOUT ?? DEFAULT_TIMEOUT_MS);
  if (!Number.isFinite(timeout) || timeout <= 0) return problem("timeoutMs must be a positive number of milliseconds");
  const headers = {
    ...parseKeyValues(env.OTEL_EXPORTER_OTLP_HEADERS),
    ...parseKeyValues(env.OTEL_EXPORTER_OTLP_LOGS_HEADERS),
    ...stringRecord(setting.headers),
  };
  const resource: Record<string, string> = { "service.name": "hookit", ...parseKeyValues(env.OTEL_RESOURCE_ATTRIBUTES) };
  if (env.OTEL_SERVICE_NAME) resource["service.name"] = env.OTEL_SERVICE_NAME;
  Object.assign(resource, stringRecord(setting.resourceAttributes));
  const serviceName = stringSetting(setting.serviceName);
  if (serviceName) resource["service.name"] = serviceName;
  return { enabled: true, config: { url, protocol, headers, timeoutMs: timeout, resource, includeInput: setting.includeInput === true } };
}

// --- internal ---

/**
 * The specification's rule: a signal-specific endpoint is used as is; the
 * general one gets `v1/logs` appended. The setting's `endpoint` is a general one.
 */
function logsUrl(setting: OtlpSetting, env: Env): string {
  const base = stringSetting(setting.endpoint);
  if (base) return appendLogsPath(base);
  if (env.OTEL_EXPORTER_OTLP_LOGS_ENDPOINT) return env.OTEL_EXPORTER_OTLP_LOGS_ENDPOINT;
  return appendLogsPath(env.OTEL_EXPORTER_OTLP_ENDPOINT || DEFAULT_ENDPOINT);
}

function appendLogsPath(base: string): string {
  return `${base.endsWith("/") ? base : `${base}/`}v1/logs`;
}

/** `k1=v1,k2=v2` with percent-encoded values (W3C baggage style, as the OTel variables use it). */
function parseKeyValues(text: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (text ?? "").split(",")) {
    const at = pair.indexOf("=");
    if (at <= 0) continue;
    const key = pair.slice(0, at).trim();
    try {
      out[key] = decodeURIComponent(pair.slice(at + 1).trim());
    } catch {
      out[key] = pair.slice(at + 1).trim();
    }
  }
  return out;
}

function stringSetting(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

function stringRecord(value: unknown): Record<string, string> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
}
