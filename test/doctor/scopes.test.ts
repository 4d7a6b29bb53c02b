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
