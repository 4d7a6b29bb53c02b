// A shell tool's input as Claude Code, Kimi, OpenCode and droid send it: a `command`, a `timeout`
// and, on some, the directory it runs in. One reader, so the same input becomes the same `bash` call.
import type { FieldReader } from "./fields.ts";
import type { Payload } from "./payload.ts";
import { inDirectory } from "./shell-quote.ts";

interface ShellInput {
  /** The field naming the directory the command runs in: the command becomes `cd -- <dir> && <command>`. */
  dir?: string;
  /** The agent's timeout is in milliseconds (Pi's is in seconds). */
  timeoutInMs?: true;
}

/** The normalizer of a shell tool whose input is `command`, `timeout` and maybe `dir`. */
export function shellNormalizer({ dir, timeoutInMs }: ShellInput): (input: Payload, f: FieldReader) => Record<string, unknown> {
  const perSecond = timeoutInMs ? 1000 : 1;
  return (input, f) => {
    const command = f.string("command");
    const out: Record<string, unknown> = { command: dir === undefined ? command : inDirectory(command, input[dir]) };
    const timeout = input.timeout;
    if (typeof timeout === "number" && Number.isFinite(timeout)) out.timeout = timeout / perSecond;
    return out;
  };
}
