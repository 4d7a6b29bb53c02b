// Project trust: a project policy runs shell commands, so hookit only loads it
// after the user said so. `hookit trust` records the sha256 of the file's bytes;
// any edit changes the digest and needs a new `hookit trust`.
import { crypto } from "../_crypto.ts";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomic } from "../fs-atomic.ts";
import { stateDir, type Env } from "../paths.ts";

export function policyDigest(text: string | Buffer): string {
  return crypto().createHash("sha256").update(text).digest("hex");
}

export function trustFile(env: Env = process.env): string {
  return join(stateDir(env), "trust.json");
}

/** Absolute policy path → sha256 of the trusted bytes. A missing or broken store trusts nothing. */
export function readTrust(env: Env = process.env): Record<string, string> {
  try {
    const data: unknown = JSON.parse(readFileSync(trustFile(env), "utf8"));
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
  return readTrust(env)[policyPath] === policyDigest(text);
}

export function trustPolicy(policyPath: string, text: string | Buffer, env: Env = process.env): void {
  const store = readTrust(env);
  store[policyPath] = policyDigest(text);
  writeFileAtomic(trustFile(env), JSON.stringify(store, null, 2) + "\n", 0o600);
}

/** Returns whether an entry was removed. */
export function revokeTrust(policyPath: string, env: Env = process.env): boolean {
  const store = readTrust(env);
  if (!(policyPath in store)) return false;
  delete store[policyPath];
  writeFileAtomic(trustFile(env), JSON.stringify(store, null, 2) + "\n", 0o600);
  return true;
}
