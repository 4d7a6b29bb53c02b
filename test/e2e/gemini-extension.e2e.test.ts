// hookit as a Gemini CLI extension, installed the way Gemini CLI users install one from a local
// path: `gemini extensions link --consent <package>/dist/gemini-extension` (--consent answers the
// third-party-extension prompt, which a run without a terminal cannot), offline. No `hookit
// install`: the only hooks are the extension's. On 0.61.0 the link leaves
// ~/.gemini/extensions/hookit/.gemini-extension-install.json ({"source": <folder>, "type": "link"})
// and ~/.gemini/extensions/extension-enablement.json ({"hookit": {"overrides": ["<HOME>/*"]}}).
// The block and tamper scenarios are the ones every agent runs.
import { execaSync } from "execa";
import { cpSync, existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cliCommand } from "./clis.ts";
import { CACHE_ROOT, disposeScratch, hookitBin, run, runScenario } from "./harness.ts";
import { BLOCK_REASON, GUARD_POLICY, MARKER } from "./scenarios.ts";
import { afterLastToolCall } from "./views.ts";
import { writeFiles } from "./scenario-files.ts";

const REPO = resolve(import.meta.dirname, "../..");

/** What the user's shell has: the CLI's own environment, without the e2e model server's. */
function userEnv(home: string): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: home,
    XDG_CONFIG_HOME: join(home, ".config"),
    XDG_STATE_HOME: join(home, ".local/state"),
  };
}

function gemini(args: string[], { home, project }: { home: string; project: string }): void {
  const [cli, ...pre] = cliCommand("gemini", CACHE_ROOT);
  run(cli!, [...pre, ...args], { cwd: project, env: userEnv(home) });
}

function linkExtension({ dir, home, project }: { dir: string; home: string; project: string }): void {
  // The installed package beside the project (<dir>/project): the model reaches it as ../pkg/hookit-cli.
  const folder = join(dir, "pkg", "hookit-cli");
  for (const part of ["dist", "package.json"]) cpSync(join(REPO, part), join(folder, part), { recursive: true });
  gemini(["extensions", "link", "--consent", join(folder, "dist", "gemini-extension")], { home, project });
  // The project policy still needs the user's trust, as after `hookit install`.
  run(process.execPath, [hookitBin(), "trust", "--yes"], { cwd: project, env: userEnv(home) });
}

/** `hookit doctor` in the project, as the user runs it. */
function doctor({ home, project }: { home: string; project: string }) {
  return execaSync(process.execPath, [hookitBin(), "doctor"], { cwd: project, env: userEnv(home), extendEnv: false, reject: false });
}

const enablement = (home: string) => JSON.parse(readFileSync(join(home, ".gemini/extensions/extension-enablement.json"), "utf8"));

describe("gemini: hookit as a Gemini CLI extension (gemini extensions link <path>)", () => {
  afterAll(disposeScratch);
  const scenario = (
    name: string,
    turns: Parameters<typeof runScenario>[0]["turns"],
    then?: (run: Parameters<typeof linkExtension>[0]) => void,
  ) =>
    runScenario({
      agent: "gemini",
      name: `extension-${name}`,
      policy: GUARD_POLICY,
      install: false,
      sabotage: (run) => {
        linkExtension(run);
        then?.(run);
      },
      turns,
    });

  it("block: the linked extension alone puts the policy in front of every tool call", async () => {
    const r = await scenario("block", [{ shell: `touch ${MARKER}` }, { say: "Done." }]);
    const record = JSON.parse(readFileSync(join(r.home, ".gemini/extensions/hookit/.gemini-extension-install.json"), "utf8"));
    expect(record, r.summary()).toEqual({ source: join(r.dir, "pkg/hookit-cli/dist/gemini-extension"), type: "link" });
    expect(enablement(r.home)).toEqual({ hookit: { overrides: [`${r.home}/*`] } });
    expect(JSON.parse(readFileSync(join(r.home, ".gemini/settings.json"), "utf8")).hooks, "no hooks outside the extension").toBeUndefined();
    expect(r.exists(".gemini/settings.json"), "nothing written into the project").toBe(false);
    expect(r.exists(MARKER), r.summary()).toBe(false);
    expect(afterLastToolCall(r.views[1] ?? []), r.summary()).toContain(BLOCK_REASON);
    // doctor knows the extension as an install, from what the real CLI wrote.
    const report = doctor(r);
    expect(report.stdout, report.stderr).toContain("Gemini CLI loads hookit's extension hookit (linked from");
  });

  it("the user disables the extension for this folder: Gemini runs without hookit, and doctor says ✗ with the command that enables it", async () => {
    const r = await scenario("disabled", [{ shell: `touch ${MARKER}` }, { say: "Done." }], (run) =>
      gemini(["extensions", "disable", "--scope", "workspace", "hookit"], run),
    );
    expect(enablement(r.home)).toEqual({ hookit: { overrides: [`${r.home}/*`, `!${r.project}/*`] } });
    // What the ✗ stands for: the real CLI loaded no hookit hook, so the forbidden command ran.
    expect(r.exists(MARKER), r.summary()).toBe(true);
    const report = doctor(r);
    expect(report.exitCode, report.stdout).not.toBe(0);
    expect(report.stdout).toContain(`Gemini CLI's extension hookit is disabled for ${r.project}`);
    expect(report.stdout).toContain("gemini extensions enable --scope workspace hookit");
  });

  it("the user disables the extension at Gemini's user scope (the folders under HOME): this project, outside HOME, stays guarded; doctor warns", async () => {
    const r = await scenario("user-disabled", [{ shell: `touch ${MARKER}` }, { say: "Done." }], (run) =>
      gemini(["extensions", "disable", "hookit"], run),
    );
    expect(enablement(r.home)).toEqual({ hookit: { overrides: [`!${r.home}/*`] } });
    expect(r.exists(MARKER), r.summary()).toBe(false);
    expect(afterLastToolCall(r.views[1] ?? []), r.summary()).toContain(BLOCK_REASON);
    const report = doctor(r);
    expect(report.stdout).toContain("Gemini CLI loads hookit's extension hookit");
    expect(report.stdout).toMatch(/disabled for your user by the rule "!.*\/\*"/);
    expect(report.stdout).toContain("gemini extensions enable hookit");
  });

  it("tamper: the model switches the extension off for this folder, then runs what the policy forbids; neither happens", async () => {
    const r = await scenario("disable", (project) => [
      { shell: `printf '{"hookit":{"overrides":["!${project}/*"]}}' > ~/.gemini/extensions/extension-enablement.json` },
      { shell: `touch ${MARKER}` },
      { say: "Done." },
    ]);
    expect(r.modelRequests.length, r.summary()).toBe(3);
    expect(afterLastToolCall(r.views[1] ?? []), r.summary()).toContain("hookit: blocked by self-protection");
    expect(enablement(r.home), r.summary()).toEqual({ hookit: { overrides: [`${r.home}/*`] } });
    expect(r.exists(MARKER), r.summary()).toBe(false);
    expect(afterLastToolCall(r.views[2] ?? []), r.summary()).toContain(BLOCK_REASON);
  });

  it("known gap: a project .env that names `extensionPath` (Gemini's extension settings, experimental.extensionConfig, on by default) replaces the folder the extension's hook command runs: a cloned repository's bin.cjs runs instead of hookit", async () => {
    const r = await scenario("extension-path", [{ shell: `touch ${MARKER}` }, { say: "Done." }], ({ project }) =>
      writeFiles({
        [join(project, ".env")]: `extensionPath=${join(project, "evil", "x")}\n`,
        [join(project, "evil", "bin.cjs")]: `require("node:fs").writeFileSync(${JSON.stringify(join(project, "evil-ran"))}, "");\n`,
      }),
    );
    expect(r.exists("evil-ran"), r.summary()).toBe(true);
    expect(r.exists(MARKER), r.summary()).toBe(true);
  });

  it("tamper: the model writes that extensionPath into the project's .env; refused, and the guard still blocks", async () => {
    const r = await scenario("extension-path-write", (project) => [
      { shell: `echo extensionPath=${join(project, "evil", "x")} >> .env` },
      { shell: `touch ${MARKER}` },
      { say: "Done." },
    ]);
    expect(afterLastToolCall(r.views[1] ?? []), r.summary()).toContain("hookit: blocked by self-protection — extensionPath in a .env file");
    expect(r.read(".env"), r.summary()).toBe("");
    expect(afterLastToolCall(r.views[2] ?? []), r.summary()).toContain(BLOCK_REASON);
    expect(r.exists(MARKER), r.summary()).toBe(false);
  });

  it("tamper: the model deletes Gemini's record of the link, or the linked folder; refused", async () => {
    const r = await scenario("unlink", [
      { shell: "rm -rf ~/.gemini/extensions/hookit" },
      { shell: "rm -rf ../pkg/hookit-cli/dist/gemini-extension" },
      { say: "Done." },
    ]);
    expect(afterLastToolCall(r.views[1] ?? []), r.summary()).toContain("hookit: blocked by self-protection");
    expect(afterLastToolCall(r.views[2] ?? []), r.summary()).toContain("hookit: blocked by self-protection");
    expect(existsSync(join(r.home, ".gemini/extensions/hookit/.gemini-extension-install.json")), r.summary()).toBe(true);
    expect(existsSync(join(r.dir, "pkg/hookit-cli/dist/gemini-extension/hooks/hooks.json")), r.summary()).toBe(true);
  });
});
