// A JSON object (not null, not an array): the check every payload, config file and event reader starts with.
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
