// Project trust: a project policy runs shell commands, so hookit only loads it
// after the user said so. `hookit trust` records the sha256 of the file's bytes
// and keeps a copy of the trusted text; any edit changes the digest and needs a
// new `hookit trust`, and until then the trusted copy stays enforced, so an edit
// (by anyone, the agent included) can never switch the project's guards off.
import { crypto } from "../base/crypto.lazy.ts";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomic } from "../base/fs-atomic.ts";
import { readIfExists } from "../base/read-if-exists.ts";
import { stateDir, type Env } from "../base/paths.ts";
import { resolvePolicyFiles, type PolicyFiles } from "./policy.ts";
import { joinPath } from "../base/path-join.ts";

function policyDigest(text: string | Buffer): string {
  return crypto().createHash("sha256").update(text).digest("hex");
}

function trustFile(env: Env = process.env): string {
  return joinPath(stateDir(env), "trust.json");
}

/**
 * Absolute policy path → sha256 of the trusted bytes. A missing or damaged store
 * trusts nothing; one that exists but cannot be read (permissions taken away, a
 * folder in its place) is an error, so the caller fails closed instead of
 * quietly running without the project's guards.
 */
export function readTrust(env: Env = process.env): Record<string, string> {
  let text: string | undefined;
  try {
    text = readIfExists(trustFile(env));
  } catch (error) {
    throw new Error(
      `hookit's trust store ${trustFile(env)} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
  // No store (or no state directory at all: a file in its place) trusts nothing.
  if (text === undefined) return Object.create(null);
  try {
    const data: unknown = JSON.parse(text);
    if (data && typeof data === "object" && !Array.isArray(data)) {
      const out: Record<string, string> = Object.create(null);
      for (const [k, v] of Object.entries(data)) if (typeof v === "string") out[k] = v;
      return out;
    }
  } catch {
    // fall through: trust nothing
  }
  return Object.create(null);
}

export function isTrusted(policyPath: string, text: string | Buffer, env: Env = process.env): boolean {
  return trustReader(env).trusted(policyPath, text);
}

export function trustPolicy(policyPath: string, text: string | Buffer, env: Env = process.env): void {
  const store = readTrust(env);
  const digest = policyDigest(text);
  // The copy first: a trust entry always has its text to fall back on.
  keepTrustedCopy(policyPath, text, digest, env);
  store[policyPath] = digest;
  writeFileAtomic(trustFile(env), JSON.stringify(store, null, 2) + "\n", 0o600);
  setRevoked(policyPath, undefined, env);
}

/** Where the trusted text of one policy file is kept. */
function copyFile(policyPath: string, env: Env): string {
  return join(stateDir(env), "trusted", `${policyDigest(policyPath).slice(0, 32)}.json`);
}

function keepTrustedCopy(policyPath: string, text: string | Buffer, digest: string, env: Env): void {
  const body = { path: policyPath, sha256: digest, text: typeof text === "string" ? text : text.toString("utf8") };
  writeFileAtomic(copyFile(policyPath, env), JSON.stringify(body) + "\n", 0o600);
}

/** The trust store read once, for every lookup of one hook call. */
export interface TrustReader {
  trusted(policyPath: string, text: string | Buffer): boolean;
  /** The text last trusted for this path, when its kept copy matches the trust entry. */
  lastTrusted(policyPath: string): string | undefined;
  /** Whether the path has any trust entry. */
  known(policyPath: string): boolean;
}

export function trustReader(env: Env = process.env): TrustReader {
  const store = readTrust(env);
  return {
    trusted: (path, text) => store[path] !== undefined && store[path] === policyDigest(text),
    known: (path) => store[path] !== undefined,
    lastTrusted(path) {
      const digest = store[path];
      if (digest === undefined) return undefined;
      try {
        const copy = JSON.parse(readFileSync(copyFile(path, env), "utf8")) as { path?: unknown; sha256?: unknown; text?: unknown };
        if (copy.path === path && copy.sha256 === digest && typeof copy.text === "string" && policyDigest(copy.text) === digest)
          return copy.text;
      } catch {
        // no copy (trusted before copies were kept) or a damaged one
      }
      return undefined;
    },
  };
}

/**
 * The policy files for `cwd` under hookit's trust store: a trusted project file
 * as it is, an edited or deleted one as last trusted. Shared by every reader of
 * hookit's own trust (hook, check, validate, doctor).
 */
export function resolveTrustedPolicyFiles(cwd: string, env: Env): PolicyFiles {
  const trust = trustReader(env);
  const policy = resolvePolicyFiles(cwd, env, trust.trusted, trust.lastTrusted);
  const project = policy.files.find((f) => f.storage === "project");
  if (project?.path && project.text !== undefined && !policy.pending) backfillTrustedCopy(project.path, project.text, env);
  return policy;
}

/** Keeps a copy for a trust entry made before copies were kept, while the file still matches it. */
function backfillTrustedCopy(policyPath: string, text: string, env: Env = process.env): void {
  try {
    if (!existsSync(copyFile(policyPath, env))) keepTrustedCopy(policyPath, text, policyDigest(text), env);
  } catch {
    // a read-only state dir: the next call tries again
  }
}

/** Returns whether an entry was removed. */
export function revokeTrust(policyPath: string, env: Env = process.env): boolean {
  const store = readTrust(env);
  if (!(policyPath in store)) return false;
  delete store[policyPath];
  rmSync(copyFile(policyPath, env), { force: true });
  writeFileAtomic(trustFile(env), JSON.stringify(store, null, 2) + "\n", 0o600);
  setRevoked(policyPath, new Date().toISOString(), env);
  return true;
}

/**
 * When the user revoked trust in this file (`hookit trust --revoke`), so doctor can say so rather
 * than "never trusted". Only messages read it: trust itself is the store above.
 */
export function revokedAt(policyPath: string, env: Env = process.env): string | undefined {
  return readRevocations(env)[policyPath];
}

function revocationsFile(env: Env): string {
  return joinPath(stateDir(env), "revoked.json");
}

function readRevocations(env: Env): Record<string, string> {
  try {
    const data: unknown = JSON.parse(readIfExists(revocationsFile(env)) ?? "{}");
    if (data && typeof data === "object" && !Array.isArray(data))
      return Object.fromEntries(Object.entries(data).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  } catch {
    // a damaged or unreadable record only costs the wording
  }
  return {};
}

function setRevoked(policyPath: string, at: string | undefined, env: Env): void {
  const revocations = readRevocations(env);
  if (at === undefined && !(policyPath in revocations)) return;
  if (at === undefined) delete revocations[policyPath];
  else revocations[policyPath] = at;
  try {
    writeFileAtomic(revocationsFile(env), JSON.stringify(revocations, null, 2) + "\n", 0o600);
  } catch {
    // the wording of doctor is not worth failing a trust change over
  }
}
