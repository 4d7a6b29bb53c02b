// Port of HooKit's tests/core-hooks/{catalog,pi,npm,pre-commit}.test.ts (see
// UPSTREAM.md), against the Core entries of core-catalog.ts.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { enabledHookSet } from "../../src/engine/index.ts";
import { catalog, openCatalog, writeJson } from "./_catalog-facade.ts";
import { agentEndOutcome, assertAgentEndCommand, executable, fixture, toolCallOutcome } from "./_core.ts";
import { CORE_SOURCE, coreEntries } from "./core-catalog.ts";
import { HookEvaluation, context, createEnabledHookSet } from "./_facade.ts";

const EXPECTED_CORE_ENTRIES = [
  "block-bash",
  "block-edit",
  "block-find",
  "block-grep",
  "block-ls",
  "block-read",
  "block-write",
  "diff-max-10-lines",
  "diff-max-100-lines",
  "diff-max-1000-lines",
  "diff-max-2000-lines",
  "diff-max-250-lines",
  "diff-max-50-lines",
  "diff-max-500-lines",
  "diff-max-5000-lines",
  "git-diff-check",
  "no-env-access",
  "no-env-secrets-in-output",
  "npm-build",
  "npm-lint",
  "npm-test",
  "npm-typecheck",
  "only-md",
  "paths-in-cwd",
  "pre-commit-run",
  "pre-commit-run-all-files",
  "read-max-10000-chars",
  "read-max-100000-chars",
  "read-max-20000-chars",
  "read-max-200000-chars",
  "read-max-500-chars",
  "read-max-50000-chars",
  "read-only",
  "require-more-deletions",
  "require-no-change",
  "write-new-files-only",
];

/** A project file holding the whole Core catalog in its `meffmadd/HooKit` section. */
function coreProject(root: string, entries: Record<string, unknown> = coreEntries): { global: string; project: string } {
  const project = join(root, ".hookit", "hookit.json");
  writeJson(project, { repos: [CORE_SOURCE], [CORE_SOURCE]: entries });
  return { global: join(root, "global.json"), project };
}

describe("Core Hook catalog", () => {
  it("contains exactly the supported 36 Catalog Entries", () => {
    expect(Object.keys(coreEntries).sort()).toEqual(EXPECTED_CORE_ENTRIES);
  });

  // Upstream also checks the file against its JSON Schema; hookit's loader applies the
  // same zod schema that `hookit schema` prints, so loading covers both.
  it("satisfies the shared schema and Hook Catalog invariants", () => {
    const loaded = catalog(openCatalog(coreProject(fixture("catalog"))));
    expect(loaded.entries).toHaveLength(36);
    expect(loaded.entries.every((entry) => entry.default === false)).toBe(true);
  });

  it("defines read-only as the three canonical Core mutation blockers", () => {
    expect(coreEntries["read-only"]?.preset).toEqual([
      "meffmadd/HooKit/block-bash",
      "meffmadd/HooKit/block-write",
      "meffmadd/HooKit/block-edit",
    ]);
  });
});

describe("Core Pi tool controls", () => {
  for (const toolName of ["read", "bash", "edit", "write", "grep", "find", "ls"]) {
    it(`block-${toolName} matches only ${toolName}`, async () => {
      const cwd = fixture(`block-${toolName}`);
      expect(await toolCallOutcome(`block-${toolName}`, toolName, {}, cwd)).toBe("block");
      expect(await toolCallOutcome(`block-${toolName}`, `my-${toolName}`, {}, cwd)).toBe("pass");
    });
  }

  // Upstream enables the Preset in its /hooks session state; hookit's enablement is `"default": true`.
  it("read-only expands through session enablement to exactly three blockers", async () => {
    const root = fixture("read-only");
    const entries = { ...coreEntries, "read-only": { ...coreEntries["read-only"], default: true } };
    const set = enabledHookSet(catalog(openCatalog(coreProject(root, entries))).entries);
    const evaluator = new HookEvaluation();
    for (const [toolName, expected] of [
      ["bash", "block"],
      ["write", "block"],
      ["edit", "block"],
      ["read", "pass"],
      ["grep", "pass"],
      ["find", "pass"],
      ["ls", "pass"],
    ] as const) {
      const outcome = await evaluator.evaluate(
        "tool_call",
        { toolName, toolCallId: `call-${toolName}`, input: {} },
        context(root),
        createEnabledHookSet(set),
      );
      expect(outcome.eventOutcomes[0].outcome, toolName).toBe(expected);
      expect(outcome.evaluationReport?.rows.length ?? 0, toolName).toBe(expected === "block" ? 1 : 0);
    }
  });
});

describe("Core npm workflow Hooks", { timeout: 60_000 }, () => {
  const commands = new Map([
    ["npm-test", "test"],
    ["npm-lint", "run lint"],
    ["npm-build", "run build"],
    ["npm-typecheck", "run typecheck"],
  ]);

  for (const [name, expectedArguments] of commands) {
    it(`${name} runs its exact npm command and reports command failure`, async () => {
      await assertAgentEndCommand(name, "npm", expectedArguments);
    });
  }

  // The real npm runs here; it is kept offline and its update check off (tests reach nothing but 127.0.0.1).
  const offline = { npm_config_offline: "true", npm_config_update_notifier: "false" };

  it("reports missing npm, missing scripts, and invalid project metadata", async () => {
    const missingNpm = fixture("npm-missing");
    expect(await agentEndOutcome("npm-test", missingNpm, { PATH: join(missingNpm, "empty-bin") })).toBe("report");
    expect(await agentEndOutcome("npm-test", fixture("npm-no-project"), offline)).toBe("report");
    const missingScripts = fixture("npm-missing-scripts");
    writeFileSync(join(missingScripts, "package.json"), '{"scripts":{}}\n');
    for (const name of commands.keys()) expect(await agentEndOutcome(name, missingScripts, offline), name).toBe("report");
    const malformedProject = fixture("npm-malformed-project");
    writeFileSync(join(malformedProject, "package.json"), "{not-json\n");
    expect(await agentEndOutcome("npm-test", malformedProject, offline)).toBe("report");
  });
});

describe("Core pre-commit workflow Hooks", () => {
  const commands = new Map([
    ["pre-commit-run", "run"],
    ["pre-commit-run-all-files", "run --all-files"],
  ]);

  for (const [name, expectedArguments] of commands) {
    it(`${name} runs its exact pre-commit command and reports command failure`, async () => {
      await assertAgentEndCommand(name, "pre-commit", expectedArguments, (cwd) => {
        writeFileSync(join(cwd, ".pre-commit-config.yaml"), "repos: []\n");
      });
    });
  }

  it("skips projects without pre-commit configuration", async () => {
    const cwd = fixture("pre-commit-not-configured");
    const bin = join(cwd, "bin");
    const log = join(cwd, "pre-commit.log");
    mkdirSync(bin);
    executable(join(bin, "pre-commit"), `touch "${log}"`);
    for (const name of commands.keys()) expect(await agentEndOutcome(name, cwd, { PATH: bin }), name).toBe("pass");
    expect(existsSync(log)).toBe(false);
  });

  it("reports missing pre-commit in a configured project", async () => {
    const cwd = fixture("pre-commit-missing");
    writeFileSync(join(cwd, ".pre-commit-config.yaml"), "repos: []\n");
    for (const name of commands.keys()) expect(await agentEndOutcome(name, cwd, { PATH: join(cwd, "empty-bin") }), name).toBe("report");
  });
});
