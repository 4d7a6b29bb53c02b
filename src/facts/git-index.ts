// What git puts in its index from the work tree or the line: `git add` stages files (a dotenv file
// git does not ignore among them is a copy of the secret, one push from leaving the machine), and
// `git update-index --cacheinfo` names the entry a later checkout writes out as a file.
import { gitWorkTree } from "../base/work-tree.ts";
import type { Field } from "./expand.ts";
import type { parseOptions } from "./options.ts";
import type { Run } from "./programs-kit.ts";

/**
 * `git add -A`, `git add .`, `git add src`: each dotenv file below what it stages that git does not
 * ignore is copied into the repository, one `git commit && git push` from leaving the machine; it
 * counts as a read of the file, which the dotenv guard refuses (`git add -u` stages only what git
 * already tracks, `-n` nothing).
 */
export function stagedSecrets(parsed: ReturnType<typeof parseOptions>, run: Run, program: string): void {
  const { flags, operands } = parsed;
  const tree = run.state.cwd === null ? undefined : gitWorkTree(run.state.cwd);
  if (tree === undefined || ["u", "update", "n", "dry-run"].some((f) => flags.has(f))) return; // outside a repository it adds nothing
  const all = flags.has("A") || flags.has("all");
  const roots = operands.length > 0 ? operands : all ? [{ text: tree, resolved: true }] : [];
  for (const root of roots) {
    if (!/[*?[:]/.test(root.text)) run.walker.secretsIn(root, program, run.state.cwd, { gitIgnore: true });
    // A glob pathspec (`git add '*'`): git's `*` also matches across `/`; a magic one (`:!x`) may be anything.
    else if (root.text.startsWith(":")) run.walker.secretsIn({ text: ".", resolved: true }, program, run.state.cwd, { gitIgnore: true });
    else {
      const glob = new RegExp(
        `^${root.text
          .replace(/[.+^${}()|\\]/g, "\\$&")
          .replaceAll("*", ".*")
          .replaceAll("?", ".")}$`,
      );
      run.walker.secretsIn({ text: ".", resolved: true }, program, run.state.cwd, {
        gitIgnore: true,
        file: (_, relative) => glob.test(relative),
      });
    }
  }
}

/** The paths `git update-index --cacheinfo` names: the last of `MODE,SHA,PATH` (its literal end when the rest is computed), or the third word. */
export function cacheinfoPaths(words: readonly Field[]): Field[] {
  const out: Field[] = [];
  for (let i = 0; i < words.length; i++) {
    if (words[i]?.text !== "--cacheinfo") continue;
    const next = words[i + 1];
    if (next?.text.includes(",")) {
      const path = next.text.slice(next.text.lastIndexOf(",") + 1);
      out.push({ text: path, resolved: next.resolved || !/[$`]/.test(path) });
    } else if (words[i + 3]) out.push(words[i + 3] as Field);
  }
  return out;
}
