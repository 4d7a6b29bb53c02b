// Export's configuration: off unless hookit's setting turns it on; the
// standard OTEL_EXPORTER_OTLP_* variables configure it; the setting wins.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, test } from "vitest";
import { telemetryConfig } from "../../src/telemetry/config.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function envWith(settings: unknown, vars: Record<string, string> = {}): Record<string, string> {
  const root = mkdtempSync(join(tmpdir(), "hookit-otel-config-"));
  dirs.push(root);
  if (settings !== undefined) {
    mkdirSync(join(root, "hookit"), { recursive: true });
    writeFileSync(join(root, "hookit", "settings.json"), typeof settings === "string" ? settings : JSON.stringify(settings));
  }
  return { XDG_CONFIG_HOME: root, ...vars };
}

const configOf = (settings: unknown, vars?: Record<string, string>) => {
  const result = telemetryConfig(envWith(settings, vars));
  if (!result.enabled || "error" in result) throw new Error(`expected a configuration, got ${JSON.stringify(result)}`);
  return result.config;
};

test("off without the setting, with it set to false, or with a broken settings file, whatever the variables say", () => {
  const vars = { OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:4318" };
  expect(telemetryConfig(envWith(undefined, vars))).toEqual({ enabled: false });
  expect(telemetryConfig(envWith({ telemetry: { otlp: false } }, vars))).toEqual({ enabled: false });
  expect(telemetryConfig(envWith({ telemetry: { otlp: { enabled: false, endpoint: "http://x" } } }, vars))).toEqual({ enabled: false });
  expect(telemetryConfig(envWith("{ not json", vars))).toEqual({ enabled: false });
});

test("the specification's defaults and endpoint rules", () => {
  expect(configOf({ telemetry: { otlp: true } })).toMatchObject({
    url: "http://localhost:4318/v1/logs",
    protocol: "http/protobuf",
    timeoutMs: 10_000,
    headers: {},
    includeInput: false,
    resource: { "service.name": "hookit" },
  });
  expect(configOf({ telemetry: { otlp: true } }, { OTEL_EXPORTER_OTLP_ENDPOINT: "https://otel.example.test:4318/" }).url).toBe(
    "https://otel.example.test:4318/v1/logs",
  );
  // A signal-specific endpoint is used as it is.
  expect(
    configOf(
      { telemetry: { otlp: true } },
      { OTEL_EXPORTER_OTLP_ENDPOINT: "http://a:1", OTEL_EXPORTER_OTLP_LOGS_ENDPOINT: "http://b:2/custom" },
    ).url,
  ).toBe("http://b:2/custom");
});

test("headers, timeout, protocol and resource from the variables; the logs-specific ones win over the general ones", () => {
  const config = configOf(
    { telemetry: { otlp: true } },
    {
      OTEL_EXPORTER_OTLP_HEADERS: "api-key=general,x-team=sec%20ops",
      OTEL_EXPORTER_OTLP_LOGS_HEADERS: "api-key=logs",
      OTEL_EXPORTER_OTLP_TIMEOUT: "2500",
      OTEL_EXPORTER_OTLP_LOGS_PROTOCOL: "http/json",
      OTEL_EXPORTER_OTLP_PROTOCOL: "http/protobuf",
      OTEL_RESOURCE_ATTRIBUTES: "service.name=from-attrs,deployment.environment.name=prod",
      OTEL_SERVICE_NAME: "guard",
    },
  );
  expect(config).toMatchObject({ headers: { "api-key": "logs", "x-team": "sec ops" }, timeoutMs: 2500, protocol: "http/json" });
  expect(config.resource).toEqual({ "service.name": "guard", "deployment.environment.name": "prod" });
});

test("what the setting states wins over the variables", () => {
  const config = configOf(
    {
      telemetry: {
        otlp: {
          endpoint: "http://127.0.0.1:9999",
          protocol: "http/json",
          headers: { "api-key": "setting" },
          timeoutMs: 500,
          serviceName: "org-guard",
          resourceAttributes: { "team.name": "platform" },
          includeInput: true,
        },
      },
    },
    {
      OTEL_EXPORTER_OTLP_LOGS_ENDPOINT: "http://elsewhere/v1/logs",
      OTEL_EXPORTER_OTLP_PROTOCOL: "http/protobuf",
      OTEL_EXPORTER_OTLP_HEADERS: "api-key=env",
      OTEL_SERVICE_NAME: "env-name",
    },
  );
  expect(config).toEqual({
    url: "http://127.0.0.1:9999/v1/logs",
    protocol: "http/json",
    headers: { "api-key": "setting" },
    timeoutMs: 500,
    resource: { "service.name": "org-guard", "team.name": "platform" },
    includeInput: true,
  });
});

test("a protocol hookit cannot speak or a bad endpoint is an error doctor shows, not a silent off", () => {
  expect(telemetryConfig(envWith({ telemetry: { otlp: true } }, { OTEL_EXPORTER_OTLP_PROTOCOL: "grpc" }))).toMatchObject({
    enabled: true,
    error: expect.stringContaining('"grpc" is not supported'),
  });
  expect(telemetryConfig(envWith({ telemetry: { otlp: { endpoint: "ftp://x" } } }))).toMatchObject({
    enabled: true,
    error: expect.stringContaining("not an http(s) URL"),
  });
});
