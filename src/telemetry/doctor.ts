// What `hookit doctor` says about decision export: off, or where it goes, how
// much of the decision log the collector has not acknowledged yet, and the
// last error the shipper met.
import { stateDir as stateDirOf, type Env } from "../base/paths.ts";
import { telemetryConfig } from "./config.ts";
import { backlogBytes } from "./spool.ts";
import { readCursor, readStatus } from "./state.ts";

/** A `hookit doctor` check (doctor/index.ts's Check, which this folder must not import: doctor imports it). */
export interface TelemetryCheck {
  status: "ok" | "warn" | "error" | "info";
  message: string;
  fix?: string;
}

export function telemetryChecks(env: Env): TelemetryCheck[] {
  const configured = telemetryConfig(env);
  if (!configured.enabled)
    return [
      {
        status: "info",
        message: "telemetry: decision export is off (telemetry.otlp in hookit's settings.json turns it on; docs/teams/telemetry.md)",
      },
    ];
  if ("error" in configured)
    return [
      {
        status: "error",
        message: `telemetry: export is on but cannot run: ${configured.error}`,
        fix: "fix the setting or the OTEL_EXPORTER_OTLP_* variable (docs/teams/telemetry.md)",
      },
    ];
  const dir = stateDirOf(env);
  const { url, protocol } = configured.config;
  const status = readStatus(dir);
  const backlog = backlogBytes(dir, readCursor(dir));
  const checks: TelemetryCheck[] = [
    {
      status: "ok",
      message: `telemetry: decisions go to ${url} (${protocol}); ${status.shipped} shipped${status.lastSuccessAt ? `, last at ${status.lastSuccessAt}` : ""}; backlog ${formatBytes(backlog)} of the decision log`,
    },
  ];
  if (status.lastError && (!status.lastSuccessAt || (status.lastErrorAt ?? "") > status.lastSuccessAt)) {
    checks.push({
      status: "warn",
      message: `telemetry: the last shipment failed (${status.lastErrorAt}): ${status.lastError}; the records wait in the decision log`,
      fix: "check the collector, then: hookit telemetry ship",
    });
  }
  if (status.gaps) {
    checks.push({
      status: "warn",
      message: `telemetry: the decision log rotated twice past the shipper's position ${status.gaps} time(s) (the collector was unreachable for long): decisions may have been lost for the collector (the log itself rotated them away)`,
      fix: "raise HOOKIT_LOG_MAX_BYTES, or run hookit telemetry ship from a timer",
    });
  }
  return checks;
}

function formatBytes(n: number): string {
  return n < 1024 ? `${n} B` : n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KiB` : `${(n / 1024 / 1024).toFixed(1)} MiB`;
}
