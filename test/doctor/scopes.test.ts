// doctor judges what the agent will really do, from every settings file it merges
// (issue 31): a switch in the user's own file turns off a project install, and a
// cloned repository's committed settings turn off a global one. The old doctor read
// only the file it installed into and said ✓ in each of these cases.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, test } from "vitest";
import { runDoctor } from "../../src/doctor/index.ts";
import { type DoctorBox, errorsOf as errorChecks, installInto, useDoctorBoxes } from "./_box.ts";

const box = useDoctorBoxes("hookit-scopes-");

function write(path: string, value: unknown) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(value)}\n`);
}

const install = (agent: string, b: DoctorBox, scope: "project" | "global") => installInto(agent, b, scope);

async function errorsOf(b: DoctorBox) {
  const report = await runDoctor(b.project, b.env);
  return { report, errors: errorChecks(report) };
}

describe("a switch at another scope than the install is ✗, naming the file that decides", () => {
  test.each([
    [
      "claude",
      "project",
      (b: DoctorBox) => write(join(b.home, ".claude/settings.json"), { disableAllHooks: true }),
      /\.claude\/settings\.json: "disableAllHooks": true/,
    ],
    ["claude", "project", (b: DoctorBox) => write(join(b.home, ".claude/settings.json"), { env: { HOOKIT: "0" } }), /"env" sets HOOKIT=0/],
    [
      "gemini",
      "project",
      (b: DoctorBox) => write(join(b.home, ".gemini/settings.json"), { hooksConfig: { enabled: false } }),
      /"hooksConfig\.enabled" is false/,
    ],
    // A cloned repository ships these files: they switch off a global install there.
    [
      "claude",
      "global",
      (b: DoctorBox) => write(join(b.project, ".claude/settings.json"), { disableAllHooks: true }),
      /project\/\.claude\/settings\.json: "disableAllHooks": true/,
    ],
    [
      "gemini",
      "global",
      (b: DoctorBox) => write(join(b.project, ".gemini/settings.json"), { hooksConfig: { disabled: ["hookit"] } }),
      /"hooksConfig\.disabled" lists "hookit"/,
    ],
    // Copilot CLI: the repository's settings and the local ones (`copilot config --repo|--local`).
    [
      "copilot",
      "project",
      (b: DoctorBox) => write(join(b.project, ".github/copilot/settings.json"), { disableAllHooks: true }),
      /\.github\/copilot\/settings\.json: "disableAllHooks": true/,
    ],
    [
      "copilot",
      "project",
      (b: DoctorBox) => write(join(b.project, ".github/copilot/settings.local.json"), { disableAllHooks: true }),
      /\.github\/copilot\/settings\.local\.json: "disableAllHooks": true/,
    ],
  ] as const)("%s %s install", async (agent, scope, sabotage, message) => {
    const b = box();
    await install(agent, b, scope);
    expect((await errorsOf(b)).errors.filter((c) => c.agent === agent)).toEqual([]);
    sabotage(b);
    const { report, errors } = await errorsOf(b);
    expect(report.ok).toBe(false);
    const found = errors.find((c) => c.agent === agent && message.test(c.message));
    expect(found, JSON.stringify(errors)).toBeDefined();
    expect(found?.fix).toMatch(/^remove /);
  });

  test("a repository's switch under a global install recommends the managed install, which outranks it", async () => {
    const b = box();
    await install("claude", b, "global");
    write(join(b.project, ".claude/settings.json"), { disableAllHooks: true });
    const found = (await errorsOf(b)).errors.find((c) => /disableAllHooks/.test(c.message));
    expect(found?.fix).toMatch(/hookit install --system --agent claude/);
  });

  test("a higher scope that switches hooks back on wins: no ✗", async () => {
    const b = box();
    await install("claude", b, "project");
    write(join(b.home, ".claude/settings.json"), { disableAllHooks: true });
    write(join(b.project, ".claude/settings.local.json"), { disableAllHooks: false });
    expect((await errorsOf(b)).errors.filter((c) => /disableAllHooks/.test(c.message))).toEqual([]);
  });

  // The managed root must be root's and not writable by others (managed-paths.ts), as in test/managed/.
  test.runIf(process.getuid?.() === 0)("Claude's managed settings count too, drop-in folder included", async () => {
    const b = box();
    await install("claude", b, "project");
    const systemRoot = join(b.root, "sysroot");
    write(join(systemRoot, "etc/claude-code/managed-settings.d/50-org.json"), { allowManagedHooksOnly: true });
    const report = await runDoctor(b.project, { ...b.env, HOOKIT_SYSTEM_ROOT: systemRoot });
    const found = report.checks.find((c) => c.status === "error" && /allowManagedHooksOnly/.test(c.message));
    expect(found?.message, JSON.stringify(report.checks)).toMatch(/managed-settings\.d\/50-org\.json: "allowManagedHooksOnly": true/);
  });
});

// Claude Code records `claude plugin install hookit@<marketplace>` as `"enabledPlugins": {"hookit@hookit": true}`
// in the user's settings (what test/e2e/claude-plugin.e2e.test.ts saw on 2.1.332).
describe("hookit as Claude Code's plugin", () => {
  test("an enabled plugin counts as an install; switched off at any scope that wins, it is ✗ with the command that enables it", async () => {
    const b = box();
    write(join(b.home, ".claude/settings.json"), { enabledPlugins: { "hookit@hookit": true } });
    let report = await runDoctor(b.project, b.env);
    expect(
      report.checks.find((c) => c.agent === "claude" && c.status === "ok" && /loads hookit's plugin hookit@hookit/.test(c.message)),
    ).toBeDefined();
    expect(report.checks.some((c) => /not installed into any agent/.test(c.message))).toBe(false);
    write(join(b.project, ".claude/settings.local.json"), { enabledPlugins: { "hookit@hookit": false } });
    report = await runDoctor(b.project, b.env);
    const off = errorChecks(report).find((c) => /plugin hookit@hookit is switched off in .*settings\.local\.json/.test(c.message));
    expect(off?.fix).toMatch(/^claude plugin enable hookit@hookit/);
  });

  test("a repository's disableAllHooks under the plugin is ✗ too", async () => {
    const b = box();
    write(join(b.home, ".claude/settings.json"), { enabledPlugins: { "hookit@hookit": true } });
    write(join(b.project, ".claude/settings.json"), { disableAllHooks: true });
    const found = errorChecks(await runDoctor(b.project, b.env)).find((c) => /"disableAllHooks": true/.test(c.message));
    expect(found?.fix).toMatch(/hookit install --system --agent claude/);
  });
});
