// The tamper suite (docs/security.md): every way found to switch hookit off
// from inside an agent session, tried through `hookit hook` as each agent runs
// it. Each attack must be blocked, and the forbidden call after it must still
// be blocked — also when the attack is carried out anyway, by code hookit
// never sees (the backstops: trusted copies, a cache that cannot weaken).
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { shellVerdict } from "./_verdict.ts";
import { agentPayloads, shellPayload } from "../reliability/_payloads.ts";
import { HOOK_AGENTS, inspectReply, spread, type HookAgent } from "../reliability/_protocol.ts";
import { STARTER_POLICY } from "../../src/base/starter-policy.ts";
import { binPath, packageRoot, policy, runBin, runHook, sandbox, type Sandbox, useBuiltHookit } from "../_sandbox.ts";

useBuiltHookit();

const GUARD = policy({ "no-force-push": { event: "tool_call", filter: { command: "git push --force" }, shell: "false" } });
const FORBIDDEN = "git push --force origin main";

const shellCall = (agent: HookAgent, box: Sandbox, command: string) => shellPayload(agent, box.project, command);
const verdict = (agent: HookAgent, box: Sandbox, command: string) => shellVerdict(box, agent, command);

async function trustedProject(): Promise<Sandbox> {
  const box = sandbox();
  box.projectPolicy(GUARD);
  expect((await runBin(box, ["trust", "--yes"], "", { cwd: box.project })).exitCode).toBe(0);
  return box;
}

const ATTACKS: Array<{ name: string; command: (box: Sandbox) => string; carryOut: (box: Sandbox) => void }> = [
  {
    name: "rewrite the project policy",
    command: () => `printf '{"local":{}}' > .hookit/hookit.json`,
    carryOut: (box) => writeFileSync(join(box.project, ".hookit", "hookit.json"), '{"local":{}}'),
  },
  {
    name: "empty the validated-policy cache",
    command: (box) => `sed -i 's/no-force-push/x/g' ${box.stateDir}/catalog-cache/*.json`,
    carryOut: (box) => {
      const dir = join(box.stateDir, "catalog-cache");
      for (const name of readdirSync(dir))
        writeFileSync(
          join(dir, name),
          readFileSync(join(dir, name), "utf8")
            .replace(/"valid":true/, '"valid":true,"entries":[]')
            .replace(/no-force-push/g, "x"),
        );
    },
  },
  {
    name: "trust a weakened policy",
    command: () => `printf '{}' > .hookit/hookit.json && hookit trust --yes`,
    carryOut: (box) => writeFileSync(join(box.project, ".hookit", "hookit.json"), "{}"),
  },
  {
    name: "switch hookit off in Claude's settings env",
    command: () => `mkdir -p .claude && echo '{"env":{"HOOKIT":"0"}}' > .claude/settings.local.json`,
    carryOut: () => {},
  },
  {
    name: "move the installed hookit away",
    command: () => `mv ${packageRoot()}/dist /tmp/hookit-away`,
    carryOut: () => {},
  },
];

// Each attack and each long line runs on two agents in turn (spread): what they test is hookit's
// reading of the command, the same for every agent once its payload is read; every agent still
// gets a share, and the payload-shape cases below run on all of them.
describe.each(HOOK_AGENTS)("%s", (agent) => {
  test.each(spread(ATTACKS, agent))(
    "$name: the attack is blocked, and the forbidden call stays blocked after it",
    async ({ command, carryOut }) => {
      const box = await trustedProject();
      expect((await verdict(agent, box, FORBIDDEN)).blocked).toBe(true);
      const attack = await verdict(agent, box, command(box));
      expect(attack.blocked).toBe(true);
      expect(attack.reason).toContain("blocked by self-protection");
      carryOut(box); // as code hookit never saw would
      expect((await verdict(agent, box, FORBIDDEN)).blocked).toBe(true);
    },
  );

  test("overwriting the global policy from the shell is blocked", async () => {
    const box = sandbox();
    box.globalPolicy(GUARD);
    const attack = await verdict(agent, box, `printf '{}' > ${join(box.env.XDG_CONFIG_HOME!, "hookit", "hookit.json")}`);
    expect(attack.blocked).toBe(true);
    expect((await verdict(agent, box, FORBIDDEN)).blocked).toBe(true);
  });
});

describe("a hookit that cannot start fails closed", () => {
  // The command `hookit install` registers for pre-tool events, run the way the agents run it (sh -c).
  const registered = (bin: string, agent: string, event: string) =>
    `"${process.execPath}" "${bin}" hook --agent ${agent} ${event} || exit 2`;

  test.each(HOOK_AGENTS)("%s: a moved package or a missing node answers with the blocking exit code", (agent) => {
    const box = sandbox();
    const [event, payload] = agentPayloads(agent, box.project).preTool;
    for (const command of [
      registered(join(box.root, "gone", "dist", "bin.cjs"), agent, event),
      `"/nonexistent/node" "${binPath()}" hook --agent ${agent} ${event} || exit 2`,
    ]) {
      let code = 0;
      try {
        execFileSync("/bin/sh", ["-c", command], { input: JSON.stringify(payload), env: box.env, stdio: ["pipe", "pipe", "pipe"] });
      } catch (error) {
        code = (error as { status: number }).status;
      }
      expect(code).toBe(2);
    }
  });

  test("a working hookit still answers through the same command", () => {
    const box = sandbox();
    mkdirSync(join(box.env.XDG_CONFIG_HOME!, "hookit"), { recursive: true });
    const [event, payload] = agentPayloads("claude", box.project).preTool;
    const out = execFileSync("/bin/sh", ["-c", registered(binPath(), "claude", event)], { input: JSON.stringify(payload), env: box.env });
    expect(out.toString()).toBe("");
  });
});

// docs/security.md, "Limits that fail open": a line past what the facts read within their budget is
// refused, never judged on the part they read; a payload that gives a key twice is refused.
describe.each(HOOK_AGENTS)("%s: what hookit cannot read is refused", (agent) => {
  const nested = (depth: number, inner: string) => {
    let line = inner;
    for (let i = 0; i < depth; i++) line = `echo $(${line})`;
    return line;
  };
  const starterBox = () => {
    const box = sandbox();
    box.globalPolicy(STARTER_POLICY);
    writeFileSync(join(box.project, ".env"), "API_KEY=secret\n");
    writeFileSync(join(box.project, "README.md"), "# readme\n");
    return box;
  };

  const TOO_COMPLEX: Array<[string, string]> = [
    ["3,000 commands before the read", `${"true;".repeat(3000)}cat .env`],
    ["substitutions nested 16 deep", nested(16, "cat .env")],
    ["substitutions nested 12 deep", nested(12, "cat .env")],
  ];
  const READABLE = [
    `${"true;".repeat(300)}cat README.md`,
    nested(4, "cat README.md"),
    'for f in *.md; do echo "$f"; done; git status; ls -la | sort | uniq -c',
  ];
  test.each(spread(TOO_COMPLEX, agent))("the starter policy refuses %s, quickly", async (_name, command) => {
    const box = starterBox();
    const started = Date.now();
    const attack = await verdict(agent, box, command);
    expect(Date.now() - started).toBeLessThan(10_000); // the agents' hook timeouts are 30 s or more; the facts stop well before
    expect(attack.blocked).toBe(true);
    expect(attack.reason).toContain("too complex to check");
  });

  test.each(spread(READABLE, agent))("lets long but readable work run: %s", async (command) => {
    const box = starterBox();
    expect((await verdict(agent, box, command)).blocked).toBe(false);
  });

  test("a payload naming its tool input twice is refused: the agent may run the first", async () => {
    const box = await trustedProject();
    const [event, forbidden] = shellCall(agent, box, FORBIDDEN);
    const [, innocent] = shellCall(agent, box, "echo hello");
    const key = Object.keys(forbidden).find((k) => JSON.stringify(forbidden[k]) !== JSON.stringify(innocent[k]))!;
    const text = `${JSON.stringify(forbidden).slice(0, -1)},${JSON.stringify(key)}:${JSON.stringify(innocent[key])}}`;
    const reply = await runHook(box, agent, event, text, { cwd: box.project });
    const result = inspectReply(agent, event, "tool_call", { stdout: reply.stdout, stderr: reply.stderr, exitCode: reply.exitCode ?? -1 });
    expect(result.blocked).toBe(true);
    expect(result.reason).toContain(`"${key}" twice`);
    // The same payload with the key once is judged as usual.
    expect((await runHook(box, agent, event, innocent, { cwd: box.project })).exitCode).toBe(0);
  });
});
