// `telemetry.otlp` in hookit's settings: `true`, or an object whose `enabled`
// is not false. Shared by the hot path's check (kick.ts) and the full reading
// of the configuration (config.ts), so both agree on when export is on.

/** The setting's object (`{}` for `true`), or undefined when export is off. */
export function otlpSettingIn(settingsText: string): Record<string, unknown> | undefined {
  if (!settingsText.includes('"telemetry"')) return undefined;
  let otlp: unknown;
  try {
    otlp = (JSON.parse(settingsText) as { telemetry?: { otlp?: unknown } } | null)?.telemetry?.otlp;
  } catch {
    return undefined;
  }
  if (otlp === true) return {};
  if (otlp === null || typeof otlp !== "object" || Array.isArray(otlp)) return undefined;
  return (otlp as { enabled?: unknown }).enabled === false ? undefined : (otlp as Record<string, unknown>);
}
