// A person's yes before a policy starts to run (`hookit trust`, `hookit source
// add/update`): show what would run — the whole text the first time, the diff
// after that — and ask on a terminal. Without one, refuse unless `--yes` says
// the caller has reviewed it; an agent's tool call never has that terminal.
import { createInterface } from "node:readline/promises";
import { createTwoFilesPatch } from "diff";
import { fail } from "./_output.ts";

export interface Review {
  /** The approved text, when there is one. */
  previous: string | undefined;
  text: string;
  /** Shown above the whole text the first time. */
  intro: string;
  /** Shown above the diff; the labels name the two sides. */
  changed: string;
  labels: [before: string, after: string];
}

/** What the user is asked to approve: the whole file the first time, the diff after that. */
export function reviewText(review: Review): string {
  const { previous, text } = review;
  if (previous === undefined) return `${review.intro}\n\n${text}${text.endsWith("\n") ? "" : "\n"}\n`;
  if (previous === text) return "";
  const patch = createTwoFilesPatch(review.labels[0], review.labels[1], previous, text, "", "", { context: 3 });
  return `${review.changed}\n\n${patch}\n`;
}

export interface Confirmation {
  yes: boolean;
  question: string;
  /** Why nothing happened when there is no terminal to ask on (name the `--yes` way). */
  noTerminal: string;
  /** Why nothing happened when the answer was no. */
  declined: string;
}

/** Whether the change may go ahead; when not, the command has failed with the reason. */
export async function confirmed(options: Confirmation): Promise<boolean> {
  if (options.yes) return true;
  if (!process.stdin.isTTY || !process.stderr.isTTY) {
    fail(options.noTerminal);
    return false;
  }
  if (await ask(options.question)) return true;
  fail(options.declined);
  return false;
}

async function ask(question: string): Promise<boolean> {
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return /^y(es)?$/i.test((await rl.question(question)).trim());
  } finally {
    rl.close();
  }
}
