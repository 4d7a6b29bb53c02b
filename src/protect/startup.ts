// Start-up files: a HOOKIT=… written there switches hookit off for every later
// session started from them. The shell's own, and the `.env` files an agent
// loads into its environment before it runs a hook: Gemini CLI reads
// `.gemini/.env` or `.env` from its folder up to the project root, then
// `~/.gemini/.env` and `~/.env`, and keeps HOOKIT from none of them.
export const STARTUP_FILE =
  /(^|\/)(\.bashrc|\.bash_profile|\.bash_login|\.profile|\.zshrc|\.zshenv|\.zprofile|\.zlogin|\.envrc|\.env|config\.fish|environment)$/;
export const STARTUP_WORD =
  /(\.bashrc|\.bash_profile|\.bash_login|\.profile|\.zshrc|\.zshenv|\.zprofile|\.zlogin|\.envrc|\.env|config\.fish|\/etc\/environment)\b/;
export const SETS_HOOKIT = /\bHOOKIT(_CONFIG)?\s*=/;

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
  const squeezed = command
    .replace(/\\x([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .replace(/['"\\\s]/g, "");
  return squeezed.includes("HOOKIT") || argvs.some((argv) => argv.join("").replace(/\s/g, "").includes("HOOKIT"));
}
