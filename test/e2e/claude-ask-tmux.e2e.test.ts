// Claude Code (the pin, 2.1.332; also run on 2.1.197) interactive, in a terminal (tmux) inside the e2e namespace: hookit's ask
// shows Claude's own permission prompt with the asking hook's message; answering "No" keeps the
// tool from running, answering "Yes" runs it. Headless (-p) runs are in messages.e2e.test.ts.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { AGENTS, type AgentContext } from "./agents.ts";
import { cliCommand } from "./clis.ts";
import type { DriverSpec } from "./driver.ts";
import { CACHE_ROOT, disposeScratch, driverCommand, freePort, freshRun, hookitBin, run } from "./harness.ts";
import { ASK_MESSAGE, ASK_POLICY, MARKER } from "./messages.ts";
import { readJsonl, writeFiles } from "./scenario-files.ts";

const hasTmux = spawnSync("tmux", ["-V"], { stdio: "ignore" }).status === 0;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function interactiveAsk(name: string, answer: "yes" | "no") {
  const { dir, home, project, env } = freshRun(`claude-tmux-${name}`);
  const prompt = "Please follow the e2e script.";
  const ctx: AgentContext = { cacheRoot: CACHE_ROOT, home, project, port: await freePort(), prompt };
  const launch = AGENTS.claude.launch(ctx, cliCommand("claude", CACHE_ROOT));
  writeFiles({
    [join(project, ".hookit/hookit.json")]: JSON.stringify(ASK_POLICY, null, 2) + "\n",
    // Test-only: skip first-run onboarding, the API-key question and the folder-trust dialog.
    [join(home, ".claude.json")]: JSON.stringify({
      hasCompletedOnboarding: true,
      theme: "dark",
      customApiKeyResponses: { approved: ["dummy"], rejected: [] },
      projects: { [project]: { hasTrustDialogAccepted: true, hasCompletedProjectOnboarding: true } },
    }),
  });
  run(process.execPath, [hookitBin(), "install", "--agent", "claude", "--project", project], { cwd: project, env });

  // The interactive command line: Claude's profile without -p and its print-mode flags; no --allowedTools, so Bash asks.
  const cli = cliCommand("claude", CACHE_ROOT);
  const sock = join(dir, "tmux.sock");
  const quoted = [...cli, prompt].map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(" ");
  const script = `tmux -S '${sock}' new-session -d -x 160 -y 50 -s e2e ${JSON.stringify(quoted)} && while tmux -S '${sock}' has-session -t e2e 2>/dev/null; do sleep 0.3; done`;
  const spec: DriverSpec = {
    wire: "anthropic",
    turns: [{ shell: `touch ${MARKER}` }, { say: "Done." }],
    port: ctx.port,
    logFile: join(dir, "requests.jsonl"),
    resultFile: join(dir, "result.json"),
    argv: ["sh", "-c", script],
    cwd: project,
    env: { ...env, ...launch.env, TERM: "xterm-256color" },
    timeoutMs: 90_000,
  };
  const [command, args] = driverCommand(spec, join(dir, "spec.json"));
  const child = spawn(command, args, { stdio: "ignore" });
  const closed = new Promise<void>((resolve) => child.on("close", () => resolve()));
  const tmux = (...a: string[]) => spawnSync("tmux", ["-S", sock, ...a], { encoding: "utf8" });
  const screen = () => tmux("capture-pane", "-p", "-t", "e2e").stdout ?? "";
  const waitFor = async (what: string, test: () => boolean, ms = 45_000) => {
    for (const end = Date.now() + ms; Date.now() < end; await sleep(300)) if (test()) return;
    throw new Error(`timed out waiting for ${what}; screen:\n${screen()}`);
  };
  const requests = () => (existsSync(spec.logFile) ? readJsonl(spec.logFile).filter((r) => r.answer?.startsWith("step:")) : []);
  try {
    await waitFor("Claude's permission prompt", () => screen().includes("HOOKIT-ASK-7f3a"));
    const asked = screen();
    // The prompt lists "1. Yes" (selected) and "2. No".
    if (answer === "yes") tmux("send-keys", "-t", "e2e", "Enter");
    else {
      tmux("send-keys", "-t", "e2e", "Down");
      await waitFor("No to be selected", () => /❯ 2\. No/.test(screen()));
      tmux("send-keys", "-t", "e2e", "Enter");
    }
    if (answer === "yes") await waitFor("the model's next request", () => requests().length >= 2);
    // A "no" ends Claude's turn and waits for the user: no further model request comes.
    else await waitFor("the prompt to close", () => !screen().includes("HOOKIT-ASK-7f3a"));
    await sleep(1500);
    if (process.env.HOOKIT_E2E_SHOW === "1") console.info(`asked:\n${asked}\nafter ${answer}:\n${screen()}`);
    return { asked, after: screen(), ran: existsSync(join(project, MARKER)), requests: requests().length, dir };
  } finally {
    tmux("kill-server");
    await closed;
  }
}

describe.skipIf(!hasTmux)("claude (interactive, tmux): hookit's ask is Claude's permission prompt", () => {
  afterAll(disposeScratch);

  it("the user is shown the asking hook's message; No keeps the tool from running", async () => {
    const r = await interactiveAsk("no", "no");
    expect(r.asked).toContain(ASK_MESSAGE);
    expect(r.ran).toBe(false);
    expect(r.requests).toBe(1);
    expect(r.after).toContain("Interrupted · What should Claude do instead?");
  });

  it("Yes runs the tool", async () => {
    const r = await interactiveAsk("yes", "yes");
    expect(r.ran).toBe(true);
  });
});
