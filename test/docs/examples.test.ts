// The docs' examples must work as printed:
// - every ```json block in docs/**/*.md and README.md that is a policy (or one
//   policy entry) passes hookit's own validation (`loadCatalog`), unless the
//   line before it is `<!-- invalid -->` (then it must fail);
// - every `hookit …` / `echo … | hookit …` line of a ```sh block in README.md and
//   the docs pages listed in RUN_DOCS runs against the built CLI in a
//   temporary HOME and project, in reading order, and exits as documented. A
//   block whose preceding line is `<!-- not-run: <reason> -->` is skipped.
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { loadCatalog } from "../../src/engine/catalog.ts";
import { packageRoot, STACK_OR_USAGE, useBuiltHookit } from "../_sandbox.ts";

const ROOT = join(import.meta.dirname, "../..");
const RUN_DOCS = [
  "README.md",
  "docs/getting-started.md",
  "docs/configuration.md",
  "docs/events.md",
  "docs/install.md",
  "docs/troubleshooting.md",
  "docs/adapters.md",
  "docs/testing-policies.md",
  ...readdirSync("docs/agents").map((name) => `docs/agents/${name}`),
  // hookit for teams: the index and its pages, as many of them as have landed.
  ...["docs/teams.md"].filter((path) => existsSync(path)),
  ...(existsSync("docs/teams")
    ? readdirSync("docs/teams")
        .filter((name) => name.endsWith(".md"))
        .sort()
        .map((name) => `docs/teams/${name}`)
    : []),
];
const NOT_RUN = /^<!-- not-run: (.*\S.*) -->$/;
/** A block run whole, as one script (it sets up what the next examples use, e.g. a git repository). */
const RUN_ALL = "<!-- run-all -->";

/**
 * What the docs say a line does when it does not simply succeed. Any other line must exit 0.
 * events.md "Outcome texts": one blocking hook reads exactly like this (the starter policy
 * that README's `hookit init` writes has `no-force-push`), and `hookit check` exits 2 when
 * the event does not pass.
 */
const DOCUMENTED: Record<string, { exit: number; stdout?: string }> = {
  'echo \'{"event":"tool_call","toolName":"bash","input":{"command":"git push --force"}}\' | hookit check': {
    exit: 2,
    stdout: 'tool_call: block\nhookit: hook "no-force-push" rejected bash — `false`\n→ local/no-force-push requests message\n',
  },
};

interface Block {
  file: string;
  line: number;
  lang: string;
  /** The line right before the opening fence (where markers go). */
  before: string;
  body: string[];
}

function blocks(file: string): Block[] {
  const lines = readFileSync(join(ROOT, file), "utf8").split("\n");
  const out: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)\s*$/.exec(lines[i] as string);
    if (!open) continue;
    const start = i;
    const body: string[] = [];
    while (++i < lines.length && !/^```\s*$/.test(lines[i] as string)) body.push(lines[i] as string);
    out.push({ file, line: start + 1, lang: open[1] ?? "", before: (lines[start - 1] ?? "").trim(), body });
  }
  return out;
}

function markdownFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? markdownFiles(path) : entry.name.endsWith(".md") ? [path] : [];
  });
}

// --- policies -------------------------------------------------------------------------------

/** Keys only a normalized event has (`hookit check` input), never a policy entry. */
const EVENT_KEYS = ["toolName", "toolCallId", "input", "content", "turnIndex", "entryId", "position", "targetSessionFile"];

/** The block as a policy file, or undefined when it is not a policy (an agent config, an event, …). */
function asPolicy(text: string): { text: string; storage: "global" | "project" } | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // Not JSON (a fragment, JSONC agent config): a policy only if it looks like one, which then fails.
    return /"local"\s*:|"event"\s*:/.test(text) ? { text, storage: "global" } : undefined;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const keys = Object.keys(value);
  if (keys.includes("event") && !keys.some((key) => EVENT_KEYS.includes(key))) {
    // One entry on its own: as it would sit in a file.
    return { text: JSON.stringify({ local: { example: value } }), storage: "global" };
  }
  if (!keys.some((key) => key === "local" || /^[^/]+\/[^/]+$/.test(key))) return undefined;
  return { text, storage: keys.includes("repos") ? "project" : "global" };
}

const jsonBlocks = [...markdownFiles("docs"), "README.md"]
  .flatMap(blocks)
  .filter((block) => block.lang === "json" || block.lang === "jsonc")
  .flatMap((block) => {
    const policy = asPolicy(block.body.join("\n"));
    return policy ? [{ ...block, ...policy, where: `${block.file}:${block.line}` }] : [];
  });

describe("policy examples in the docs", () => {
  test("there are some (the search itself works)", () => {
    expect(jsonBlocks.map((b) => b.file)).toEqual(expect.arrayContaining(["docs/configuration.md"]));
  });

  test.each(jsonBlocks)("$where", (block) => {
    const result = loadCatalog([{ storage: block.storage, path: block.where, text: block.text }]);
    if (block.before === "<!-- invalid -->") expect(result.ok, "marked <!-- invalid --> but it validates").toBe(false);
    else expect(result.ok ? [] : result.diagnostics.map((d) => d.message)).toEqual([]);
  });
});

// --- commands -------------------------------------------------------------------------------

const commands = RUN_DOCS.flatMap(blocks)
  .filter((block) => block.lang === "sh" || block.lang === "bash" || block.lang === "shell")
  .flatMap((block) => {
    if (block.before === RUN_ALL)
      return [{ text: `set -e\n${block.body.join("\n")}`, where: `${block.file}:${block.line + 1}`, skipped: undefined }];
    const skipped = NOT_RUN.exec(block.before);
    return block.body
      .map((text, i) => ({ text: text.trim(), where: `${block.file}:${block.line + 1 + i}`, skipped: skipped?.[1] }))
      .filter((cmd) => /^hookit\s/.test(cmd.text) || /^echo\s.*\|\s*hookit\s/.test(cmd.text));
  });

describe("commands in the README and the docs", () => {
  useBuiltHookit();
  let sandbox = "";
  let env: Record<string, string> = {};
  let project = "";

  beforeAll(() => {
    sandbox = mkdtempSync(join(tmpdir(), "hookit-docs-"));
    const home = join(sandbox, "home");
    // The reader has agents installed: their folders are what `--agent all` detects.
    for (const dir of [".claude", ".codex", ".gemini", ".cursor", ".copilot", ".pi"]) mkdirSync(join(home, dir), { recursive: true });
    const bin = join(sandbox, "bin");
    mkdirSync(bin);
    writeFileSync(join(bin, "hookit"), `#!/bin/sh\nexec "${process.execPath}" "${join(packageRoot(), "dist/bin.cjs")}" "$@"\n`);
    chmodSync(join(bin, "hookit"), 0o755);
    project = join(sandbox, "your-repo");
    mkdirSync(project);
    spawnSync("git", ["init", "-q", project]);
    env = {
      PATH: `${bin}:${process.env.PATH ?? "/usr/bin:/bin"}`,
      HOME: home,
      XDG_CONFIG_HOME: join(home, ".config"),
      XDG_STATE_HOME: join(home, ".local/state"),
      // The reader's git has an identity (docs/teams/sources.md commits a policy), and nothing else of the developer's.
      GIT_CONFIG_NOSYSTEM: "1",
      GIT_AUTHOR_NAME: "Reader",
      GIT_AUTHOR_EMAIL: "reader@example.invalid",
      GIT_COMMITTER_NAME: "Reader",
      GIT_COMMITTER_EMAIL: "reader@example.invalid",
    };
  });
  afterAll(() => rmSync(sandbox, { recursive: true, force: true }));

  test("there are some, and every skipped one says why", () => {
    expect(commands.length).toBeGreaterThan(0);
    for (const cmd of commands) if (cmd.skipped !== undefined) expect(cmd.skipped.trim(), cmd.where).not.toBe("");
  });

  // In reading order, in one sandbox: README's `hookit init` sets up what later pages use.
  test.each(commands.filter((cmd) => cmd.skipped === undefined))(
    "$where: $text",
    (cmd) => {
      const run = spawnSync("/bin/sh", ["-c", cmd.text], {
        cwd: project,
        env,
        encoding: "utf8",
        timeout: 60_000,
        stdio: ["ignore", "pipe", "pipe"],
      });
      const expected = DOCUMENTED[cmd.text] ?? { exit: 0 };
      const shown = `${cmd.where}\nstdout:\n${run.stdout}\nstderr:\n${run.stderr}`;
      expect(run.status, shown).toBe(expected.exit);
      if (expected.stdout !== undefined) expect(run.stdout).toBe(expected.stdout);
      expect(`${run.stdout}\n${run.stderr}`, shown).not.toMatch(STACK_OR_USAGE);
    },
    90_000,
  );
});
