// sed's scripts on its command line, read by sed's entry (programs-text.ts) and by the
// disguised-secrets reading (disguised.ts), which must not load the whole text family.
import type { Field } from "./expand.ts";
import { parseOptions } from "./options.ts";

/** sed's scripts on its command line: each `-e`, or else (without a `-f` file) the first operand; `inFile`: some are in a file. */
export function sedScripts(args: readonly Field[]): { scripts: Field[]; inFile: boolean } {
  const parsed = parseOptions(args, { short: "eflE", long: ["expression", "file", "line-length"] });
  const scripts = [...(parsed.values.get("e") ?? []), ...(parsed.values.get("expression") ?? [])];
  const inFile = parsed.values.has("f") || parsed.values.has("file");
  if (scripts.length === 0 && !inFile && parsed.operands[0]) scripts.push(parsed.operands[0]);
  return { scripts, inFile };
}
