// The hot path's process I/O: arguments, stdin, stdout/stderr. Kept apart
// from hook.ts so the decision code reads as a function of its inputs.
import { fstatSync, readFileSync, writeSync } from "node:fs";

export interface HookArgs {
  agent: string;
  nativeEvent: string;
}

export function parseHookArgs(argv: readonly string[]): HookArgs {
  let agent = "claude";
  let nativeEvent = "";
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === "--agent") agent = argv[++i] ?? "";
    else if (arg.startsWith("--agent=")) agent = arg.slice("--agent=".length);
    else if (!arg.startsWith("-") && nativeEvent === "") nativeEvent = arg;
  }
  return { agent, nativeEvent };
}

/**
 * Reads all of stdin. A blocking read of fd 0 is much cheaper than setting up
 * `process.stdin`; a non-blocking or TTY stdin (a person running it by hand)
 * falls back to the stream.
 */
export async function readStdin(): Promise<string> {
  // Someone typed `hookit hook` in a terminal: say what it waits for instead of hanging silently.
  if (stdinIsTerminal())
    process.stderr.write(
      "hookit hook: waiting for an agent's JSON payload on stdin (agents run this command; end input with Ctrl-D, or try `hookit check`)\n",
    );
  try {
    return readFileSync(0, "utf8");
  } catch {
    if (process.stdin.isTTY) return "";
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8");
  }
}

/**
 * Whether fd 0 is a terminal, without `node:tty` (it loads the net and stream
 * modules, a cost every hook call would pay): a character device that is not
 * one of the memory devices (/dev/null and friends, major number 1).
 */
function stdinIsTerminal(): boolean {
  try {
    const stat = fstatSync(0);
    return stat.isCharacterDevice() && Math.floor(stat.rdev / 256) % 4096 !== 1;
  } catch {
    return false;
  }
}

/**
 * Synchronous write of the whole reply (small). A non-blocking pipe that is full (EAGAIN) hands
 * the rest to the stream instead: the promise settles when the stream has written it, and the
 * caller waits for it before the process ends.
 */
export function writeAll(fd: 1 | 2, text: string): Promise<void> | undefined {
  if (!text) return undefined;
  const buffer = Buffer.from(text);
  let offset = 0;
  try {
    while (offset < buffer.length) offset += writeSync(fd, buffer, offset);
    return undefined;
  } catch {
    const stream = fd === 1 ? process.stdout : process.stderr;
    return new Promise((done) => stream.write(buffer.subarray(offset), () => done()));
  }
}

/**
 * A key repeated within one object of a JSON text (valid JSON: JSON.parse read
 * it already), else undefined. JSON.parse keeps a repeated key's last value
 * while another reader of the same payload may keep its first: on a pre-tool
 * event hookit would judge one call and the agent run another. One pass; the
 * strings are skipped with indexOf, so a large file content costs little.
 */
export function repeatedKey(text: string): string | undefined {
  const objects: Array<Set<string> | null> = []; // null: an array
  let keyNext = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      const end = stringEnd(text, i);
      if (keyNext) {
        const raw = text.slice(i + 1, end);
        const key = raw.includes("\\") ? (JSON.parse(`"${raw}"`) as string) : raw; // `"a\u0062"` is the key `ab`
        const keys = objects[objects.length - 1]!;
        if (keys.has(key)) return key;
        keys.add(key);
        keyNext = false;
      }
      i = end;
    } else if (c === 0x7b) {
      objects.push(new Set());
      keyNext = true;
    } else if (c === 0x5b) {
      objects.push(null);
      keyNext = false;
    } else if (c === 0x7d || c === 0x5d) {
      objects.pop();
      keyNext = false;
    } else if (c === 0x2c) keyNext = objects[objects.length - 1] != null;
  }
  return undefined;
}

/** The index of the quote that closes the string opening at `start`. */
function stringEnd(text: string, start: number): number {
  let end = text.indexOf('"', start + 1);
  for (;;) {
    if (end < 0) return text.length;
    let slashes = 0;
    while (text.charCodeAt(end - 1 - slashes) === 0x5c) slashes++;
    if (slashes % 2 === 0) return end;
    end = text.indexOf('"', end + 1);
  }
}
