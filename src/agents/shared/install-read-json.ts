// An agent's own JSON(C) file as doctor reads it to find hookit's plugin there.
import { readFileSync } from "node:fs";
import { parse as parseJsonc } from "jsonc-parser";
import { isRecord } from "../../base/is-record.ts";

/** The file's top-level object; `{}` when it is missing, unreadable or not an object, which then records no plugin. */
export function readJsonObject(file: string): Record<string, unknown> {
  try {
    const value: unknown = parseJsonc(readFileSync(file, "utf8"));
    return isRecord(value) ? value : {};
  } catch {
    return {};
  }
}
