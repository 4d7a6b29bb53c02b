// A word as the shell hands it to a program after expansion, and the lines a command prints:
// what the facts know of each value (expand.ts makes them; every reader of a program's words
// takes them).

import { resolvePath } from "../base/path-join.ts";

export interface Field {
  text: string;
  resolved: boolean;
  /** A glob that matched nothing (quoted characters escaped): bash passes it on as written. */
  pattern?: string;
  /** One of a glob's matches: a delete of it is a delete in bulk (work-loss.ts). */
  glob?: true;
  /** An unresolved field's values hookit can name: `${X:-.env}`'s default, what `$(find …)` would print. Not exhaustive. */
  candidates?: Field[];
  /** Every value the field can take lies under one of these (the roots `find` searched, the folder `ls` listed). */
  under?: Field[];
  /** The `find` that prints the field's values: a delete of them deletes what its `-delete` would (work-loss.ts). */
  findListing?: FindListing;
  /** `candidates` are every value the field can take (`"$f.bak"` in `for f in a b`). */
  exhaustive?: true;
}

/** A `find`'s roots and expression, when what it prints is a plain listing. */
export interface FindListing {
  roots: Field[];
  expression: Field[];
}

/** Lines a command would print, and (when known) the folders every one of them lies under and the `find` that lists them; `exhaustive`: these are all (a `for` loop's known words). */
export type Lines = Field[] & { under?: Field[]; findListing?: FindListing; exhaustive?: true };

/** A `for` loop's known words: all the values its variable takes, each a place it may name. */
export const everyValue = (values: Field[]): Lines => Object.assign([...values], { under: values, exhaustive: true as const });

/** Between the words of `$@` (positional.ts) and an array's elements: each expands to a field of its own in `"$@"`. */
export const ARG_SEP = "\u0000";

/**
 * A variable's value read with an array's index (`${a[@]}`, `${a[*]}`, `${a[1]}`; none: `$a`, its
 * first element): the value holds the elements joined with ARG_SEP, a plain string being one.
 */
export function element(value: string, index: string | undefined): string {
  if (index === "@") return value;
  if (index === "*") return value.replaceAll(ARG_SEP, " ");
  return value.split(ARG_SEP)[Number(index ?? 0)] ?? "";
}

/** A field's absolute path, from the shell's directory; `undefined` when its value, or that directory, is unknown. */
export const fieldPath = (field: Field, cwd: string | null): string | undefined =>
  !field.resolved || (cwd === null && !field.text.startsWith("/")) ? undefined : resolvePath(cwd ?? "/", field.text);
