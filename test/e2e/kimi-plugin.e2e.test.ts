// hookit as a Kimi Code plugin (2.1.0), installed the way Kimi users install one: the package folder
// (what npm ships: dist/, package.json, kimi.plugin.json) through `/plugins install <path>` in
// Kimi's TUI, which asks to trust a third-party plugin. No `kimi plugin` command exists and `kimi -p`
// sends slash commands to the model, so the TUI runs in tmux inside the e2e namespace. No
// `hookit install`: the only hooks are the plugin's, run from Kimi's managed copy.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { AGENTS } from "./agents.ts";
import { cliCommand } from "./clis.ts";
import { CACHE_ROOT, baseEnv, canIsolate, disposeScratch, hookitBin, run, runScenario, scratch } from "./harness.ts";
import { BLOCK_REASON, GUARD_POLICY, MARKER } from "./scenarios.ts";
import { afterLastToolCall } from "./views.ts";

const REPO = resolve(import.meta.dirname, "../..");
const PARTS = ["dist", "package.json", "kimi.plugin.json"];
const hasTmux = spawnSync("tmux", ["-V"], { stdio: "ignore" }).status === 0;

function packageFolder(): string {
  const folder = join(mkdtempSync(join(scratch(), "pkg-")), "hookit-cli");
  for (const part of PARTS) cpSync(join(REPO, part), join(folder, part), { recursive: true });
  return folder;
}

const sleepSync = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
const quote = (a: string) => `'${a.replace(/'/g, "'\\''")}'`;

/** `/plugins install <folder>` in Kimi's TUI, offline (only loopback in its namespace), trusting the third-party source. */
function installPlugin({ dir, home, project }: { dir: string; home: string; project: string }): void {
  const sock = join(dir, "tmux.sock");
  const env = { ...baseEnv(home), TERM: "xterm-256color", KIMI_CODE_HOME: join(home, ".kimi-code"), KIMI_DISABLE_TELEMETRY: "1" };
  const launch = AGENTS.kimi.launch({ cacheRoot: CACHE_ROOT, home, project, port: 9, prompt: "" }, cliCommand("kimi", CACHE_ROOT));
  const model = Object.entries(launch.env).filter(([key]) => key.startsWith("KIMI_MODEL_"));
  const vars = [...Object.entries(env), ...model].map(([k, v]) => `${k}=${quote(v)}`).join(" ");
  const kimi = cliCommand("kimi", CACHE_ROOT).map(quote).join(" ");
  const inner = `ip link set lo up && cd ${quote(project)} && exec env -i ${vars} ${kimi}`;
  const tmux = (...a: string[]) => spawnSync("tmux", ["-S", sock, ...a], { encoding: "utf8" });
  const screen = () => tmux("capture-pane", "-p", "-t", "kimi").stdout ?? "";
  const waitFor = (what: string, text: string) => {
    for (const end = Date.now() + 45_000; Date.now() < end; sleepSync(300)) if (screen().includes(text)) return;
    throw new Error(`timed out waiting for ${what}; screen:\n${screen()}`);
  };
  tmux("new-session", "-d", "-x", "160", "-y", "45", "-s", "kimi", `unshare -n sh -c ${quote(inner)}`);
  try {
    waitFor("the folder-trust question", "Trust this folder?");
    tmux("send-keys", "-t", "kimi", "Enter");
    waitFor("the prompt", "Welcome to Kimi Code");
    tmux("send-keys", "-t", "kimi", "-l", `/plugins install ${packageFolder()}`);
    sleepSync(500);
    tmux("send-keys", "-t", "kimi", "Enter");
    waitFor("the third-party question", "Trust and install");
    tmux("send-keys", "-t", "kimi", "Down");
    sleepSync(300);
    tmux("send-keys", "-t", "kimi", "Enter");
    waitFor("the install", "Install finished");
  } finally {
    tmux("kill-server");
  }
  // The project policy still needs the user's trust, as after `hookit install`.
  run(process.execPath, [hookitBin(), "trust", "--yes"], { cwd: project, env: baseEnv(home) });
}

describe.skipIf(!hasTmux || !canIsolate())("kimi: hookit as a Kimi Code plugin (/plugins install <package folder>)", () => {
  afterAll(disposeScratch);
  const scenario = (name: string, turns: Parameters<typeof runScenario>[0]["turns"]) =>
    runScenario({
      agent: "kimi",
      name: `plugin-${name}`,
      policy: GUARD_POLICY,
      install: false,
      sabotage: installPlugin,
      argv: (argv) => ["/bin/sh", "-c", 'KIMI_CODE_HOME="$HOME/.kimi-code" exec "$@"', "sh", ...argv],
      turns,
    });

  it("Kimi copies the plugin and its hooks block from that copy", async () => {
    const r = await scenario("block", [{ shell: `touch ${MARKER}` }, { say: "Done." }]);
    const managed = join(r.home, ".kimi-code/plugins/managed/hookit");
    expect(readFileSync(join(managed, "kimi.plugin.json"), "utf8")).toContain("node ./dist/bin.cjs hook --agent kimi PreToolUse || exit 2");
    expect(existsSync(join(managed, "dist/bin.cjs"))).toBe(true);
    expect(JSON.parse(readFileSync(join(r.home, ".kimi-code/plugins/installed.json"), "utf8")).plugins).toEqual([
      expect.objectContaining({ id: "hookit", enabled: true, root: managed }),
    ]);
    expect(r.exists(MARKER), r.summary()).toBe(false);
    expect(afterLastToolCall(r.views[1] ?? []), r.summary()).toContain(BLOCK_REASON);
  });

  it("tamper: the model switches the plugin off in installed.json, then runs what the policy forbids; neither happens", async () => {
    const r = await scenario("disable", [
      { shell: `sed -i 's/"enabled": true/"enabled": false/' ~/.kimi-code/plugins/installed.json` },
      { shell: `touch ${MARKER}` },
      { say: "Done." },
    ]);
    expect(r.modelRequests.length, r.summary()).toBe(3);
    expect(afterLastToolCall(r.views[1] ?? []), r.summary()).toContain("hookit: blocked by self-protection");
    expect(readFileSync(join(r.home, ".kimi-code/plugins/installed.json"), "utf8")).toContain('"enabled": true');
    expect(r.exists(MARKER), r.summary()).toBe(false);
    expect(afterLastToolCall(r.views[2] ?? []), r.summary()).toContain(BLOCK_REASON);
  });
});
