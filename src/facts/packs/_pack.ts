// The shapes the packs' rules share, stated once: a pack of hookit's own, and the
// rules a dry run makes harmless. Internal to the packs: each pack file is still
// the data of its rules, these only fill in what every such rule says alike.
import type { Condition, Pack, Rule } from "./types.ts";

/** A pack hookit ships: each is its own family, at its first version. */
export const pack = ({ id, title, ...rest }: Omit<Pack, "version" | "family">): Pack => ({ id, version: 1, family: id, title, ...rest });

/** The dry run most programs take (`unless: DRY_RUN`): with it, the command only shows what it would do. */
export const DRY_RUN: Condition = { any: ["--dry-run"] };

type DryRunnable = Pick<Rule, "id" | "programs" | "sub" | "when" | "reason"> & {
  /** The options that make it a dry run. */
  dryRun: string[];
};

/**
 * A rule its program's dry run makes harmless, whose advice is to run that dry run and show the user.
 * The fields come in the order every rule writes them (`hookit packs --json` prints them so).
 */
export const showDryRun = ({ id, programs, sub, when, dryRun, reason }: DryRunnable): Rule => ({
  id,
  programs,
  ...(sub && { sub }),
  ...(when && { when }),
  unless: { any: dryRun },
  reason,
  instead: "run it with `--dry-run` and show the user",
});
