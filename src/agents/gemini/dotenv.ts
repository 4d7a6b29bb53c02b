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
import { type Env, POLICY_HOMES } from "../../base/paths.ts";

/**
 * The variables that switch hookit off or move what it enforces, which must come from the
 * user's own environment: HOOKIT=0; HOOKIT_CONFIG (the policy file); POLICY_HOMES (where the
 * global policy and the trust store are). HOME is always set before Gemini starts, so no file
 * changes it.
 */
const SWITCHES = ["HOOKIT", "HOOKIT_CONFIG", ...POLICY_HOMES] as const;

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

/**
 * A `.env` file read as Gemini CLI 0.61.0 reads it (its bundled dotenv 16): one assignment per
 * line, `NAME=value` or `NAME: value`, optionally after `export`. A value in '…', "…" or `…`
 * loses its quotes and may run over several lines (a "…" one has `\n` and `\r` turned into line
 * breaks); any other value ends at `#` or the line's end and is trimmed. A line that is no
 * assignment (a comment, a blank) sets nothing. Written here from those rules, not taken from
 * dotenv; test/agents/gemini/dotenv.test.ts holds the spellings Gemini loads.
 */
export function parseDotenv(src: string): Record<string, string> {
  const text = src.replace(/\r\n?/g, "\n");
  const out: Record<string, string> = {};
  let at = 0;
  while (at < text.length) {
    const end = lineEnd(text, at);
    const head = ASSIGNMENT.exec(text.slice(at, end));
    if (head === null) {
      at = end + 1;
      continue;
    }
    const name = head[1] as string;
    let from = at + head[0].length;
    while (text[from] === " " || text[from] === "\t") from++;
    const quoted = quotedValue(text, from);
    if (quoted) {
      out[name] = quoted.value;
      at = quoted.next;
      continue;
    }
    const raw = text.slice(from, end);
    const hash = raw.indexOf("#");
    out[name] = (hash < 0 ? raw : raw.slice(0, hash)).trim();
    at = end + 1;
  }
  return out;
}

/** The name and its `=` (spaces around it allowed) or `:` and a blank, at the start of a line. */
const ASSIGNMENT = /^\s*(?:export\s+)?([\w.-]+)(?:\s*=|:\s)/;

const lineEnd = (text: string, from: number): number => {
  const end = text.indexOf("\n", from);
  return end < 0 ? text.length : end;
};

/**
 * The quoted value starting at `from`, if one does: its closing quote (an escaped one, `\'`, does
 * not close it) must end the line but for blanks and a comment. Otherwise the value is read
 * unquoted, quote and all.
 */
function quotedValue(text: string, from: number): { value: string; next: number } | undefined {
  const quote = text[from];
  if (quote !== "'" && quote !== '"' && quote !== "`") return undefined;
  for (let i = from + 1; i < text.length; i++) {
    if (text[i] === "\\" && text[i + 1] === quote) {
      i++;
      continue;
    }
    if (text[i] !== quote) continue;
    const end = lineEnd(text, i);
    if (!/^\s*(?:#.*)?$/.test(text.slice(i + 1, end))) return undefined;
    const inner = text.slice(from + 1, i);
    return { value: quote === '"' ? inner.replace(/\\n/g, "\n").replace(/\\r/g, "\r") : inner, next: end + 1 };
  }
  return undefined;
}
