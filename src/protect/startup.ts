// Start-up files: a HOOKIT=… written there switches hookit off for every later
// session started from them. The shell's own, and the `.env` files an agent
// loads into its environment before it runs a hook. Gemini CLI 0.61.0
// (test/e2e/gemini-env.e2e.test.ts) loads one at start: from its folder up to
// `/`, each folder's `.gemini/.env` then `.env`, the first that exists, then
// `~/.gemini/.env`, `~/.env`; every folder can be a later session's, so every
// file named `.env` counts (never `.env.local` and the like, which it never reads).
import { POLICY_HOMES } from "../base/paths.ts";

export const STARTUP_FILE =
  /(^|\/)(\.bashrc|\.bash_profile|\.bash_login|\.profile|\.zshrc|\.zshenv|\.zprofile|\.zlogin|\.envrc|\.env|config\.fish|environment)$/;
export const STARTUP_WORD =
  /(\.bashrc|\.bash_profile|\.bash_login|\.profile|\.zshrc|\.zshenv|\.zprofile|\.zlogin|\.envrc|\.env|config\.fish|\/etc\/environment)\b/;
export const SETS_HOOKIT = /\bHOOKIT(_CONFIG)?\s*=/;

/** A `.env` file: Gemini CLI's environment files, and its extensions' settings files. */
export const DOTENV_FILE = /(^|\/)\.env$/;

/**
 * The names Gemini CLI 0.61.0 fills into an extension's hook commands (`${extensionPath}`,
 * `${workspacePath}`): the folder's own `.env` overrides them (its extension settings,
 * `experimental.extensionConfig`, on by default), so `extensionPath=…` in a project's `.env`
 * makes hookit's extension run another folder's `bin.cjs` (test/e2e/gemini-extension.e2e.test.ts).
 */
export const EXTENSION_VARIABLES: readonly string[] = ["extensionPath", "workspacePath"];

/**
 * What else a `.env` Gemini CLI loads would change under hookit's hooks: where hookit reads
 * its global policy and its trust store (an empty store leaves the project policy untrusted,
 * so not loaded), where Gemini itself reads its settings and extensions, and NODE_OPTIONS,
 * whose `--require` runs before hookit in hookit's own node (test/e2e/gemini-env.e2e.test.ts).
 */
const MOVING_VARIABLES = [...POLICY_HOMES, "GEMINI_CLI_HOME", "NODE_OPTIONS"];

/**
 * A piece of every name STARTUP_WORD matches (test/protect/startup-hints.test.ts
 * checks each), each long enough that ordinary lines hold none (`src` holds `rc`).
 */
export const STARTUP_HINTS = [".bash", ".profile", ".zsh", ".zprofile", ".zlogin", ".env", "config.fish", "/etc/environment"];

/**
 * STARTUP_WORD, after a plain search for its pieces: most command lines name
 * no start-up file, and the expression's first match costs a compile.
 */
export function namesStartupFile(text: string): boolean {
  return STARTUP_HINTS.some((hint) => text.includes(hint)) && STARTUP_WORD.test(text);
}

/**
 * Whether a line that writes a start-up file may put hookit's name in it,
 * however it is spelled: the text with quotes, backslashes and blanks removed
 * and `\xHH` decoded (`HOOK''IT=0`, `printf '%s%s' HOOK IT`), or any argv the
 * facts expanded (`a=HOOK; echo "export ${a}IT=0"`). That file is a script the
 * user's shell will run, so any mention counts.
 */
export function mentionsHookit(command: string, argvs: readonly string[][]): boolean {
  return mentioned(command, argvs)("HOOKIT");
}

/**
 * The first variable of MOVING_VARIABLES or EXTENSION_VARIABLES a line, or a text written into a
 * `.env` file, names, however it is spelled (as mentionsHookit).
 */
export function dotenvVariableIn(command: string, argvs: readonly string[][]): string | undefined {
  const has = mentioned(command, argvs);
  return MOVING_VARIABLES.find(has) ?? EXTENSION_VARIABLES.find(has);
}

/** Whether a word is in the text with quotes, backslashes and blanks removed and `\xHH` decoded, or in an expanded argv. */
function mentioned(command: string, argvs: readonly string[][]): (word: string) => boolean {
  const squeezed = command
    .replace(/\\x([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .replace(/['"\\\s]/g, "");
  const joined = argvs.map((argv) => argv.join("").replace(/\s/g, ""));
  return (word) => squeezed.includes(word) || joined.some((text) => text.includes(word));
}
