// Work-loss forms that move or drop what refs and reflogs keep, and git's
// plumbing that overwrites the work tree: a branch forced onto another commit
// (`branch -f/-M/-C`, `checkout -B`, `switch -C`, `update-ref`), a ref deleted
// by plumbing, reflog entries expired now, unreachable objects pruned now, and
// `checkout-index -f` / `read-tree -u --reset`. Whether anything is lost is read
// from the repository afterwards (repo-state.ts), as for work-loss.ts's forms.
import type { Field } from "./expand.ts";
import { parseOptions } from "./options.ts";
import type { Loss, LossKind } from "./work-loss.ts";

type At = (kind: LossKind, extra?: Partial<Loss>) => Loss[];

const known = (field: Field | undefined): string | undefined => (field?.resolved ? field.text : undefined);
/** A branch name, or `undefined` (a value hookit cannot know: the guard counts it as a loss). */
const branchOf = (ref: string) => (ref.startsWith("refs/heads/") ? ref.slice(11) : ref);
/** A reflog or prune horizon that drops everything: `now`, `all`, `0`. */
const dropsAll = (value: string | undefined) => value !== undefined && /^(now|all|0)$/i.test(value.trim());

export function gitRefLosses(sub: string, rest: Field[], at: At): Loss[] {
  switch (sub) {
    case "branch": {
      const parsed = parseOptions(rest, {
        short: "tu",
        long: ["set-upstream-to", "contains", "no-contains", "points-at", "format", "sort"],
      });
      const { flags, operands } = parsed;
      // `-M old new` / `-C old new` / `-M new`: the branch named last is overwritten; `-f name [start]`: `name` is.
      if (flags.has("M") || flags.has("C") || ((flags.has("m") || flags.has("c")) && (flags.has("f") || flags.has("force"))))
        return overwritten(operands.at(-1), at);
      const deletes = flags.has("d") || flags.has("D") || flags.has("delete");
      if (!deletes && (flags.has("f") || flags.has("force")) && operands.length > 0) return overwritten(operands[0], at);
      return [];
    }
    case "checkout":
    case "switch": {
      const parsed = parseOptions(rest, {
        short: sub === "switch" ? "cC" : "bB",
        long: ["orphan", "conflict", "track", "create", "force-create"],
      });
      const forced = parsed.values.get(sub === "switch" ? "C" : "B") ?? parsed.values.get("force-create");
      return forced ? overwritten(forced.at(-1), at) : [];
    }
    case "update-ref": {
      const parsed = parseOptions(rest, { short: "m" });
      const [ref] = parsed.operands;
      if (parsed.flags.has("stdin")) return at("branch"); // refs read from input: unknown
      if (!ref) return [];
      const name = known(ref);
      // `HEAD` (`@`): the branch it stands for, or a detached HEAD's commits (repo-state.ts).
      if (name === "@") return overwritten({ ...ref, text: "HEAD" }, at);
      if (name !== undefined && name !== "HEAD" && !name.startsWith("refs/heads/")) return [];
      return overwritten(name === undefined ? ref : { ...ref, text: branchOf(name) }, at);
    }
    case "reflog": {
      const action = rest.find((f) => !f.text.startsWith("-"))?.text;
      if (action === "delete") return at("history");
      if (action !== "expire") return [];
      const now = rest.some((f) => /^--expire(-unreachable)?=/.test(f.text) && dropsAll(f.text.split("=")[1]));
      return now ? at("history") : [];
    }
    case "gc": {
      // Objects nothing reaches (a dropped stash entry, content added and then replaced) go at once.
      const prune = rest.find((f) => f.text.startsWith("--prune="));
      return prune && dropsAll(prune.text.slice(8)) ? at("dangling") : [];
    }
    case "prune": {
      // Without `--expire`, every unreachable object goes; `-n` only lists them.
      if (rest.some((f) => f.text === "-n" || f.text === "--dry-run")) return [];
      const expire = rest.find((f) => f.text.startsWith("--expire"));
      return !expire || dropsAll(expire.text.split("=")[1]) ? at("dangling") : [];
    }
    case "checkout-index":
      return rest.some((f) => f.text === "-f" || f.text === "--force" || /^-[a-z]*f/.test(f.text)) ? at("unstaged") : [];
    case "read-tree":
      return rest.some((f) => f.text === "--reset") && rest.some((f) => f.text === "-u") ? at("changes") : [];
    default:
      return [];
  }
}

function overwritten(field: Field | undefined, at: At): Loss[] {
  if (!field) return [];
  return at("branch", field.resolved ? { names: [branchOf(field.text)] } : {});
}
