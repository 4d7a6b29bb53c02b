// Command-line options the way getopt reads them: bundled short flags (`-rf`),
// attached values (`-n5`, `--out=x`), `--` ends options, and GNU permutation
// (`rm ~ -rf`) unless the program stops at its first operand (wrappers).
import type { Field } from "./expand.ts";

export interface OptionSpec {
  /** Short options that take a value (`"ud"` for `-u root`, `-dX`). */
  short?: string;
  /** Long options that take a value (without the dashes). */
  long?: readonly string[];
  /** Options end at the first operand (`sudo`, `env`, `xargs`: the rest is a command). */
  posix?: boolean;
}

export interface Parsed {
  /** Every flag seen, short (`r`) and long (`recursive`), and options with a value. */
  flags: Set<string>;
  values: Map<string, Field[]>;
  operands: Field[];
  /** With `posix`: the index in `args` of the first operand. */
  rest: number;
}

export function parseOptions(args: readonly Field[], spec: OptionSpec = {}): Parsed {
  const flags = new Set<string>();
  const values = new Map<string, Field[]>();
  const operands: Field[] = [];
  const put = (name: string, value: Field) => {
    flags.add(name);
    values.set(name, [...(values.get(name) ?? []), value]);
  };
  let rest = args.length;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as Field;
    const text = arg.text;
    if (text === "--") {
      if (spec.posix) {
        rest = i + 1;
        break;
      }
      operands.push(...args.slice(i + 1));
      break;
    }
    if (!arg.resolved || text === "-" || !text.startsWith("-")) {
      if (spec.posix) {
        rest = i;
        break;
      }
      operands.push(arg);
      continue;
    }
    if (text.startsWith("--")) {
      const eq = text.indexOf("=");
      const name = eq < 0 ? text.slice(2) : text.slice(2, eq);
      if (eq >= 0) put(name, { text: text.slice(eq + 1), resolved: true });
      else if (spec.long?.includes(name) && i + 1 < args.length) put(name, args[++i] as Field);
      else flags.add(name);
      continue;
    }
    for (let k = 1; k < text.length; k++) {
      const letter = text[k] as string;
      if (spec.short?.includes(letter)) {
        const attached = text.slice(k + 1);
        if (attached) put(letter, { text: attached, resolved: true });
        else if (i + 1 < args.length) put(letter, args[++i] as Field);
        else flags.add(letter);
        break;
      }
      flags.add(letter);
    }
  }
  return { flags, values, operands, rest };
}
