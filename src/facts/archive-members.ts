// The names an archive on disk holds (tar, plain or gzip-compressed; zip), read at the time of the
// call: an extraction writes each of them below its folder, so self-protection judges the files it
// would create (`.claude/settings.local.json`, `.hookit/hookit.json`, `../x`) and the work-loss
// guard the files with work it would overwrite, where the folder alone says neither. An archive
// that is not there yet, too large, or in another format is not read (`undefined`): the
// extraction is then judged by its folder, as before.
import { readFileSync, statSync } from "node:fs";
import { builtinModule } from "../base/builtin.ts";

const MAX_ARCHIVE = 64 * 1024 * 1024;
const MAX_MEMBERS = 20_000;
const BLOCK = 512;

/** The member names of the archive at `path`, as written in it; `undefined` when it cannot be read. */
export function archiveMembers(path: string): string[] | undefined {
  let data: Buffer;
  try {
    if (statSync(path).size > MAX_ARCHIVE) return undefined;
    data = readFileSync(path);
    if (data[0] === 0x1f && data[1] === 0x8b)
      data = builtinModule<typeof import("node:zlib")>("node:zlib").gunzipSync(data, { maxOutputLength: 4 * MAX_ARCHIVE });
  } catch {
    return undefined;
  }
  if (data.length >= 4 && data.readUInt32LE(0) === 0x04034b50) return zipMembers(data);
  return tarMembers(data);
}

/** ustar/GNU/pax headers in turn: a long name (`L`, a pax `path=`) names the entry after it. */
function tarMembers(data: Buffer): string[] | undefined {
  const names: string[] = [];
  let longName: string | undefined;
  for (let at = 0; at + BLOCK <= data.length; ) {
    const header = data.subarray(at, at + BLOCK);
    if (header.every((byte) => byte === 0)) return names;
    if (!checksumHolds(header) || names.length >= MAX_MEMBERS) return undefined;
    const size = entrySize(header);
    if (size === undefined) return undefined;
    const type = String.fromCharCode(header[156] as number);
    const body = data.subarray(at + BLOCK, at + BLOCK + size);
    if (type === "L") longName = cString(body);
    else if (type === "x") longName = paxPath(body.toString("utf8")) ?? longName;
    else if (type !== "g" && type !== "K") {
      const prefix = header.toString("ascii", 257, 262) === "ustar" ? cString(header.subarray(345, 500)) : "";
      names.push(longName ?? (prefix ? `${prefix}/${cString(header.subarray(0, 100))}` : cString(header.subarray(0, 100))));
      longName = undefined;
    }
    at += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
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
function zipMembers(data: Buffer): string[] | undefined {
  const from = Math.max(0, data.length - 22 - 0xffff);
  let end = -1;
  for (let at = data.length - 22; at >= from; at--)
    if (data.readUInt32LE(at) === 0x06054b50) {
      end = at;
      break;
    }
  if (end < 0) return undefined;
  const count = data.readUInt16LE(end + 10);
  let at = data.readUInt32LE(end + 16);
  if (count === 0xffff || at === 0xffffffff || count > MAX_MEMBERS) return undefined;
  const names: string[] = [];
  for (let k = 0; k < count; k++) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== 0x02014b50) return undefined;
    const length = data.readUInt16LE(at + 28);
    names.push(data.toString("utf8", at + 46, at + 46 + length));
    at += 46 + length + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
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
