// §9 "Enablement" (86–91) and §2.8: saved keys vs defaults, Preset expansion,
// and the order of the Enabled Hook Set (which is the execution order).
import { expect, test } from "vitest";
import { enabledHookSet, type Hook } from "../../src/engine/index.ts";
import { globalFile, h, loadOk, readLines, run, tempDir, toolCall } from "./_helpers.ts";

const key = (source: string, name: string) => `${source}\u0000${name}`;
const refs = (set: readonly Hook[]) => set.map((hook) => hook.ref);
const logs = (name: string) => h("tool_call", `echo ${name} >> order`);

/** Runs a tool_call over `set` and returns the order in which the hooks' shells ran. */
async function executionOrder(set: readonly Hook[]): Promise<string[]> {
  const dir = tempDir();
  await run(toolCall(), set, dir);
  return readLines(dir, "order");
}

test("86 a saved set overrides defaults (legacy activeHooks is host-level: Pi adapter)", async () => {
  const entries = loadOk([globalFile({ local: { saved: logs("saved"), def: { ...logs("def"), default: true } } })]);
  const set = enabledHookSet(entries, [key("local", "saved")]);
  expect(refs(set)).toEqual(["local/saved"]);
  expect(await executionOrder(set)).toEqual(["saved"]);
});

test("87 a saved empty set runs nothing although defaults exist", async () => {
  const entries = loadOk([globalFile({ local: { def: { ...logs("def"), default: true } } })]);
  expect(enabledHookSet(entries, [])).toEqual([]);
  const out = await run(toolCall(), enabledHookSet(entries, []), tempDir());
  expect(out).toEqual({ eventOutcomes: [{ event: "tool_call", outcome: "pass" }], effects: [] });
});

test("88 with no saved set, defaults run; a refreshed catalog's new defaults apply", () => {
  const before = loadOk([globalFile({ local: { a: { ...logs("a"), default: true }, b: logs("b") } })]);
  expect(refs(enabledHookSet(before))).toEqual(["local/a"]);
  const after = loadOk([globalFile({ local: { a: logs("a"), b: { ...logs("b"), default: true } } })]);
  expect(refs(enabledHookSet(after))).toEqual(["local/b"]);
});

test("89 saved keys need source\\0name: bare names are dropped, no guessing", () => {
  const entries = loadOk([globalFile({ local: { guard: logs("l") }, "owner/repo": { guard: logs("r") } })]);
  expect(refs(enabledHookSet(entries, [key("local", "guard"), "guard"]))).toEqual(["local/guard"]);
  expect(refs(enabledHookSet(entries, [key("owner/repo", "guard"), key("local", "gone")]))).toEqual(["owner/repo/guard"]);
});

test("90 a Preset runs its members in reference order, skipping dangling refs", async () => {
  const entries = loadOk([
    globalFile({
      local: {
        a: logs("a"),
        b: logs("b"),
        bundle: { description: "", preset: ["local/b", "local/a", "local/missing"], default: true },
      },
    }),
  ]);
  expect(await executionOrder(enabledHookSet(entries))).toEqual(["b", "a"]);
});

test("91 a hook enabled directly and via a later Preset runs once, at its first position", async () => {
  const entries = loadOk([
    globalFile({
      local: {
        a: { ...logs("a"), default: true },
        b: logs("b"),
        p: { description: "", preset: ["local/b", "local/a"], default: true },
      },
    }),
  ]);
  expect(refs(enabledHookSet(entries))).toEqual(["local/a", "local/b"]);
  expect(await executionOrder(enabledHookSet(entries))).toEqual(["a", "b"]);
});

// --- §2.8 / §11.19 details not numbered in §9 -----------------------------------

test("§2.8 disabling a Preset removes only that path; a Preset's default ignores members' defaults", () => {
  const entries = loadOk([
    globalFile({
      local: {
        a: logs("a"),
        b: { ...logs("b"), default: false },
        p: { description: "", preset: ["local/a", "local/b"], default: true },
      },
    }),
  ]);
  expect(refs(enabledHookSet(entries))).toEqual(["local/a", "local/b"]);
  expect(refs(enabledHookSet(entries, [key("local", "a")]))).toEqual(["local/a"]);
  expect(refs(enabledHookSet(entries, [key("local", "p")]))).toEqual(["local/a", "local/b"]);
});

test("§2.8 the Enabled Hook Set is frozen", () => {
  const entries = loadOk([globalFile({ local: { a: { ...logs("a"), default: true } } })]);
  const set = enabledHookSet(entries);
  expect(Object.isFrozen(set)).toBe(true);
  expect(Object.isFrozen(set[0])).toBe(true);
});
