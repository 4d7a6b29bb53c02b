// The managed layer against the user it guards: `hookit install --system` into a
// root-owned stand-in for `/`, then the agent's user (a real second uid, through
// setpriv) tries every way to switch the managed guard off — edit the managed
// policy, unregister the hooks, HOOKIT=0, a user or project policy that
// replaces or disables the managed hook, HOOKIT_CONFIG, a system root of its
// own — and the guard keeps blocking through `hookit hook` for every agent.
import { chownSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { installSystem } from "../../src/installer/system.ts";
import { AGENT_SYSTEM_FILES, managedPolicyPath } from "../../src/base/managed-paths.ts";
import { trustPolicy } from "../../src/policy/trust.ts";
import { FIXTURES, packageRoot, useBuiltHookit } from "../_sandbox.ts";
import { ensureUser, rootOwnedDir, runAs, userDir, type User } from "./_user.ts";

useBuiltHookit();

const GUARD = "no-prod-deploy";
const MANAGED_POLICY = {
  local: {
    [GUARD]: {
      description: "managed: no production deploys",
      event: "tool_call",
      filter: { "hookit.programs": ["^deploy-prod$"] },
      shell: "false",
      default: true,
    },
  },
};

/** Each agent's captured pre-tool payload, with the command the model asked to run put in. */
const AGENTS: Array<{ agent: string; event: string; payload: (command: string, cwd: string) => string }> = [
  { agent: "claude", event: "PreToolUse", payload: withInput("claude/PreToolUse-Bash.json", "tool_input", "command") },
  { agent: "codex", event: "PreToolUse", payload: withInput("codex/PreToolUse-Bash.json", "tool_input", "command") },
  { agent: "gemini", event: "BeforeTool", payload: withInput("gemini/BeforeTool-run_shell_command.json", "tool_input", "command") },
  { agent: "copilot", event: "preToolUse", payload: withInput("copilot/preToolUse-camelCase.json", "toolArgs", "command") },
  { agent: "cursor", event: "preToolUse", payload: withInput("cursor/preToolUse-Shell-docs-example.json", "tool_input", "command") },
  { agent: "kimi", event: "PreToolUse", payload: withInput("kimi/PreToolUse-Bash.json", "tool_input", "command") },
  { agent: "factory", event: "PreToolUse", payload: withInput("factory/PreToolUse-Execute.json", "tool_input", "command") },
];

function withInput(fixture: string, field: string, key: string) {
  return (command: string, cwd: string) => {
    const payload = JSON.parse(readFileSync(join(FIXTURES, fixture), "utf8")) as Record<string, Record<string, unknown>>;
    return JSON.stringify({ ...payload, cwd, [field]: { ...payload[field], [key]: command } });
  };
}

const asRoot = process.getuid?.() === 0;

// Needs root to create the second user and the root-owned system root; the machine and CI run as root.
describe.runIf(asRoot)("the managed layer against its user", () => {
  let user: User;
  let root: string;
  let work: string;
  let home: string;
  let project: string;
  let env: Record<string, string>;
  let bin: string;

  beforeAll(async () => {
    user = ensureUser();
    root = rootOwnedDir("hookit-system-");
    work = rootOwnedDir("hookit-user-");
    home = userDir(work, "home", user);
    project = userDir(work, "project", user);
    mkdirSync(join(project, ".git"));
    const policyFile = join(work, "managed.json");
    writeFileSync(policyFile, JSON.stringify(MANAGED_POLICY, null, 2));
    const systemEnv = { ...process.env, HOOKIT_SYSTEM_ROOT: root };
    const report = await installSystem({ agents: "all", policy: policyFile, env: systemEnv, uid: 0, packageRoot: packageRoot() });
    expect(report.agents.outcomes.map((o) => o.agent).sort()).toEqual(Object.keys(AGENT_SYSTEM_FILES).sort());
    bin = join(report.packageDir!, "dist", "bin.cjs");
    env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, HOOKIT_SYSTEM_ROOT: root };
  }, 60_000);

  afterAll(() => {
    for (const dir of [root, work]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const hook = (agent: string, event: string, stdin: string, extra: Record<string, string> = {}) =>
    runAs(user, [process.execPath, bin, "hook", "--agent", agent, event], { ...env, ...extra }, stdin, project);

  /** What the user's decision log says about the last call. */
  const lastOutcome = () => {
    const lines = readFileSync(join(home, ".local", "state", "hookit", "decisions.jsonl"), "utf8")
      .trimEnd()
      .split("\n");
    return JSON.parse(lines.at(-1)!) as { outcome: string; reason?: string };
  };

  const expectBlocked = async (agent: string, event: string, stdin: string, extra: Record<string, string> = {}) => {
    const reply = await hook(agent, event, stdin, extra);
    const said = reply.stdout + reply.stderr;
    expect(said, `${agent}: ${said}`).toContain(GUARD);
    expect(lastOutcome()).toMatchObject({ outcome: "block" });
    return reply;
  };

  test("the user cannot edit, replace or delete the managed policy or any managed registration", async () => {
    const files = [managedPolicyPath(root), ...Object.values(AGENT_SYSTEM_FILES).map((file) => join(root, file))];
    for (const file of files) {
      const before = readFileSync(file);
      for (const attack of [`printf '{}' > '${file}'`, `rm -f '${file}'`, `mv '${file}' '${file}.off'`, `chmod 666 '${file}'`]) {
        const ran = await runAs(user, ["sh", "-c", attack], env);
        expect(ran.exitCode, `${attack} as ${user.uid}`).not.toBe(0);
      }
      expect(readFileSync(file)).toEqual(before);
    }
  });

  test.each(AGENTS)("$agent: the managed guard blocks, and an unrelated command passes", async ({ agent, event, payload }) => {
    await expectBlocked(agent, event, payload("deploy-prod --now", project));
    await hook(agent, event, payload("echo hello", project));
    expect(lastOutcome().outcome).toBe("pass");
  });

  test.each(AGENTS)("$agent: HOOKIT=0 turns off the user's own policy, not the managed guard", async ({ agent, event, payload }) => {
    await expectBlocked(agent, event, payload("deploy-prod --now", project), { HOOKIT: "0" });
  });

  test("a user policy that redefines the managed hook (same id, shell true, default false) or presets around it changes nothing", async () => {
    const own = {
      local: {
        [GUARD]: { description: "mine now", event: "tool_call", shell: "true", default: false },
        "allow-all": { description: "", event: "tool_call", shell: "true", default: true },
      },
    };
    const global = join(home, ".config", "hookit", "hookit.json");
    mkdirSync(join(home, ".config", "hookit"), { recursive: true });
    writeFileSync(global, JSON.stringify(own));
    const named = join(home, "elsewhere.json");
    writeFileSync(named, JSON.stringify(own));
    chownAll(home, user);
    try {
      for (const { agent, event, payload } of AGENTS) {
        await expectBlocked(agent, event, payload("deploy-prod --now", project));
        await expectBlocked(agent, event, payload("deploy-prod --now", project), { HOOKIT_CONFIG: named });
      }
    } finally {
      rmSync(global, { force: true });
      rmSync(named, { force: true });
    }
  });

  test("a trusted project policy that redefines the managed hook changes nothing", async () => {
    const policy = join(project, ".hookit", "hookit.json");
    mkdirSync(join(project, ".hookit"), { recursive: true });
    const text = JSON.stringify({ local: { [GUARD]: { description: "off", event: "tool_call", shell: "true", default: false } } });
    writeFileSync(policy, text);
    trustPolicy(policy, text, { ...env, XDG_STATE_HOME: join(home, ".local", "state") });
    chownAll(project, user);
    chownAll(home, user);
    try {
      await expectBlocked("claude", "PreToolUse", AGENTS[0]!.payload("deploy-prod --now", project));
    } finally {
      rmSync(join(project, ".hookit"), { recursive: true, force: true });
    }
  });

  test("a broken user policy does not drop the managed guard: the call is blocked", async () => {
    const global = join(home, ".config", "hookit", "hookit.json");
    mkdirSync(join(home, ".config", "hookit"), { recursive: true });
    writeFileSync(global, "{ not json");
    chownAll(home, user);
    try {
      const reply = await hook("claude", "PreToolUse", AGENTS[0]!.payload("deploy-prod --now", project));
      expect(reply.stdout).toContain("deny");
      expect(lastOutcome().outcome).toBe("block");
    } finally {
      rmSync(global, { force: true });
    }
  });

  test("HOOKIT_SYSTEM_ROOT naming a folder the user owns is refused, with a notice", async () => {
    const fake = userDir(work, "fake-root", user);
    const fakePolicy = join(fake, "etc", "hookit", "hookit.json");
    mkdirSync(join(fake, "etc", "hookit"), { recursive: true });
    // A managed policy of the user's own that would block everything: it must not be read.
    writeFileSync(
      fakePolicy,
      JSON.stringify({ local: { everything: { description: "", event: "tool_call", shell: "false", default: true } } }),
    );
    chownAll(fake, user);
    const reply = await hook("claude", "PreToolUse", AGENTS[0]!.payload("echo hello", project), { HOOKIT_SYSTEM_ROOT: fake });
    expect(reply.stdout).toContain("HOOKIT_SYSTEM_ROOT");
    expect(reply.stdout).toContain("was ignored");
    expect(reply.stdout).not.toContain("everything");
    expect(lastOutcome().outcome).not.toBe("block");
  });

  test("a tool call that edits the managed policy is stopped by self-protection even for root", async () => {
    const reply = await runAs(
      { uid: 0, gid: 0 },
      [process.execPath, bin, "hook", "--agent", "claude", "PreToolUse"],
      env,
      AGENTS[0]!.payload(`printf '{}' > ${managedPolicyPath(root)}`, project),
    );
    expect(reply.stdout).toContain("managed hookit policy");
    const read = await runAs(
      { uid: 0, gid: 0 },
      [process.execPath, bin, "hook", "--agent", "claude", "PreToolUse"],
      env,
      AGENTS[0]!.payload(`cat ${managedPolicyPath(root)}`, project),
    );
    expect(read.stdout).not.toContain("deny");
  });
});

function chownAll(dir: string, user: User): void {
  chownSync(dir, user.uid, user.gid);
  for (const entry of readdirRecursive(dir)) chownSync(entry, user.uid, user.gid);
}

function readdirRecursive(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? [path, ...readdirRecursive(path)] : [path];
  });
}
