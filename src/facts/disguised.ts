// `hookit.disguisedSecrets`: the files a call reads through a program that changes their text
// (base/text-changers.ts: `base64 creds.txt`, `rev key.pem`, `fold -w5 .npmrc`, inline code that
// opens them) whose content holds a secret (base/secrets.ts). A plain `cat` of the same file is
// left to the result's redaction; a changed form of it cannot be redacted. Each file is read
// only when such a program reads it, up to 1 MB.
import { isAbsolute, join } from "node:path";
import { TEXT_CHANGERS } from "../base/text-changers.ts";
import { boundedFileText } from "../base/file-text.ts";
import { secretKinds } from "../base/secrets.ts";
import { sedScripts } from "./sed-scripts.ts";
import type { Facts } from "./types.ts";
import { INLINE_CODE } from "./unchecked.ts";

const CHANGERS: ReadonlySet<string> = new Set(TEXT_CHANGERS);
const MAX_TEXT = 1024 * 1024;

/**
 * `<path>: <kinds>` for each file the line reads through a text changer (or inline code) that holds a
 * secret, by the facts of a reading and the texts that line wrote (record.ts, `written`).
 */
export function disguisedSecrets(facts: Facts, written: ReadonlyMap<string, string | null>): string[] {
  const inline = facts.unresolved
    .filter((reason) => reason.startsWith(INLINE_CODE))
    .map((reason) => reason.slice(INLINE_CODE.length).split(" ")[0]);
  // `sed -n '1,40p' f`, `sed 5q f`: line addresses that only print, delete or quit leave each line as it is.
  const plainSed = facts.commands.filter((c) => c.program === "sed" || c.program === "gsed").every((c) => printsLines(c.argv.slice(1)));
  const changes = (program: string) =>
    (CHANGERS.has(program) && !((program === "sed" || program === "gsed") && plainSed)) || inline.includes(program);
  const found = new Set<string>();
  const check = (file: string, cwd: string | null) => {
    // What the line itself wrote there first (`printf … > k.txt && base64 k.txt`), else the disk's.
    const absolute = isAbsolute(file) || cwd === null ? file : join(cwd, file);
    const text = written.get(absolute) ?? boundedFileText(file, cwd, MAX_TEXT);
    const kinds = text === undefined ? [] : secretKinds(text);
    if (kinds.length > 0) found.add(`${absolute}: ${kinds.join(", ")}`);
  };
  for (const path of facts.paths)
    if ((path.effect === "read" || path.effect === "access") && path.resolved && changes(path.by)) check(path.path, null);
  // `tr a-z n-za-m < creds.txt`: the file on a changer's input
  for (const command of facts.commands)
    if (command.inputFile !== undefined && changes(command.program)) check(command.inputFile, command.cwd);
  return [...found];
}

/** A sed whose every script only selects lines by number (`-n '1,40p'`, `5q`, `$d`): no `s`, `y` or other command that changes text. */
function printsLines(argv: readonly string[]): boolean {
  const { scripts, inFile } = sedScripts(argv.map((text) => ({ text, resolved: true })));
  return !inFile && scripts.every((script) => /^(\s*([0-9$]+(,\s*[0-9$+~]+)?)?\s*[pdqQ=]?\s*;?)*$/.test(script.text));
}
