// Port of HooKit's Hook Catalog creation tests (describe "Hook Catalog
// creation"; see UPSTREAM.md for file and commit), one test per upstream test,
// against hookit's `loadCatalog` through the catalog facade.
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  catalog,
  diagnostics,
  find,
  localShell,
  locations,
  openCatalog,
  refs,
  remoteShell,
  writeJson,
  writeRaw,
} from "./_catalog-facade.ts";

describe("Hook Catalog creation", () => {
  it("treats missing authorized files as empty and keeps project authorization", () => {
    const paths = locations("missing");
    const loaded = catalog(openCatalog(paths));
    expect(loaded.entries).toEqual([]);
    expect(loaded.repositories).toEqual([]);
    expect(existsSync(paths.global) || existsSync(paths.project)).toBe(false);
  });

  // Upstream then tries an install mutation, which has no hookit counterpart (see _differences.ts).
  it("does not read or write omitted untrusted project storage", () => {
    const paths = locations("untrusted");
    writeJson(paths.global, { local: { safe: localShell() } });
    const malformed = "{ keep these malformed bytes";
    writeRaw(paths.project, malformed);
    const loaded = catalog(openCatalog({ global: paths.global }));
    expect(loaded.entries.map((e) => e.name)).toEqual(["safe"]);
    expect(readFileSync(paths.project, "utf8")).toBe(malformed);
  });

  it("partitions by source and replaces matching global entries as whole records", () => {
    const paths = locations("merge");
    writeJson(paths.global, {
      repos: ["ignored/global-metadata"],
      local: { shared: localShell("global", { when: "global-when" }), globalOnly: localShell("global-only") },
      "owner/repo": { sameName: remoteShell },
    });
    writeJson(paths.project, {
      repos: ["owner/repo", "hidden/repo"],
      local: { shared: localShell("project") },
      "owner/repo": { sameName: { ...remoteShell, shell: "project-repo" } },
      "hidden/repo": { hidden: remoteShell },
    });
    const loaded = catalog(openCatalog(paths));
    expect(refs(loaded)).toEqual(["local/shared", "local/globalOnly", "owner/repo/sameName", "hidden/repo/hidden"]);
    const shared = find(loaded, "local", "shared");
    expect(shared?.kind === "hook" && shared.shell).toBe("project");
    expect(shared?.kind === "hook" && shared.when, "the project record replaces rather than merges").toBeUndefined();
    expect(find(loaded, "hidden/repo", "hidden")?.kind).toBe("hook");
    expect(loaded.repositories).toEqual(["owner/repo", "hidden/repo"]);
    expect("path" in (shared ?? {}), "storage provenance is not exposed").toBe(false);
  });

  it("uses Source plus name as identity regardless of Catalog Entry kind", () => {
    const paths = locations("identity-across-kinds");
    writeJson(paths.global, { local: { shared: localShell("global-hook") } });
    writeJson(paths.project, { local: { shared: { description: "Project Preset", preset: [] } } });
    const loaded = catalog(openCatalog(paths));
    expect(loaded.entries).toHaveLength(1);
    expect(find(loaded, "local", "shared")?.kind).toBe("preset");
  });

  it("loads and clones normalized Hooks with owned Actions", () => {
    const paths = locations("actions");
    const action = { type: "emit-custom-event", outcome: "pass", name: "test:event", data: { nested: [1, true] } };
    writeJson(paths.project, {
      local: {
        handler: {
          description: "Notify an integration",
          event: "hook_result",
          filter: { outcome: "block" },
          when: "true",
          action,
          default: true,
        },
      },
    });
    const handler = find(catalog(openCatalog(paths)), "local", "handler");
    if (handler?.kind !== "hook") throw new Error("expected a hook");
    expect(handler.action).toEqual(action);
    expect(handler.shell).toBe("true");
    expect(handler.action).not.toBe(action);
    expect(handler.default).toBe(true);
    expect("path" in handler).toBe(false);
  });

  it("keeps global repository sections visible without project declaration", () => {
    const paths = locations("global-repo");
    writeJson(paths.global, { "owner/repo": { guard: remoteShell } });
    writeJson(paths.project, { local: { localOnly: localShell() } });
    expect(refs(catalog(openCatalog(paths)))).toEqual(["owner/repo/guard", "local/localOnly"]);
  });

  it("keeps project local implicit when repos is absent", () => {
    const paths = locations("local-only");
    writeJson(paths.project, { local: { guard: localShell() } });
    const loaded = catalog(openCatalog(paths));
    expect(refs(loaded)).toEqual(["local/guard"]);
    expect(loaded.repositories).toEqual([]);
  });

  it("loads declared project repository sections", () => {
    const paths = locations("declared");
    writeJson(paths.project, { repos: ["owner/repo"], "owner/repo": { guard: remoteShell } });
    const loaded = catalog(openCatalog(paths));
    expect(refs(loaded)).toEqual(["owner/repo/guard"]);
    expect(loaded.repositories).toEqual(["owner/repo"]);
  });

  it("diagnoses an undeclared project repository section", () => {
    const paths = locations("undeclared");
    writeJson(paths.project, { local: { visible: localShell() }, "owner/repo": { guard: remoteShell } });
    const found = diagnostics(openCatalog(paths));
    expect(found.map((d) => d.storage)).toEqual(["project"]);
    expect(found[0]?.reason).toMatch(/owner\/repo/);
    expect(found[0]?.reason).toMatch(/repos/);
  });

  it("allows a declared repository that has no section yet", () => {
    const paths = locations("repo-without-section");
    writeJson(paths.project, { repos: ["owner/repo"], local: { guard: localShell() } });
    const loaded = catalog(openCatalog(paths));
    expect(loaded.repositories).toEqual(["owner/repo"]);
    expect(loaded.entries.map((e) => e.name)).toEqual(["guard"]);
  });

  it("rejects arbitrary non-canonical section sources", () => {
    const paths = locations("non-canonical");
    writeJson(paths.global, { one: { entry: localShell() } });
    const [first] = diagnostics(openCatalog(paths));
    expect(first?.storage).toBe("global");
    expect(first?.reason).toMatch(/expected local or owner\/repo/);
  });

  it("lets one project eligibility error prevent a partial catalog", () => {
    const paths = locations("partial");
    writeJson(paths.global, { local: { globalOk: localShell() } });
    writeJson(paths.project, {
      repos: ["other/repo"],
      local: { projectOk: localShell() },
      "owner/repo": { undeclared: remoteShell },
      "other/repo": { other: remoteShell },
    });
    const found = diagnostics(openCatalog(paths));
    expect(found).toHaveLength(1);
    expect(found[0]?.storage).toBe("project");
    expect(found[0]?.reason).toMatch(/owner\/repo/);
  });

  it("reports the first failure for every invalid authorized storage", () => {
    const paths = locations("diagnostics");
    writeRaw(paths.global, "not json");
    writeJson(paths.project, { local: { bad: { description: "missing shell", event: "tool_call" }, alsoBad: 42 } });
    const found = diagnostics(openCatalog(paths));
    expect(found.map((d) => d.storage)).toEqual(["global", "project"]);
    expect(found[0]?.reason).toMatch(/Unexpected token|JSON/);
    expect(found[1]?.reason).toMatch(/local\/bad/);
    expect("path" in (found[0] ?? {})).toBe(false);
  });

  it("rejects a non-object storage root", () => {
    const paths = locations("invalid-root");
    writeRaw(paths.global, "[]");
    const [first] = diagnostics(openCatalog(paths));
    expect(first?.storage).toBe("global");
    expect(first?.reason).toMatch(/JSON object/);
  });

  it("rejects invalid file metadata without a partial catalog", () => {
    const paths = locations("invalid-shape");
    writeJson(paths.global, { local: { valid: localShell() } });
    writeJson(paths.project, { repos: ["not-qualified"], local: { invalid: { description: "x", event: "made_up", shell: "true" } } });
    const found = diagnostics(openCatalog(paths));
    expect(found).toHaveLength(1);
    expect(found[0]?.storage).toBe("project");
    expect(found[0]?.reason).toMatch(/repos/);
  });

  it("deep-freezes catalog entries once, including nested owned data", () => {
    const paths = locations("frozen");
    const action = { type: "message", outcome: ["pass", "block"], message: "Review", delivery: "followUp", code: [0, 1] };
    writeJson(paths.project, {
      local: {
        guard: {
          description: "Frozen guard",
          event: "tool_call",
          filter: { toolName: ["bash", "read"] },
          when: "true",
          shell: "git status",
          action,
        },
        preset: { description: "P", preset: ["local/guard"] },
      },
    });
    const loaded = catalog(openCatalog(paths));
    expect(Object.isFrozen(loaded.entries)).toBe(true);
    // (upstream also checks its repository list is frozen; hookit keeps no such list)
    const guard = find(loaded, "local", "guard");
    if (guard?.kind !== "hook") throw new Error("expected a hook");
    for (const part of [guard, guard.filter, guard.action, guard.action?.outcome, guard.action?.code])
      expect(Object.isFrozen(part)).toBe(true);
    const preset = find(loaded, "local", "preset");
    expect(preset?.kind === "preset" && Object.isFrozen(preset.preset)).toBe(true);
    expect(guard.action).not.toBe(action);
  });

  it("returns source-qualified diagnostics for invalid filter regexes", () => {
    const paths = locations("invalid-regex");
    writeJson(paths.project, { local: { bad: { description: "x", event: "tool_call", shell: "true", filter: { toolName: "[" } } } });
    const [first] = diagnostics(openCatalog(paths));
    expect(first?.storage).toBe("project");
    expect(first?.reason).toMatch(/local\/bad/);
    expect(first?.reason).toMatch(/invalid regex/);
  });

  it("returns source-qualified diagnostics for invalid entries", () => {
    const paths = locations("invalid-entry");
    writeJson(paths.project, { local: { bad: { description: "x", event: "made_up", shell: "true" } } });
    const [first] = diagnostics(openCatalog(paths));
    expect(first?.storage).toBe("project");
    expect(first?.reason).toMatch(/local\/bad/);
    expect(first?.reason).toMatch(/unknown event/);
  });

  for (const [label, name] of [
    ["empty", ""],
    ["slash", "nested/name"],
    ["NUL", "nul\u0000name"],
  ] as const) {
    it(`rejects a Catalog Entry with an ${label} name`, () => {
      const paths = locations(`invalid-${label}-name`);
      writeJson(paths.project, { local: { [name]: localShell() } });
      const [first] = diagnostics(openCatalog(paths));
      expect(first?.storage).toBe("project");
      expect(first?.reason).toMatch(/entry name/);
    });
  }

  it("rejects duplicate Hook References within one Preset", () => {
    const paths = locations("duplicate-preset-refs");
    writeJson(paths.project, {
      local: { guard: localShell(), bundle: { description: "Repeated member", preset: ["local/guard", "local/guard"] } },
    });
    const [first] = diagnostics(openCatalog(paths));
    expect(first?.storage).toBe("project");
    expect(first?.reason).toMatch(/local\/bundle/);
    expect(first?.reason).toMatch(/Hook or Preset schema/);
  });

  it("accepts Preset references that resolve to Hooks or remain dangling", () => {
    const paths = locations("valid-preset-relations");
    const members = ["local/local guard", "owner/hooks/remote", "owner/hooks/missing guard"];
    writeJson(paths.global, { "owner/hooks": { remote: remoteShell } });
    writeJson(paths.project, {
      local: { "local guard": localShell(), bundle: { description: "Available and missing members", preset: members } },
    });
    const bundle = find(catalog(openCatalog(paths)), "local", "bundle");
    expect(bundle?.kind === "preset" && bundle.preset).toEqual(members);
  });

  it("rejects a cross-Source Preset reference resolved to a Preset after storage merge", () => {
    const paths = locations("nested-after-merge");
    writeJson(paths.global, {
      local: { bundle: { description: "Bundle", preset: ["owner/hooks/member"] } },
      "owner/hooks": { member: localShell("global-hook") },
    });
    writeJson(paths.project, { repos: ["owner/hooks"], "owner/hooks": { member: { description: "Project Preset", preset: [] } } });
    const [first] = diagnostics(openCatalog(paths));
    expect(first?.storage).toBe("global");
    for (const part of [/local\/bundle/, /owner\/hooks\/member/, /Preset/]) expect(first?.reason).toMatch(part);
  });

  it("rejects Preset nesting introduced before refresh without changing the snapshot", () => {
    const paths = locations("nested-refresh");
    writeJson(paths.project, { local: { member: localShell(), bundle: { description: "Bundle", preset: ["local/member"] } } });
    const initial = catalog(openCatalog(paths));
    writeJson(paths.project, {
      local: { member: { description: "Nested", preset: [] }, bundle: { description: "Bundle", preset: ["local/member"] } },
    });
    const [first] = diagnostics(initial.refresh());
    expect(first?.reason).toMatch(/nested Presets/);
    expect(find(initial, "local", "member")?.kind).toBe("hook");
  });
});
