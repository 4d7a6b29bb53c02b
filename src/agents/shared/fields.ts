// Reading a tool's input fields with errors that name the field, the tool and
// the payload (shared by every adapter that maps native tools onto hookit's).
import { describe } from "./payload.ts";
import { PayloadError } from "../../contract/types.ts";

export interface FieldReader {
  fail(key: string, wanted: string, value: unknown): PayloadError;
  string(key: string): string;
  /** The listed fields that are strings, renamed (`{ native: normalized }`). */
  optionalStrings(names: Record<string, string>): Record<string, string>;
  /** The listed fields that are finite numbers, renamed. */
  optionalNumbers(names: Record<string, string>): Record<string, number>;
}

/** `prefix` is how the payload names the input object in messages, e.g. `tool_input.`. */
export function fieldReader(input: Record<string, unknown>, tool: string, where: string, prefix = "tool_input."): FieldReader {
  const fail = (key: string, wanted: string, value: unknown) =>
    new PayloadError(`${where}: ${prefix}${key} of ${tool} must be ${wanted}, got ${describe(value)}`);
  const pick = <T>(names: Record<string, string>, keep: (value: unknown) => value is T): Record<string, T> => {
    const out: Record<string, T> = {};
    const natives = Object.keys(names);
    for (let i = 0; i < natives.length; i++) {
      const value = input[natives[i]!];
      if (keep(value)) out[names[natives[i]!]!] = value;
    }
    return out;
  };
  return {
    fail,
    string(key) {
      const value = input[key];
      if (typeof value !== "string") throw fail(key, "a string", value);
      return value;
    },
    optionalStrings: (names) => pick(names, (value): value is string => typeof value === "string"),
    optionalNumbers: (names) => pick(names, (value): value is number => typeof value === "number" && Number.isFinite(value)),
  };
}

/**
 * The one string a field holds under any of its spellings (`names`: one per release or platform
 * of the agent), or undefined. Two spellings with different values are refused: which one the
 * agent acts on depends on its release, and a guard must not see only the harmless one.
 */
export function soleString(args: Record<string, unknown>, names: readonly string[], tool: string): string | undefined {
  let found: [name: string, value: string] | undefined;
  for (const name of names) {
    const value = args[name];
    if (typeof value !== "string") continue;
    if (found && found[1] !== value) {
      throw new PayloadError(`tool input of ${tool} names two different values for one field: "${found[0]}" and "${name}"`);
    }
    found ??= [name, value];
  }
  return found?.[1];
}
