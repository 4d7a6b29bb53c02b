// Crash-safe file writes: a reader (or a crash) sees the old file or the new
// one, never a truncated mix. Write a sibling temp file, fsync it, rename.
// No library: write-file-atomic takes the same steps plus what hookit does not use (chown,
// queueing writes to one path in a process) and brings imurmurhash and signal-exit into every
// hook call; the whole job is the twenty lines below.
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from "node:fs";
import { dirname } from "node:path";

export function writeFileAtomic(path: string, data: string, mode = 0o644): void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}.tmp`;
  try {
    const fd = openSync(tmp, "wx", mode);
    try {
      writeFully(fd, Buffer.from(data));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, path);
  } catch (error) {
    rmSync(tmp, { force: true });
    throw error;
  }
}

/**
 * writeSync may write fewer bytes than asked (a nearly full disk does that
 * without an error): keep writing until all of it is down, or let the error out.
 */
export function writeFully(fd: number, buffer: Buffer): void {
  for (let offset = 0; offset < buffer.length; ) offset += writeSync(fd, buffer, offset);
}
