// hookit as an OpenCode plugin package, installed the way OpenCode users install one:
// `opencode plugin <package folder>` (what `opencode plugin hookit-cli` does once it has fetched the
// package), offline. OpenCode 1.18.33 reads the package's `exports["./server"]` (hookit's
// dist/opencode.mjs) and lists the folder in the project's `.opencode/opencode.json`. No `hookit
// install`: OpenCode loads hookit from the package alone. The block and tamper scenarios are the ones
// every agent runs.
import { cpSync, existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { seedPluginDependencies } from "../hosts/opencode/e2e-profile.ts";
import { cliCommand } from "./clis.ts";
import { CACHE_ROOT, canIsolate, disposeScratch, run, runScenario } from "./harness.ts";
import { writeFiles } from "./scenario-files.ts";
import { BLOCK_REASON, GUARD_POLICY, MARKER } from "./scenarios.ts";
import { afterLastToolCall, rawToolResults } from "./views.ts";

const REPO = resolve(import.meta.dirname, "../..");
const SELF_PROTECTION = "hookit: blocked by self-protection";

function installPackage({ dir, home, project }: { dir: string; home: string; project: string }): void {
  // Beside the project (<dir>/project): the model reaches it as ../pkg/hookit-cli.
  const folder = join(dir, "pkg", "hookit-cli");
  for (const part of ["dist", "package.json"]) cpSync(join(REPO, part), join(folder, part), { recursive: true });
  // OpenCode installs its plugin types into each config folder before it loads a plugin (e2e-profile.ts).
  writeFiles(seedPluginDependencies(join(project, ".opencode")));
  const [opencode, ...pre] = cliCommand("opencode", CACHE_ROOT);
  const env = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: home,
    OPENCODE_DISABLE_MODELS_FETCH: "1",
    OPENCODE_DISABLE_AUTOUPDATE: "1",
    NO_COLOR: "1",
  };
  const argv = [...pre, "plugin", folder];
  // No network for the install either: a local folder needs none.
  if (canIsolate()) run("unshare", ["-n", opencode!, ...argv], { cwd: project, env });
  else run(opencode!, argv, { cwd: project, env });
  // A project policy runs once trusted, however hookit was installed (docs/install.md).
  run(process.execPath, [join(folder, "dist", "bin.cjs"), "trust", "--yes"], { cwd: project, env });
}

describe("opencode: hookit as an OpenCode plugin package (opencode plugin <folder>)", () => {
  afterAll(disposeScratch);
  const scenario = (name: string, turns: Parameters<typeof runScenario>[0]["turns"]) =>
    runScenario({ agent: "opencode", name: `package-${name}`, policy: GUARD_POLICY, install: false, sabotage: installPackage, turns });

  it("block: the package alone puts the policy in front of every tool call", async () => {
    const r = await scenario("block", [{ shell: `touch ${MARKER}` }, { say: "Done." }]);
    const config = JSON.parse(readFileSync(join(r.project, ".opencode/opencode.json"), "utf8")) as { plugin: string[] };
    expect(config.plugin, r.summary()).toEqual([join(r.dir, "pkg", "hookit-cli")]);
    expect(r.exists("opencode.json"), "hookit install wrote nothing").toBe(false);
    expect(r.exists(MARKER), r.summary()).toBe(false);
    expect(rawToolResults(r.views[1] ?? []).at(-1), r.summary()).toBe(BLOCK_REASON);
  });

  it("tamper: the model drops the package from OpenCode's config, then runs what the policy forbids; neither happens", async () => {
    const r = await scenario("tamper", [
      { shell: `printf '{"plugin": []}' > .opencode/opencode.json` },
      { shell: `touch ${MARKER}` },
      { say: "Done." },
    ]);
    expect(afterLastToolCall(r.views[1] ?? []), r.summary()).toContain(SELF_PROTECTION);
    expect(JSON.parse(readFileSync(join(r.project, ".opencode/opencode.json"), "utf8")).plugin, r.summary()).toHaveLength(1);
    expect(r.exists(MARKER), r.summary()).toBe(false);
  });

  it("tamper: the model points the package's server entry elsewhere; refused", async () => {
    const r = await scenario("entry", [
      { shell: `printf '{"name":"hookit-cli","type":"module"}' > ../pkg/hookit-cli/package.json` },
      { say: "Done." },
    ]);
    expect(afterLastToolCall(r.views[1] ?? []), r.summary()).toContain(SELF_PROTECTION);
    expect(readFileSync(join(r.dir, "pkg/hookit-cli/package.json"), "utf8")).toContain('"./server": "./dist/opencode.mjs"');
  });

  it("tamper: the model deletes the package's hookit; refused", async () => {
    const r = await scenario("delete", [{ shell: "rm -rf ../pkg/hookit-cli/dist" }, { say: "Done." }]);
    expect(afterLastToolCall(r.views[1] ?? []), r.summary()).toContain(SELF_PROTECTION);
    expect(existsSync(join(r.dir, "pkg/hookit-cli/dist/opencode.mjs")), r.summary()).toBe(true);
  });
});
