// The policy `hookit init --global` writes, through `hookit hook`, on Claude,
// Codex, Gemini and Copilot payloads: every attack is denied — by the guard
// meant for it, or by self-protection where the attack would also reach
// hookit's own files (test/starter/policy.test.ts checks the guard alone) —
// and every innocent command and mention-as-data runs. The cases run `hookit hook` in-process; one
// of each kind per agent runs the BUILT binary, the way the agent runs it.
import { describe, expect, test } from "vitest";
import { AGENTS, decide, type Search, useStarterBox } from "./_agents.ts";
import {
  ATTACKS,
  FILE_ATTACKS,
  FILE_INNOCENT,
  INNOCENT,
  MANY_FILES_ATTACKS,
  MANY_FILES_INNOCENT,
  SEARCH_ATTACKS,
  SEARCH_INNOCENT,
} from "./cases.ts";

// Each shell command runs on two of the four agents, in turn (the adapters hand the command over
// as it is, so two payload shapes per command check the translation without spawning ~3,600
// hooks); test/starter/policy.test.ts judges every command in-process. File-tool calls, whose
// shapes differ per agent, run on all four.

const box = useStarterBox();
// Its own home, so the binary's calls do not queue behind the in-process ones' state lock.
const binaryBox = useStarterBox();
const agents = Object.keys(AGENTS);
const guarded = (guard: string) => new RegExp(`hook "${guard}" rejected|^hookit: blocked by self-protection`);
const half = <T>(list: T[], agent: string) => list.filter((_, k) => k % 2 === agents.indexOf(agent) % 2);
// Codex edits files only through apply_patch: it has no read tool to guard, and only it deletes by a file tool.
const forAgent = <T extends [string, string]>(calls: T[], agent: string) =>
  calls.filter(([kind]) => (agent === "codex" ? kind !== "read" : kind !== "delete"));
/** `~/` is the sandbox's home, `$P/` the project (an absolute path). */
const full = (path: string) =>
  path.startsWith("~/") ? box().home + path.slice(1) : path.startsWith("$P/") ? box().project + path.slice(2) : path;

describe.concurrent.each(agents)("starter policy on %s", (agent) => {
  for (const [guard, commands] of Object.entries(ATTACKS)) {
    test.each(half(commands, agent))(`${guard} blocks %s`, async (command) => {
      expect(await decide(box(), agent, { kind: "bash", command })).toMatch(guarded(guard));
    });
  }

  for (const [guard, calls] of Object.entries(FILE_ATTACKS)) {
    test.each(forAgent(calls, agent))(`${guard} blocks the %s tool on %s`, async (kind, path) => {
      expect(await decide(box(), agent, { kind, path: full(path) })).toMatch(guarded(guard));
    });
  }

  test.each(half(INNOCENT, agent))("lets %s run", async (command) => {
    expect(await decide(box(), agent, { kind: "bash", command })).toBeUndefined();
  });

  test.each(forAgent(FILE_INNOCENT, agent))("lets the %s tool touch %s", async (kind, path) => {
    expect(await decide(box(), agent, { kind, path: full(path) })).toBeUndefined();
  });

  // Codex has no search tool; Gemini's has no file type.
  const searches = (calls: Search[]) => (agent === "codex" ? [] : calls.filter((call) => agent !== "gemini" || !call.type));
  const where = (call: Search) => ({ ...call, ...(call.path && { path: call.path === "$P" ? box().project : full(call.path) }) });
  test.each(searches(SEARCH_ATTACKS))("no-dotenv-secrets blocks a search tool %o", async (call) => {
    expect(await decide(box(), agent, { kind: "grep", ...where(call) })).toMatch(guarded("no-dotenv-secrets"));
  });
  test.each(searches(SEARCH_INNOCENT))("lets a search tool %o run", async (call) => {
    expect(await decide(box(), agent, { kind: "grep", ...where(call) })).toBeUndefined();
  });
});

describe.concurrent("starter policy on Gemini's read_many_files", () => {
  const many = (path: string) => [path === "$P" ? box().project : full(path)];
  test.each(MANY_FILES_ATTACKS)("no-dotenv-secrets blocks reading %s", async (path) => {
    expect(await decide(box(), "gemini", { kind: "many", paths: many(path) })).toMatch(guarded("no-dotenv-secrets"));
  });
  test.each(MANY_FILES_INNOCENT)("lets it read %s", async (path) => {
    expect(await decide(box(), "gemini", { kind: "many", paths: many(path) })).toBeUndefined();
  });
});

describe.concurrent.each(agents)("the built binary on %s, one case of each kind", (agent) => {
  const samples = [
    ...Object.entries(ATTACKS).map(([guard, commands]) => [`${guard} blocks`, guard, { kind: "bash", command: commands[0]! }] as const),
    // Codex has no read tool: a guard whose file cases are all reads has none to show there.
    ...Object.entries(FILE_ATTACKS).flatMap(([guard, calls]) => {
      const found = calls.find(([k]) => !(agent === "codex" && k === "read"));
      return found ? [[`${guard} blocks the ${found[0]} tool`, guard, { kind: found[0], path: found[1] }] as const] : [];
    }),
    ["lets an innocent command run", undefined, { kind: "bash", command: INNOCENT[0]! }] as const,
  ];
  test.each(samples)("%s", async (_name, guard, call) => {
    const full = "path" in call && call.path.startsWith("~/") ? { ...call, path: binaryBox().home + call.path.slice(1) } : call;
    const reason = await decide(binaryBox(), agent, full, { process: true });
    if (guard === undefined) expect(reason).toBeUndefined();
    else expect(reason).toMatch(guarded(guard));
  });
});
