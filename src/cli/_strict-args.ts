// citty accepts any flag and any extra word and ignores them, so `install --globl`
// installed into the project. Every command's argv is checked against its own
// argument definitions first; a stray flag or word is an error with a suggestion.
import type { ArgsDef } from "citty";
import { nearest } from "../base/nearest.ts";

/** Returns the problem with `argv` (the words after the command name), or undefined. */
export function argvProblem(command: string, args: ArgsDef, argv: readonly string[]): string | undefined {
  const flags = new Map<string, "boolean" | "string">([
    ["help", "boolean"],
    ["h", "boolean"],
  ]);
  let positionals = 0;
  for (const [name, def] of Object.entries(args)) {
    if (def.type === "positional") positionals++;
    else {
      const type = def.type === "boolean" ? "boolean" : "string";
      flags.set(name, type);
      for (const alias of [("alias" in def ? def.alias : undefined) ?? []].flat()) flags.set(alias, type);
    }
  }
  let seenPositionals = 0;
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i] as string;
    if (word === "--") {
      seenPositionals += argv.length - i - 1;
      break;
    }
    if (!word.startsWith("-") || word === "-") {
      if (++seenPositionals > positionals) {
        const near = nearest(
          word,
          [...flags.keys()].filter((f) => f.length > 1),
        );
        return `hookit ${command}: unexpected argument "${word}"${near ? ` (did you mean --${near}?)` : ""}; see hookit ${command} --help`;
      }
      continue;
    }
    const [rawName, inline] = splitFlag(word);
    const name = rawName.startsWith("no-") && flags.get(rawName.slice(3)) === "boolean" ? rawName.slice(3) : rawName;
    const type = flags.get(name);
    if (!type) {
      const near = nearest(
        name,
        [...flags.keys()].filter((f) => f.length > 1),
      );
      return `hookit ${command}: unknown option ${word.split("=")[0]}${near ? ` (did you mean --${near}?)` : ""}; see hookit ${command} --help`;
    }
    // A string flag takes the next word as its value (`--agent claude`), unless given inline.
    if (type === "string" && inline === undefined && i + 1 < argv.length && !(argv[i + 1] as string).startsWith("-")) i++;
  }
  return undefined;
}

function splitFlag(word: string): [string, string | undefined] {
  const body = word.replace(/^--?/, "");
  const eq = body.indexOf("=");
  return eq < 0 ? [body, undefined] : [body.slice(0, eq), body.slice(eq + 1)];
}
