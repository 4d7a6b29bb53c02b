// The names an archive on disk holds (tar, plain or gzip-compressed; zip), read at the time of the
// call: an extraction writes each of them below its folder, so self-protection judges the files it
// would create (`.claude/settings.local.json`, `.hookit/hookit.json`, `../x`) and the work-loss
// guard the files with work it would overwrite, where the folder alone says neither. An archive
// that is not there yet, compressed and too large, or in another format is not read
// (`undefined`): the extraction is then judged by its folder, as before.
import { closeSync, openSync, readFileSync, readSync, statSync } from "node:fs";
import { builtinModule } from "../base/builtin.ts";

/** A compressed archive is read whole, and unpacked in memory: past this size it is not read. */
const MAX_COMPRESSED = 64 * 1024 * 1024;
const MAX_MEMBERS = 20_000;
const BLOCK = 512;

/** Bytes of an archive at an offset: from a file on the disk, or from the unpacked text of a compressed one. */
type Reader = (at: number, length: number) => Buffer;

/**
 * The member names of the archive at `path`, as written in it; `undefined` when it cannot be read.
 * A plain tar is read header by header and a zip from its central directory, whatever their size;
 * a gzip-compressed tar is unpacked whole (up to MAX_COMPRESSED).
 */
export function archiveMembers(path: string): string[] | undefined {
  let fd: number | undefined;
  try {
    const size = statSync(path).size;
    fd = openSync(path, "r");
    const file = fd;
    const fromFile: Reader = (at, length) => {
      const buffer = Buffer.alloc(Math.max(0, Math.min(length, size - at)));
      readSync(file, buffer, 0, buffer.length, at);
      return buffer;
    };
    const head = fromFile(0, 4);
    if (head[0] === 0x1f && head[1] === 0x8b) {
      if (size > MAX_COMPRESSED) return undefined;
      const data = builtinModule<typeof import("node:zlib")>("node:zlib").gunzipSync(readFileSync(path), {
        maxOutputLength: 4 * MAX_COMPRESSED,
      });
      return tarMembers((at, length) => data.subarray(at, at + length), data.length);
    }
    if (head.length === 4 && head.readUInt32LE(0) === 0x04034b50) return zipMembers(fromFile, size);
    return tarMembers(fromFile, size);
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** ustar/GNU/pax headers in turn: a long name (`L`, a pax `path=`) names the entry after it. */
function tarMembers(read: Reader, size: number): string[] | undefined {
  const names: string[] = [];
  let longName: string | undefined;
  for (let at = 0; at + BLOCK <= size; ) {
    const header = read(at, BLOCK);
    if (header.every((byte) => byte === 0)) return names;
    if (!checksumHolds(header) || names.length >= MAX_MEMBERS) return undefined;
    const length = entrySize(header);
    if (length === undefined) return undefined;
    const type = String.fromCharCode(header[156] as number);
    // Only a long name's or a pax header's body is read; a file's is stepped over.
    if (type === "L") longName = cString(read(at + BLOCK, Math.min(length, 65536)));
    else if (type === "x") longName = paxPath(read(at + BLOCK, Math.min(length, 65536)).toString("utf8")) ?? longName;
    else if (type !== "g" && type !== "K") {
      const prefix = header.toString("ascii", 257, 262) === "ustar" ? cString(header.subarray(345, 500)) : "";
      names.push(longName ?? (prefix ? `${prefix}/${cString(header.subarray(0, 100))}` : cString(header.subarray(0, 100))));
      longName = undefined;
    }
    at += BLOCK + Math.ceil(length / BLOCK) * BLOCK;
  }
  return undefined; // cut short: not a whole archive
}

function checksumHolds(header: Buffer): boolean {
  const written = Number.parseInt(cString(header.subarray(148, 156)).trim(), 8);
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : (header[i] as number);
  return written === sum;
}

/** The size field: octal text, or (GNU, for large files) a big-endian number after a set high bit. */
function entrySize(header: Buffer): number | undefined {
  if (((header[124] as number) & 0x80) === 0) {
    const size = Number.parseInt(cString(header.subarray(124, 136)).trim() || "0", 8);
    return Number.isSafeInteger(size) && size >= 0 ? size : undefined;
  }
  let size = 0;
  for (let i = 125; i < 136; i++) size = size * 256 + (header[i] as number);
  return Number.isSafeInteger(size) ? size : undefined;
}

/** `27 path=very/long/name\n`: a pax record's path. */
const paxPath = (records: string): string | undefined => /(?:^|\n)\d+ path=([^\n]*)\n/.exec(records)?.[1];

const cString = (bytes: Buffer): string => {
  const end = bytes.indexOf(0);
  return bytes.toString("utf8", 0, end < 0 ? bytes.length : end);
};

/** The central directory's names, found from its end record (ZIP64 archives are not read). */
function zipMembers(read: Reader, size: number): string[] | undefined {
  const tailStart = Math.max(0, size - 22 - 0xffff);
  const tail = read(tailStart, size - tailStart);
  let end = -1;
  for (let at = tail.length - 22; at >= 0; at--)
    if (tail.readUInt32LE(at) === 0x06054b50) {
      end = at;
      break;
    }
  if (end < 0) return undefined;
  const count = tail.readUInt16LE(end + 10);
  const length = tail.readUInt32LE(end + 12);
  const offset = tail.readUInt32LE(end + 16);
  if (count === 0xffff || offset === 0xffffffff || count > MAX_MEMBERS || offset + length > size) return undefined;
  const directory = read(offset, length);
  const names: string[] = [];
  let at = 0;
  for (let k = 0; k < count; k++) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== 0x02014b50) return undefined;
    const nameLength = directory.readUInt16LE(at + 28);
    names.push(directory.toString("utf8", at + 46, at + 46 + nameLength));
    at += 46 + nameLength + directory.readUInt16LE(at + 30) + directory.readUInt16LE(at + 32);
  }
  return names;
}

/**
 * Where each member lands below `into` (GNU tar and unzip drop a leading `/`; `--strip-components`
 * drops leading parts), folders left out: what lands is the files.
 */
export function memberLandings(members: readonly string[], into: string, strip = 0): string[] {
  const out: string[] = [];
  for (const member of members) {
    if (member.endsWith("/")) continue;
    const parts = member
      .replace(/^\/+/, "")
      .split("/")
      .filter((part) => part !== "" && part !== ".");
    if (parts.length <= strip) continue;
    out.push(`${into.replace(/\/+$/, "")}/${parts.slice(strip).join("/")}`);
  }
  return out;
}
