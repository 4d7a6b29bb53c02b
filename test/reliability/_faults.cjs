"use strict";
// Fault injection for hookit processes, preloaded with `node --require <this>`.
// It wraps the synchronous fs calls that change the disk, so a test can make
// the real binary meet a full disk or a read-only directory, or die by SIGKILL
// at an exact point of a write. Controlled by environment variables:
//   HOOKIT_FAULT_PATH   regex; only paths matching it are touched (default: all)
//   HOOKIT_FAULT_ERRNO  e.g. ENOSPC or EROFS: every matching change fails so
//   HOOKIT_FAULT_CALLS  comma list (e.g. "writeSync"): fail only these calls
//   HOOKIT_FAULT_KILL_AT  N: SIGKILL at the N-th matching change (1-based)
//   HOOKIT_FAULT_KILL_MODE  "before" (default) the change, or "half": write half
//                         the bytes (other calls: do the call) and then die
//   HOOKIT_FAULT_SHORT  N: a disk that fills up mid-write: the first writeSync to a
//                       matching file writes at most N bytes and returns that count
//                       (as write(2) does), later ones fail with ENOSPC
//   HOOKIT_FAULT_LOG    file that gets one line per matching change ("call path"; a
//                       writeSync to a file opened for appending is "appendSync")
const fs = require("node:fs");

const pattern = process.env.HOOKIT_FAULT_PATH ? new RegExp(process.env.HOOKIT_FAULT_PATH) : undefined;
const errno = process.env.HOOKIT_FAULT_ERRNO;
const faultCalls = process.env.HOOKIT_FAULT_CALLS ? process.env.HOOKIT_FAULT_CALLS.split(",") : undefined;
const killAt = Number(process.env.HOOKIT_FAULT_KILL_AT || 0);
const killMode = process.env.HOOKIT_FAULT_KILL_MODE || "before";
const logFile = process.env.HOOKIT_FAULT_LOG;
const shortAt = process.env.HOOKIT_FAULT_SHORT === undefined ? undefined : Number(process.env.HOOKIT_FAULT_SHORT);
let diskFull = false;
const original = { ...fs };
const writable = new Map(); // fd -> path, for files opened to be written
const appended = new Set(); // fds opened with O_APPEND: their writes are logged as "appendSync"
const appending = (flags) => (typeof flags === "string" ? flags.includes("a") : (flags & fs.constants.O_APPEND) !== 0);
let seen = 0;
let depth = 0; // fs calls made inside a wrapped call are not counted again

function matches(path) {
  return typeof path === "string" && (pattern === undefined || pattern.test(path));
}

function die() {
  process.kill(process.pid, "SIGKILL");
}

function fail(call, path) {
  if (!errno || (faultCalls && !faultCalls.includes(call))) return;
  const error = new Error(`${errno}: injected fault, ${call} '${path}'`);
  error.code = errno;
  error.syscall = call.replace(/Sync$/, "");
  error.path = path;
  throw error;
}

/** Half of the data a write call would write, as the same call's arguments. */
function halfArgs(call, args) {
  const [target, data, ...rest] = args;
  const buffer = Buffer.isBuffer(data) ? data : typeof data === "string" ? Buffer.from(data) : undefined;
  if (buffer === undefined) return args;
  if (call === "writeSync") {
    const offset = typeof rest[0] === "number" ? rest[0] : 0;
    const length = typeof rest[1] === "number" ? rest[1] : buffer.length - offset;
    return [target, buffer, offset, Math.floor(length / 2)];
  }
  return [target, buffer.subarray(0, Math.floor(buffer.length / 2)), ...rest];
}

function wrap(call, pathOf) {
  const real = original[call];
  fs[call] = function (...args) {
    if (depth > 0) return real.apply(this, args);
    const path = pathOf(args);
    if (!matches(path)) return real.apply(this, args);
    seen += 1;
    if (logFile) original.appendFileSync(logFile, `${call === "writeSync" && appended.has(args[0]) ? "appendSync" : call} ${path}\n`);
    fail(call, path);
    if (seen === killAt && killMode === "before") die();
    depth += 1;
    try {
      if (call === "writeSync" && shortAt !== undefined) return shortWrite(real, this, args);
      if (seen === killAt) {
        const writes = call === "writeSync" || call === "writeFileSync" || call === "appendFileSync";
        real.apply(this, writes ? halfArgs(call, args) : args);
        die();
      }
      return real.apply(this, args);
    } finally {
      depth -= 1;
    }
  };
}

function shortWrite(real, self, args) {
  if (diskFull) {
    const error = new Error("ENOSPC: no space left on device, write");
    error.code = "ENOSPC";
    throw error;
  }
  diskFull = true;
  const [fd, data, position, encoding] = args;
  if (typeof data === "string") {
    const buffer = Buffer.from(data, typeof encoding === "string" ? encoding : "utf8");
    return real.call(self, fd, buffer, 0, Math.min(shortAt, buffer.length));
  }
  const offset = typeof position === "number" ? position : 0;
  const length = typeof encoding === "number" ? encoding : data.length - offset;
  return real.call(self, fd, data, offset, Math.min(shortAt, length));
}

const byPath = (args) => (typeof args[0] === "string" ? args[0] : undefined);
const byFd = (args) => writable.get(args[0]);

const openReal = original.openSync;
fs.openSync = function (path, flags, ...rest) {
  const write = typeof flags === "string" ? /[wax+]/.test(flags) : typeof flags === "number" && (flags & 3) !== 0;
  if (depth === 0 && write && matches(path)) {
    seen += 1;
    if (logFile) original.appendFileSync(logFile, `openSync ${path}\n`);
    fail("openSync", path);
    if (seen === killAt) die();
  }
  const fd = openReal.call(this, path, flags, ...rest);
  if (write && typeof path === "string") writable.set(fd, path);
  if (write && appending(flags)) appended.add(fd);
  return fd;
};
const closeReal = original.closeSync;
fs.closeSync = function (fd) {
  writable.delete(fd);
  appended.delete(fd);
  return closeReal.call(this, fd);
};

for (const call of ["writeFileSync", "appendFileSync", "mkdirSync", "renameSync", "rmSync", "unlinkSync", "rmdirSync"]) {
  wrap(call, byPath);
}
wrap("writeSync", byFd);
wrap("fsyncSync", byFd);

// ESM modules (the CLI) see builtins through a snapshot; refresh it.
require("node:module").syncBuiltinESMExports();
