// Adding an agent is one folder: a test-only `dummy` agent (Claude Code's folder under another
// name) is dropped into a copy of src/, `gen:registry` runs, and every place built from the
// registry picks it up with nothing else edited: the command-line help and errors, `hookit hook`'s
// agent lookup and its alias, the adapter, the install target (a real install), doctor (its
// probe, its verified range and its checks) and the docs generator's agent list.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
// @ts-expect-error: a plain .mjs script without type declarations
import { agentFolders } from "../../scripts/agents.mjs";
// @ts-expect-error: a plain .mjs script without type declarations
import { registryFiles } from "../../scripts/gen-registry.mjs";

const ROOT = resolve(import.meta.dirname, "../..");
let copy = "";
const load = (path: string) => import(join(copy, path));

/** Claude's folder as the `dummy` agent: its id, title, config folder, command and alias renamed. */
function writeDummyAgent(agents: string): void {
  const dummy = join(agents, "dummy");
  mkdirSync(dummy);
  for (const file of readdirSync(join(agents, "claude"))) {
    const text = readFileSync(join(agents, "claude", file), "utf8")
      .replaceAll('"claude"', '"dummy"')
      .replaceAll("claude-code", "dummy-cli")
      .replaceAll("Claude Code", "Dummy CLI")
      .replaceAll('".claude"', '".dummy"');
    writeFileSync(join(dummy, file), text);
  }
}

beforeAll(() => {
  copy = mkdtempSync(join(tmpdir(), "hookit-eleventh-agent-"));
  cpSync(join(ROOT, "src"), join(copy, "src"), { recursive: true });
  cpSync(join(ROOT, "package.json"), join(copy, "package.json"));
  symlinkSync(join(ROOT, "node_modules"), join(copy, "node_modules"));
  writeDummyAgent(join(copy, "src", "agents"));
  for (const [path, text] of Object.entries(registryFiles(copy) as Record<string, string>)) writeFileSync(join(copy, path), text);
});

afterAll(() => {
  if (copy !== "") rmSync(copy, { recursive: true, force: true });
});

function sink(): { stream: Writable; text: () => string } {
  let text = "";
  const stream = new Writable({ write: (chunk, _encoding, done) => ((text += String(chunk)), done()) });
  return { stream, text: () => text };
}

describe("an 11th agent is one folder", () => {
  test("the generated registry names it as a hook agent with an install target, a probe and facts", async () => {
    expect((agentFolders(copy) as { hook: string[] }).hook).toContain("dummy");
    const { AGENT_IDS, HOOK_AGENT_IDS } = await load("src/contract/agent-ids.ts");
    expect(AGENT_IDS).toContain("dummy");
    expect(HOOK_AGENT_IDS).toContain("dummy");
    expect((await load("src/agents/install-targets.ts")).TARGETS.dummy.title).toBe("Dummy CLI");
    expect((await load("src/agents/probes.ts")).PROBES.dummy.event).toBe("PreToolUse");
  });

  test("hook finds it by id and alias, and its adapter parses and answers", async () => {
    const { resolveHookAgent, loadAdapter } = await load("src/agents/registry.ts");
    expect(resolveHookAgent("dummy")).toBe("dummy");
    expect(resolveHookAgent("Dummy-CLI")).toBe("dummy");
    const adapter = await loadAdapter("dummy");
    const invocation = adapter.parse("PreToolUse", { session_id: "s", cwd: "/p", tool_name: "Bash", tool_input: { command: "ls" } });
    expect(invocation).toMatchObject({
      agent: "dummy",
      sessionId: "s",
      cwd: "/p",
      events: [{ toolName: "bash", input: { command: "ls" } }],
    });
    expect(adapter.respond(invocation, { block: "no", notices: [] }).stdout).toContain('"permissionDecision":"deny"');
  });

  test("the help texts and the usage errors name it", async () => {
    const { INSTALL_ARGS, runInstallCommand } = await load("src/installer/cli.ts");
    expect(INSTALL_ARGS.agent.description).toContain("dummy");
    expect((await load("src/cli/hook.ts")).default.args.agent.description).toContain("dummy");
    const err = sink();
    expect(await runInstallCommand("install", {}, [], { env: {}, cwd: copy, stdout: () => {}, stderr: err.stream })).not.toBe(0);
    expect(err.text()).toContain("dummy");
  });

  test("install writes its config, doctor probes it, and its verified range is doctor's", async () => {
    const project = mkdtempSync(join(copy, "project-"));
    const home = mkdtempSync(join(copy, "home-"));
    mkdirSync(join(project, ".git"));
    const env = { HOME: home, XDG_CONFIG_HOME: join(home, ".config"), XDG_STATE_HOME: join(home, ".state"), PATH: "" };
    const { runInstallCommand } = await load("src/installer/cli.ts");
    const err = sink();
    const io = { env, cwd: project, stdout: () => {}, stderr: err.stream };
    expect(await runInstallCommand("install", { agent: "dummy-cli", project, command: "hookit" }, [], io), err.text()).toBe(0);
    const settings = join(project, ".dummy", "settings.json");
    expect(existsSync(settings)).toBe(true);
    expect(readFileSync(settings, "utf8")).toContain("hook --agent dummy PreToolUse");
    expect((await load("src/doctor/versions.ts")).VERIFIED_RANGES.dummy).toMatchObject({ bin: "dummy" });
    const report = await (await load("src/doctor/index.ts")).runDoctor(project, env);
    // Doctor found the install through the target and piped the dummy's probe into its command
    // (`hookit` is not on this PATH, so the command fails: doctor says so, naming the agent).
    const checks = report.checks.filter((check: { agent?: string }) => check.agent === "dummy");
    expect(checks).toEqual([expect.objectContaining({ scope: "project", status: "error" })]);
    expect(checks[0].message).toMatch(/^Dummy CLI: the installed hook command fails/);
  });

  test("the docs generator lists it", async () => {
    const { adapterIds } = await import("../../scripts/agents.mjs" as string);
    expect(adapterIds(copy)).toContain("dummy");
  });
});
