// The `.env` files Gemini CLI loads into its own environment, which every hook it
// starts inherits. Measured on 0.61.0 (test/e2e/gemini-env.e2e.test.ts; `findEnvFile` and
// `loadEnvironment` in its bundle): once, at start, from its folder up to `/`, each folder's
// `.gemini/.env` then `.env`, the first that exists; after `/`, `~/.gemini/.env`, then `~/.env`.
// It sets every variable of that file the environment does not have yet (a `.env` outside a
// `.gemini` folder loses only DEBUG, DEBUG_MODE and two IDE variables), HOOKIT and
// HOOKIT_CONFIG included. In a folder it trusts, that is: a cloned repository's committed
// `.env` trusted once would switch hookit off in it, or name the policy it runs.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { Env } from "../../base/paths.ts";

/**
 * The variables that switch hookit off or move what it enforces, which must come from the
 * user's own environment: HOOKIT=0; HOOKIT_CONFIG (the policy file); XDG_CONFIG_HOME (the
 * global policy) and XDG_STATE_HOME (the trust store: an empty one leaves the project policy
 * untrusted, so not loaded). HOME is always set before Gemini starts, so no file changes it.
 */
const SWITCHES = ["HOOKIT", "HOOKIT_CONFIG", "XDG_CONFIG_HOME", "XDG_STATE_HOME"] as const;

/**
 * `env` without one of SWITCHES that has the value a Gemini `.env` file gives it: that value
 * may have come from the file rather than from the user's shell, so it is not honoured
 * (HOOKIT=0 from there leaves the guards on; HOOKIT_CONFIG or an XDG folder from there leaves
 * the user's own policies and trust in place). Reads no file unless one of them is set, so the
 * hot path of a plain install costs four property reads (set: 16 candidate files, ~80 µs, on
 * a hook process of ~25 ms). Every candidate counts, not only the first:
 * which one Gemini took also depends on folder trust and `advanced.ignoreLocalEnv`, which the
 * hook cannot see, and a value the user's shell also sets is still not needed from the file.
 */
export function withoutGeminiDotenv(env: Env, cwd: string): Env {
  if (SWITCHES.every((name) => env[name] === undefined)) return env;
  let out = env;
  for (const file of candidates(cwd, env.HOME)) {
    // existsSync first: most candidates are missing, and a thrown ENOENT costs more (16 candidates: 82 µs, not 190).
    if (!existsSync(file)) continue;
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch {
      continue;
    }
    if (!text.includes("HOOKIT") && !text.includes("XDG_")) continue;
    const parsed = parseDotenv(text);
    for (const name of SWITCHES) {
      if (out[name] !== undefined && Object.hasOwn(parsed, name) && parsed[name] === out[name]) {
        if (out === env) out = { ...env };
        delete out[name];
      }
    }
  }
  return out;
}

function candidates(cwd: string, home: string | undefined): string[] {
  const files: string[] = [];
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    files.push(join(dir, ".gemini", ".env"), join(dir, ".env"));
    if (dirname(dir) === dir) break;
  }
  if (home) files.push(join(home, ".gemini", ".env"), join(home, ".env"));
  return files;
}

// dotenv 16's `parse` (BSD-2-Clause), as bundled in Gemini CLI 0.61.0: the same reading,
// so a spelling Gemini loads (`export HOOKIT=0`, `HOOKIT: 0`, quotes) is seen here too.
const LINE =
  /(?:^|^)\s*(?:export\s+)?([\w.-]+)(?:\s*=\s*?|:\s+?)(\s*'(?:\\'|[^'])*'|\s*"(?:\\"|[^"])*"|\s*`(?:\\`|[^`])*`|[^#\r\n]+)?\s*(?:#.*)?(?:$|$)/gm;

export function parseDotenv(src: string): Record<string, string> {
  const obj: Record<string, string> = {};
  const lines = src.replace(/\r\n?/gm, "\n");
  LINE.lastIndex = 0;
  for (let match = LINE.exec(lines); match !== null; match = LINE.exec(lines)) {
    const key = match[1] as string;
    let value = (match[2] ?? "").trim();
    const maybeQuote = value[0];
    value = value.replace(/^(['"`])([\s\S]*)\1$/gm, "$2");
    if (maybeQuote === '"') value = value.replace(/\\n/g, "\n").replace(/\\r/g, "\r");
    obj[key] = value;
  }
  return obj;
}
