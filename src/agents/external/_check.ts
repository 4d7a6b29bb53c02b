// Strict readers for what an external adapter answers. An answer is checked
// field by field, unknown fields included: a typo in an optional field would
// otherwise be silently ignored, and the protocol number is what allows new
// fields later. The reader throws `ShapeError` with the path of the first
// problem; the caller says which adapter and which call it was.
import { HookitError } from "../../base/errors.ts";
import { isRecord } from "../../base/is-record.ts";

// The answer checks below, and the rest of external/, start with it.
export { isRecord };

/** One problem in an answer, e.g. `registrations[0].kind must be one of …`. */
export class ShapeError extends HookitError {
  override name = "ShapeError";
  constructor(message: string) {
    super("E_SHAPE", message);
  }
}

/** An external adapter that cannot be used: missing, unloadable, or answering outside the protocol. */
export class ExternalAdapterError extends HookitError {
  override name = "ExternalAdapterError";
  constructor(message: string) {
    super("E_EXTERNAL_ADAPTER", message);
  }
}

export type Check = (value: unknown, where: string) => void;
export interface Field {
  check: Check;
  optional: boolean;
}
export type Fields = Record<string, Field>;

export const required = (check: Check): Field => ({ check, optional: false });
export const optional = (check: Check): Field => ({ check, optional: true });

/** Names the JSON type of a value for messages. */
export function describeValue(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string") return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  if (typeof value === "number" || typeof value === "boolean") return `${typeof value} ${String(value)}`;
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

function fail(where: string, problem: string): never {
  throw new ShapeError(`${where || "the answer"} ${problem}`);
}

export const anyValue: Check = () => {};

export const string: Check = (value, where) => {
  if (typeof value !== "string") fail(where, `must be a string, got ${describeValue(value)}`);
};

export const nonEmptyString: Check = (value, where) => {
  if (typeof value !== "string" || value === "") fail(where, `must be a non-empty string, got ${describeValue(value)}`);
};

export const boolean: Check = (value, where) => {
  if (typeof value !== "boolean") fail(where, `must be true or false, got ${describeValue(value)}`);
};

export const finiteNumber: Check = (value, where) => {
  if (typeof value !== "number" || !Number.isFinite(value)) fail(where, `must be a number, got ${describeValue(value)}`);
};

export function integer(min: number, max = Number.MAX_SAFE_INTEGER): Check {
  return (value, where) => {
    if (!Number.isInteger(value) || (value as number) < min || (value as number) > max) {
      fail(where, `must be an integer from ${min}${max === Number.MAX_SAFE_INTEGER ? "" : ` to ${max}`}, got ${describeValue(value)}`);
    }
  };
}

export function oneOf(values: readonly unknown[]): Check {
  return (value, where) => {
    if (!values.includes(value)) fail(where, `must be ${values.map((v) => JSON.stringify(v)).join(" or ")}, got ${describeValue(value)}`);
  };
}

export const anyObject: Check = (value, where) => {
  if (!isRecord(value)) fail(where, `must be an object, got ${describeValue(value)}`);
};

export function arrayOf(check: Check): Check {
  return (value, where) => {
    if (!Array.isArray(value)) fail(where, `must be an array, got ${describeValue(value)}`);
    value.forEach((item, i) => check(item, `${where}[${i}]`));
  };
}

/**
 * An object with exactly these fields (an `undefined` value counts as absent).
 * `open` objects may carry more fields (Pi content blocks do).
 */
export function object(fields: Fields, open = false): Check {
  return (value, where) => {
    if (!isRecord(value)) fail(where, `must be an object, got ${describeValue(value)}`);
    for (const [key, field] of Object.entries(fields)) {
      const at = where === "" ? key : `${where}.${key}`;
      if (value[key] !== undefined) field.check(value[key], at);
      else if (!field.optional) fail(at, "is missing");
    }
    if (open) return;
    for (const key of Object.keys(value)) {
      if (!Object.hasOwn(fields, key) && value[key] !== undefined) {
        fail(where === "" ? key : `${where}.${key}`, "is not a field of protocol 1");
      }
    }
  };
}
