// doctor tells the truth per agent: a file the agent ignores, hooks switched off in
// the agent, HOOKIT=0 in the agent's env, entries removed since install, Codex's own
// trust state. Each case is one the old doctor reported with ✓ (issue 18, issue 14).
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { runDoctor } from "../../src/doctor/index.ts";
import { installAgents } from "../../src/installer/index.ts";
import { RESTART_STEP } from "../../src/install/common.ts";
import { revokedAt, revokeTrust, trustPolicy } from "../../src/policy/trust.ts";
import { errorsOf, REPO, useDoctorBoxes } from "./_box.ts";

const boxes = useDoctorBoxes("hookit-truth-");
let root: string;
function box() {
  const made = boxes();
  root = made.root;
  return made;
}

const install = (agent: string, project: string, env: Record<string, string>) =>
  installAgents({ agents: [agent], projectDir: project, env, cwd: project, packageRoot: REPO });

const errors = errorsOf;

describe("doctor reads each config file the way its agent does", () => {
  test("a comment in Claude's settings.json: Claude ignores the file, so ✗", async () => {
    const { project, env } = box();
    await install("claude", project, env);
    const file = join(project, ".claude", "settings.json");
    writeFileSync(file, readFileSync(file, "utf8").replace("{", "{\n  // mine"));
    const report = await runDoctor(project, env);
    expect(report.ok).toBe(false);
    expect(
      errors(report)
        .map((c) => c.message)
        .join("\n"),
    ).toMatch(/settings\.json:2:3: a comment\. Claude Code reads this file as strict JSON .*hookit would not be enforced/);
  });

  test("a trailing comma in Codex's hooks.json is ✗; a comment in Gemini's settings is fine", async () => {
    const { project, env } = box();
    await install("codex", project, env);
    await install("gemini", project, env);
    const codex = join(project, ".codex", "hooks.json");
    writeFileSync(codex, readFileSync(codex, "utf8").replace(/\n}\n$/, ",\n}\n"));
    const gemini = join(project, ".gemini", "settings.json");
    writeFileSync(gemini, readFileSync(gemini, "utf8").replace("{", "{\n  // mine"));
    const report = await runDoctor(project, env);
    const found = errors(report);
    expect(found.some((c) => c.agent === "codex" && /a trailing comma\. Codex CLI/.test(c.message))).toBe(true);
    expect(found.some((c) => c.agent === "gemini")).toBe(false);
  });
});

describe("hooks switched off in the agent are ✗", () => {
  test.each([
    ["claude", ".claude/settings.json", (t: string) => t.replace("{", '{\n  "disableAllHooks": true,'), /"disableAllHooks": true/],
    ["claude", ".claude/settings.local.json", () => '{"disableAllHooks": true}\n', /settings\.local\.json: "disableAllHooks": true/],
    ["claude", ".claude/settings.local.json", () => '{"env": {"HOOKIT": "0"}}\n', /"env" sets HOOKIT=0/],
    ["claude", ".claude/settings.local.json", () => '{"env": {"HOOKIT_CONFIG": "/dev/null"}}\n', /"env" sets HOOKIT_CONFIG=\/dev\/null/],
    [
      "gemini",
      ".gemini/settings.json",
      (t: string) => t.replace("{", '{\n  "hooksConfig": {"enabled": false},'),
      /"hooksConfig\.enabled" is false/,
    ],
  ])("%s: %s", async (agent, relative, edit, message) => {
    const { project, env } = box();
    await install(agent, project, env);
    const file = join(project, relative);
    writeFileSync(file, edit(existsSync(file) ? readFileSync(file, "utf8") : ""));
    const report = await runDoctor(project, env);
    const found = errors(report).find((c) => message.test(c.message));
    expect(found?.agent).toBe(agent);
    expect(found?.fix).toMatch(/remove/);
  });
});

describe("tampering since install", () => {
  test("hookit's entries removed from a config install wrote: ✗ with the fix", async () => {
    const { project, env } = box();
    await install("claude", project, env);
    writeFileSync(join(project, ".claude", "settings.json"), "{}\n");
    const report = await runDoctor(project, env);
    const gone = errors(report).find((c) => /entries are gone from .*settings\.json since `hookit install`/.test(c.message));
    expect(gone?.fix).toMatch(/hookit install --agent claude --project/);
  });

  test.each([
    ["edited", false],
    ["deleted", true],
  ])("a project policy %s since trust: ✗, and the trusted version is what runs", async (word, deleted) => {
    const { project, env } = box();
    mkdirSync(join(project, ".hookit"));
    const policy = join(project, ".hookit", "hookit.json");
    writeFileSync(policy, JSON.stringify({ local: { guard: { description: "", event: "tool_call", shell: "false", default: true } } }));
    await install("claude", project, env); // trusts it
    if (deleted) rmSync(policy);
    else writeFileSync(policy, JSON.stringify({ local: {} }));
    const found = errors(await runDoctor(project, env)).find((c) => c.message.includes(`was ${word} since you trusted it`));
    expect(found?.message).toMatch(/hookit keeps enforcing the version you trusted/);
    expect(found?.fix).toMatch(deleted ? /hookit trust --revoke/ : /hookit trust .*shows the diff/);
  });

  test("trust revoked: ✗ says it was revoked and how to trust again, and no 'hookit init'", async () => {
    const { project, env } = box();
    mkdirSync(join(project, ".hookit"));
    const policy = join(project, ".hookit", "hookit.json");
    writeFileSync(policy, JSON.stringify({ local: { guard: { description: "", event: "tool_call", shell: "false", default: true } } }));
    await install("claude", project, env); // trusts it
    expect(revokeTrust(policy, env)).toBe(true);
    const report = await runDoctor(project, env);
    const found = errors(report).find((c) => c.message.includes(policy));
    expect(found?.message).toMatch(/is not trusted: its trust was revoked \(hookit trust --revoke, \d{4}-/);
    expect(found?.message).not.toMatch(/never been trusted/);
    expect(found?.fix).toMatch(/to let it run again: hookit trust /);
    expect(report.checks.some((c) => /no policy file found|hookit init/.test(`${c.message} ${c.fix ?? ""}`))).toBe(false);
    // Trusting it again forgets the revocation: a later untrusted edit is an edit, not a revocation.
    trustPolicy(policy, readFileSync(policy, "utf8"), env);
    expect(revokedAt(policy, env)).toBeUndefined();
  });

  test("a project policy never trusted still says so", async () => {
    const { project, env } = box();
    mkdirSync(join(project, ".hookit"));
    writeFileSync(join(project, ".hookit", "hookit.json"), JSON.stringify({ local: {} }));
    const found = errors(await runDoctor(project, env)).find((c) => c.message.includes("hookit.json"));
    expect(found?.message).toMatch(/has never been trusted/);
  });

  test("after uninstall nothing is missing", async () => {
    const { project, env } = box();
    await install("claude", project, env);
    await installAgents({ agents: ["claude"], projectDir: project, env, cwd: project, packageRoot: REPO }).then(() =>
      import("../../src/installer/index.ts").then((m) =>
        m.uninstallAgents({ agents: ["claude"], projectDir: project, env, cwd: project, packageRoot: REPO }),
      ),
    );
    expect(errors(await runDoctor(project, env)).filter((c) => !/not installed into any agent/.test(c.message))).toEqual([]);
  });

  test("a HOOKIT_CONFIG naming a missing file is ✗", async () => {
    const { project, env } = box();
    const report = await runDoctor(project, { ...env, HOOKIT_CONFIG: join(root, "nope.json") });
    expect(errors(report).some((c) => /HOOKIT_CONFIG names .*nope\.json, which does not exist/.test(c.message))).toBe(true);
  });
});

describe("the probe", () => {
  test("is bounded, and a slow hook is named as the cause, not a broken install", async () => {
    const { project, env } = box();
    mkdirSync(join(project, ".hookit"));
    const policy = join(project, ".hookit", "hookit.json");
    writeFileSync(
      policy,
      JSON.stringify({ local: { slow: { description: "", event: "tool_call", shell: "sleep 20", timeout: 25000, default: true } } }),
    );
    await install("claude", project, env); // trusts the policy
    const started = Date.now();
    const report = await runDoctor(project, env);
    expect(Date.now() - started).toBeLessThan(15_000);
    const probe = errors(report).find((c) => c.agent === "claude" && /installed hook command fails/.test(c.message));
    expect(probe?.message).toMatch(/timed out after 10 s/);
    expect(probe?.fix).toMatch(/a tool_call hook of your policy is slow .*hookit check --dry-run/);
  }, 30_000);
});

describe("the report", () => {
  test("advice is said once, not per agent and scope", async () => {
    const { project, env } = box();
    for (const agent of ["claude", "gemini", "cursor"]) await install(agent, project, env);
    const report = await runDoctor(project, env);
    expect(report.advice.filter((a) => a === RESTART_STEP)).toHaveLength(1);
    expect(report.checks.filter((c) => c.status === "info" && c.message === RESTART_STEP)).toEqual([]);
  });

  test("nothing installed: ✗ and exit 1, as doctor --help says, never 'no problems'", () => {
    const { project, env } = box();
    const run = spawnSync(process.execPath, [join(REPO, "dist", "bin.cjs"), "doctor"], { cwd: project, env, encoding: "utf8" });
    expect(run.stdout).toMatch(/✗ hookit is not installed into any agent, so nothing is enforced\n {4}fix: hookit install --agent all/);
    expect(run.stdout).toMatch(/hookit doctor: 1 problem, 1 warning \(see ✗ above\)\n$/);
    expect(run.stdout).not.toMatch(/no problems/);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(1);
    const help = spawnSync(process.execPath, [join(REPO, "dist", "bin.cjs"), "doctor", "--help"], { env, encoding: "utf8" });
    expect(help.stdout).toMatch(/exit 1 when something is not enforced/);
  });

  test("on stdout, warnings counted in the summary, and a warning alone exits 0", async () => {
    const { project, env } = box();
    await install("claude", project, env); // installed, but no policy: a warning
    const run = spawnSync(process.execPath, [join(REPO, "dist", "bin.cjs"), "doctor"], { cwd: project, env, encoding: "utf8" });
    expect(run.stdout).toMatch(/! no policy file found/);
    expect(run.stdout).toMatch(/hookit doctor: no problems, 1 warning \(see ! above\)\n$/);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
  });
});

describe("Codex: asks the real CLI which hooks it trusts", () => {
  /** A stand-in `codex` that answers app-server's hooks/list like Codex 0.171 does. */
  function fakeCodex(bin: string, file: string, trustStatus: string, command: string) {
    const hook = {
      key: `${file}:pre_tool_use:0:0`,
      eventName: "preToolUse",
      handlerType: "command",
      command,
      sourcePath: file,
      source: "project",
      enabled: true,
      trustStatus,
    };
    const answer = JSON.stringify({ id: 2, result: { data: [{ cwd: "/", hooks: [hook], warnings: [], errors: [] }] } });
    writeFileSync(
      join(bin, "codex"),
      `#!/bin/sh\nwhile read line; do case "$line" in *'"id":2'*) printf '%s\\n' '${answer.replace(/'/g, "'\\''")}';; esac; done\n`,
    );
    chmodSync(join(bin, "codex"), 0o755);
  }

  test.each([
    ["untrusted", "error"],
    ["modified", "error"],
    ["trusted", "ok"],
  ])("trustStatus %s → %s", async (trust, status) => {
    const { project, bin, env } = box();
    await install("codex", project, env);
    const file = join(project, ".codex", "hooks.json");
    const command = (JSON.parse(readFileSync(file, "utf8")) as { hooks: Record<string, { hooks: { command: string }[] }[]> }).hooks
      .PreToolUse![0]!.hooks[0]!.command;
    fakeCodex(bin, file, trust, command);
    const report = await runDoctor(project, env);
    const codex = report.checks.find((c) => c.agent === "codex" && /Codex (skips|loads and trusts)/.test(c.message));
    expect(codex?.status).toBe(status);
    // The state is known: the generic "run /hooks and trust" advice is not repeated.
    expect(report.advice.some((a) => /run \/hooks/.test(a))).toBe(false);
  });

  test("a project trusted in Codex's config.toml: the advice to trust it is not repeated", async () => {
    const { project, home, env } = box();
    await install("codex", project, env);
    const before = await runDoctor(project, env);
    expect(before.advice.some((a) => a.includes("trust_level"))).toBe(true);
    mkdirSync(join(home, ".codex"), { recursive: true });
    writeFileSync(join(home, ".codex", "config.toml"), `model = "x"\n\n[projects."${project}"]\ntrust_level = "trusted"\n`);
    const after = await runDoctor(project, env);
    expect(after.advice.some((a) => a.includes("trust_level"))).toBe(false);
  });

  const realCodex = join(homedir(), ".cache", "hookit-e2e", "codex@0.171.0", "node_modules", "@openai", "codex", "bin", "codex.js");
  test.runIf(existsSync(realCodex))(
    "the real Codex 0.171 reports a fresh global install as untrusted",
    async () => {
      const { project, home, bin, env } = box();
      writeFileSync(join(bin, "codex"), `#!/bin/sh\nexec "${process.execPath}" "${realCodex}" "$@"\n`);
      chmodSync(join(bin, "codex"), 0o755);
      const codexEnv = { ...env, CODEX_HOME: join(home, ".codex") };
      mkdirSync(codexEnv.CODEX_HOME);
      await installAgents({ agents: ["codex"], scope: "global", env: codexEnv, cwd: project, packageRoot: REPO });
      const report = await runDoctor(project, codexEnv);
      const codex = report.checks.find(
        (c) => c.agent === "codex" && c.scope === "global" && /Codex skips 3 of hookit's 3 hooks .*untrusted/.test(c.message),
      );
      expect(codex?.status).toBe("error");
    },
    30_000,
  );
});
