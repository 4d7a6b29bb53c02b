// The source layer as a unit: a locked file's entries keep their record and
// position in both the validator's merge and the cache's rebuild, and the layer
// reads nothing but one missing file when no source is configured.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { loadCatalog, type StorageFile } from "../../src/engine/catalog.ts";
import { rebuildCatalog } from "../../src/engine/catalog-trusted.ts";
import { lockedLayers } from "../../src/sources/layer.ts";
import { managedPolicyPath } from "../../src/base/managed-paths.ts";
import { resolvePolicyFiles } from "../../src/policy/policy.ts";
import { digest } from "../../src/sources/sync.ts";
import { copyStamp, sourceCopyPath, sourcesFile, type SourceRecord } from "../../src/sources/store.ts";
import { closeSync, openSync } from "node:fs";

const hook = (shell: string, extra: Record<string, unknown> = {}) => ({
  description: "",
  event: "tool_call",
  shell,
  default: true,
  ...extra,
});
const source: StorageFile = {
  storage: "global",
  path: "/s",
  locked: true,
  text: JSON.stringify({ "acme/policy": { guard: hook("exit 1"), note: hook("true") } }),
};
const user: StorageFile = {
  storage: "global",
  path: "/g",
  text: JSON.stringify({ local: { mine: hook("true") }, "acme/policy": { guard: hook("true", { default: false }), extra: hook("true") } }),
};

describe("a locked layer", () => {
  test("keeps its records against a later file, in the validator and in the cache's rebuild alike", () => {
    const validated = loadCatalog([source, user]);
    if (!validated.ok) throw new Error(JSON.stringify(validated.diagnostics));
    const refs = validated.entries.map((e) => [e.ref, e.kind === "hook" ? e.shell : "", e.default]);
    expect(refs).toEqual([
      ["acme/policy/guard", "exit 1", true],
      ["acme/policy/note", "true", true],
      ["local/mine", "true", true],
      ["acme/policy/extra", "true", true],
    ]);
    const rebuilt = rebuildCatalog([source, user]);
    expect(rebuilt.ok && rebuilt.entries).toEqual(validated.entries);
  });

  test("without the lock the later file wins, as HooKit merges", () => {
    const { locked: _, ...unlocked } = source;
    const catalog = loadCatalog([unlocked, user]);
    expect(catalog.ok && catalog.entries.find((e) => e.ref === "acme/policy/guard")?.default).toBe(false);
  });
});

describe("lockedLayers", () => {
  let home: string | undefined;
  afterEach(() => home && rmSync(home, { recursive: true, force: true }));

  test("no registry: no layer and no problem", () => {
    home = mkdtempSync(join(tmpdir(), "hookit-layer-"));
    expect(lockedLayers({ HOME: home })).toEqual({ files: [] });
  });

  test("a recorded source whose copy matches its hash is one locked global file", () => {
    home = mkdtempSync(join(tmpdir(), "hookit-layer-"));
    const env = { HOME: home };
    const text = source.text!;
    const record = {
      name: "acme/policy",
      url: "/r",
      path: "hooks",
      commit: "c".repeat(40),
      sha256: digest(text),
      fetchedAt: "2026-01-01T00:00:00.000Z",
    };
    mkdirSync(join(home, ".config", "hookit"), { recursive: true });
    writeFileSync(sourcesFile(env), JSON.stringify({ sources: [record] }));
    mkdirSync(join(home, ".local", "state", "hookit", "sources", "acme+policy"), { recursive: true });
    writeFileSync(sourceCopyPath(record, env), text);
    expect(lockedLayers(env)).toEqual({ files: [{ storage: "global", path: sourceCopyPath(record, env), text, locked: true }] });
    writeFileSync(sourceCopyPath(record, env), text.replace("exit 1", "true"));
    expect(lockedLayers(env)).toMatchObject({ files: [], problem: expect.stringContaining("hookit source update acme/policy") });
  });
});

describe("the layers above the user's own", () => {
  let home: string | undefined;
  afterEach(() => home && rmSync(home, { recursive: true, force: true }));

  test("the managed policy, then each source, then the user's files; HOOKIT=0 keeps only the managed one", () => {
    home = mkdtempSync(join(tmpdir(), "hookit-layer-"));
    const system = join(home, "system"); // root-owned when the suite runs as root, else refused (then no managed file)
    const env = { HOME: join(home, "home"), HOOKIT_SYSTEM_ROOT: system };
    mkdirSync(join(managedPolicyPath(system), ".."), { recursive: true });
    writeFileSync(managedPolicyPath(system), "{}");
    const record = {
      name: "acme/policy",
      url: "/r",
      path: "hooks",
      commit: "c".repeat(40),
      sha256: digest(source.text!),
      fetchedAt: "2026-01-01T00:00:00.000Z",
    };
    mkdirSync(join(env.HOME, ".config", "hookit"), { recursive: true });
    writeFileSync(sourcesFile(env), JSON.stringify({ sources: [record] }));
    mkdirSync(join(sourceCopyPath(record, env), ".."), { recursive: true });
    writeFileSync(sourceCopyPath(record, env), source.text!);
    const managed = process.getuid?.() === 0 ? ["managed"] : [];
    const storages = (e: Record<string, string>) =>
      resolvePolicyFiles(home!, e, () => true).files.map((f) => (f.locked ? f.storage : `${f.storage} (own)`));
    expect(storages(env)).toEqual([...managed, "global", "global (own)"]);
    expect(storages({ ...env, HOOKIT: "0" })).toEqual(managed);
    // A source the user added and then broke is theirs too: under HOOKIT=0 it neither runs nor fails closed.
    writeFileSync(sourceCopyPath(record, env), "{}");
    expect(resolvePolicyFiles(home, env, () => true).problem).toContain("acme/policy");
    expect(resolvePolicyFiles(home, { ...env, HOOKIT: "0" }, () => true).problem).toBeUndefined();
  });
});

describe("a stored copy's check", () => {
  let home: string | undefined;
  afterEach(() => home && rmSync(home, { recursive: true, force: true }));

  /** A recorded source, its copy written and stamped as `hookit source add` leaves it. */
  function recorded(text: string): { env: { HOME: string }; record: SourceRecord; copy: string } {
    home = mkdtempSync(join(tmpdir(), "hookit-layer-"));
    const env = { HOME: home };
    const record: SourceRecord = {
      name: "acme/policy",
      url: "/r",
      path: "hooks",
      commit: "c".repeat(40),
      sha256: digest(text),
      fetchedAt: "2026-01-01T00:00:00.000Z",
    };
    const copy = sourceCopyPath(record, env);
    mkdirSync(join(copy, ".."), { recursive: true });
    writeFileSync(copy, text);
    const fd = openSync(copy, "r");
    record.stamp = copyStamp(fd);
    closeSync(fd);
    mkdirSync(join(home, ".config", "hookit"), { recursive: true });
    writeFileSync(sourcesFile(env), JSON.stringify({ sources: [record] }));
    return { env, record, copy };
  }

  test("a rewrite of the same length in place is caught (its change time moves, so it is hashed)", () => {
    const text = source.text!;
    const { env, copy } = recorded(text);
    expect(lockedLayers(env).problem).toBeUndefined();
    writeFileSync(copy, text.replace("exit 1", "true  "));
    expect(lockedLayers(env).problem).toContain("does not match the pinned content hash");
  });

  test("the same bytes written again (a restored backup) pass the hash check", () => {
    const text = source.text!;
    const { env, copy } = recorded(text);
    rmSync(copy);
    writeFileSync(copy, text);
    expect(lockedLayers(env)).toMatchObject({ files: [{ text, locked: true }] });
  });
});
