// `hookit source`: organization policy from git (docs/teams/sources.md). A
// source is pinned to a commit; adding one or moving its pin shows the policy
// (or the diff since the pinned version) and needs a person's yes, exactly
// like `hookit trust`. Self-protection keeps agents from running add, update
// or remove, and from editing the copies and pins.
import { defineCommand } from "citty";
import { existsSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { storedCopy } from "../sources/layer.ts";
import { readSources, SOURCE_NAME, sourceDir, type SourceRecord } from "../sources/store.ts";
import { isHookitError } from "../base/errors.ts";
import { fetchSource, nameFromUrl, pinnedText, recordSource, removeSource, type Fetched } from "../sources/sync.ts";
import { confirmed, reviewText } from "./_confirm.ts";
import { fail, logger } from "./_output.ts";

const short = (commit: string) => commit.slice(0, 12);

/** The recorded sources, or undefined after failing with why the registry cannot be read. */
function recorded(): SourceRecord[] | undefined {
  try {
    return readSources(process.env);
  } catch (error) {
    fail((error as Error).message);
    return undefined;
  }
}
const yesArg = {
  type: "boolean",
  description: "Accept without asking (you reviewed the policy yourself; for scripts and CI)",
  default: false,
} as const;

const add = defineCommand({
  meta: { name: "add", description: "Add a policy source: a git repository pinned to a commit" },
  args: {
    url: { type: "positional", required: true, description: "Any URL or path git can fetch from" },
    ref: { type: "string", description: "Branch, tag or full commit id (default: the remote's HEAD)" },
    name: { type: "string", description: "Its Section, owner/repo (default: from the URL)" },
    path: { type: "string", description: "The policy file or folder in the repository", default: "hooks" },
    yes: yesArg,
  },
  async run({ args }) {
    // A local path is fetched from the source's own repository: make it absolute first.
    const url = existsSync(args.url) ? resolve(args.url) : args.url;
    if (looksLikePath(args.url) && !existsSync(args.url))
      return fail(
        `${resolve(args.url)}: no such folder. Give the path of a git repository with the policy under ${args.path}/ ` +
          `(git init, commit it), or the repository's URL: hookit source add https://<host>/<owner>/<repo>.git`,
      );
    const name = args.name ?? nameFromUrl(url);
    if (name === undefined || !SOURCE_NAME.test(name)) {
      return fail(
        `${args.name === undefined ? `cannot tell an owner/repo name from ${url}` : `"${name}" is not an owner/repo name`}; name the source with --name owner/repo (letters, digits, ".", "_" and "-")`,
      );
    }
    const sources = recorded();
    if (!sources) return;
    if (sources.some((s) => s.name === name))
      return fail(`the policy source ${name} is already added; move its pin with \`hookit source update ${name}\``);
    const fetched = fetchOrFail({ name, url, ...(args.ref !== undefined && { ref: args.ref }), path: args.path }, (why) =>
      /^fatal: /m.test(why) ? gitFailure(url, why) : why,
    );
    if (!fetched) return rmSync(sourceDir(name, process.env), { recursive: true, force: true });
    process.stdout.write(
      reviewText({
        previous: undefined,
        text: fetched.text,
        labels: ["", ""],
        changed: "",
        intro: `The policy source ${name} (${url} at ${short(fetched.commit)}) is not added yet. Its hooks run shell commands on every matching event, and your own or a project's policy cannot switch them off:`,
      }),
    );
    const ok = await confirmed({
      yes: args.yes,
      question: `Add ${name} pinned to ${short(fetched.commit)} and let its hooks run? [y/N] `,
      noTerminal:
        "not added: `hookit source add` asks a person to confirm, and there is no terminal here. Review the policy above and run the command again with --yes yourself, or run it in a terminal.",
      declined: "not added (answered no)",
    });
    if (!ok) return rmSync(sourceDir(name, process.env), { recursive: true, force: true });
    recordSource(fetched, process.env);
    logger.success(`added ${name} pinned to ${short(fetched.commit)}; \`hookit source update ${name}\` moves the pin`);
  },
});

const update = defineCommand({
  meta: { name: "update", description: "Fetch each policy source (or one) again and move its pin after review" },
  args: {
    name: { type: "positional", required: false, description: "The source (default: every source)" },
    yes: yesArg,
  },
  async run({ args }) {
    const all = recorded();
    if (!all) return;
    const sources = args.name === undefined ? all : all.filter((s) => s.name === args.name);
    if (args.name !== undefined && sources.length === 0)
      return fail(`no policy source named ${args.name}; \`hookit source list\` shows them`);
    if (sources.length === 0) return logger.info("no policy sources; add one with `hookit source add <git-url>`");
    for (const source of sources) await updateOne(source, args.yes);
  },
});

async function updateOne(source: SourceRecord, yes: boolean): Promise<void> {
  const env = process.env;
  const fetched = fetchOrFail(source, (why) => {
    const copy = storedCopy(source, env);
    const kept =
      typeof copy === "string"
        ? `the copy fetched ${source.fetchedAt} (commit ${short(source.commit)}) stays in force`
        : `and its stored copy cannot be used (${copy.why}), so hookit blocks tool calls until an update succeeds`;
    return `could not update ${source.name} from ${source.url}: ${why}\n${kept}.`;
  });
  if (!fetched) return;
  const intact = typeof storedCopy(source, env) === "string";
  if (fetched.sha256 === source.sha256) {
    // The approved text itself: nothing to review, only the commit (or a lost copy) to put right.
    if (fetched.commit !== source.commit || !intact) recordSource(fetched, env);
    logger.success(
      `${source.name} is up to date (${short(fetched.commit)}${fetched.commit !== source.commit ? `, the policy is unchanged since ${short(source.commit)}` : ""})`,
    );
    return;
  }
  const previous = pinnedText(source, env);
  process.stdout.write(
    reviewText({
      previous,
      text: fetched.text,
      labels: [`${source.name} at ${short(source.commit)} (pinned)`, `${source.name} at ${short(fetched.commit)}`],
      intro: `The policy of ${source.name} at ${short(fetched.commit)} (the pinned version ${short(source.commit)} cannot be read back to compare, so this is all of it):`,
      changed: `The policy of ${source.name} changed from ${short(source.commit)} to ${short(fetched.commit)}:`,
    }),
  );
  const ok = await confirmed({
    yes,
    question: `Move ${source.name} to ${short(fetched.commit)} and let this policy run? [y/N] `,
    noTerminal: `not updated: \`hookit source update\` asks a person to confirm, and there is no terminal here. Review the diff above and run \`hookit source update ${source.name} --yes\` yourself, or run it in a terminal. ${short(source.commit)} stays in force.`,
    declined: `not updated (answered no); ${short(source.commit)} stays in force`,
  });
  if (!ok) return;
  recordSource(fetched, env);
  logger.success(`${source.name} pinned to ${short(fetched.commit)}`);
}

/** A path, not a URL: no scheme (`https://`) and no scp-like `host:` before the first slash. */
function looksLikePath(url: string): boolean {
  return !url.includes("://") && !/^[^/]*:/.test(url);
}

/** git's own words kept (the first line), with what to check: git prints no next step. */
function gitFailure(url: string, why: string): string {
  const first = why.split("\n").find((line) => line.startsWith("fatal: ")) ?? why.split("\n")[0];
  return (
    `git could not fetch ${url} (${first}). Check that it is a git repository you can read: ` +
    `git ls-remote ${url} must list its branches; then run hookit source add again`
  );
}

/** The fetched source, or undefined after failing with git's (or the policy's) own words. */
function fetchOrFail(wanted: Parameters<typeof fetchSource>[0], explain = (why: string) => why): Fetched | undefined {
  try {
    return fetchSource(wanted, process.env);
  } catch (error) {
    if (!isHookitError(error, "E_GIT", "E_SOURCE")) throw error;
    fail(explain(error.message));
    return undefined;
  }
}

const list = defineCommand({
  meta: { name: "list", description: "List the policy sources, their pins and whether their copies are intact" },
  args: { json: { type: "boolean", description: "Print JSON", default: false } },
  run({ args }) {
    const rows = recorded()?.map((source) => {
      const copy = storedCopy(source, process.env);
      return { ...source, status: typeof copy === "string" ? "ok" : copy.why };
    });
    if (!rows) return;
    if (args.json) return void process.stdout.write(JSON.stringify(rows, null, 2) + "\n");
    if (rows.length === 0) return void process.stdout.write("no policy sources; add one with `hookit source add <git-url>`\n");
    for (const row of rows) {
      process.stdout.write(
        `${row.name}  ${short(row.commit)}  ${row.ref ?? "HEAD"}  ${row.url}${row.path === "hooks" ? "" : ` (${row.path})`}\n    ${row.status === "ok" ? `fetched ${row.fetchedAt}` : `BROKEN: ${row.status}; run \`hookit source update ${row.name}\``}\n`,
      );
    }
    if (rows.some((r) => r.status !== "ok")) process.exitCode = 1;
  },
});

const remove = defineCommand({
  meta: { name: "remove", description: "Remove a policy source and its stored copy" },
  args: { name: { type: "positional", required: true, description: "The source (owner/repo)" } },
  run({ args }) {
    if (!recorded()) return;
    if (!removeSource(args.name, process.env)) return fail(`no policy source named ${args.name}; \`hookit source list\` shows them`);
    logger.success(`removed ${args.name}; its hooks no longer run`);
  },
});

export default defineCommand({
  meta: { name: "source", description: "Organization policy from git: add, update, list or remove a pinned policy source" },
  subCommands: { add, update, list, remove },
});
