// Issue 35's question, asked of the real Claude Code: can a guard ride an `http`
// hook (one long-lived server, no process per call) and still fail closed when
// that server is not there? Each scenario registers a PreToolUse http hook at a
// port nothing listens on, and the model asks for `touch hookit-http-marker`.
// The marker tells whether the tool ran. It fails closed with onFailure, yet
// hookit does not offer the transport: whatever answers on that port is
// believed, and the agent's own tools can start a server there
// (docs/performance.md, "A hook transport without a process per call").
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { clis } from "./clis.ts";
import { disposeScratch, freePort, runScenario } from "./harness.ts";
import { toolResults } from "./views.ts";

afterAll(disposeScratch);

const MARKER = "hookit-http-marker";

async function withDeadServer(onFailure: "block" | undefined) {
  const port = await freePort(); // free now, and nothing starts on it
  return runScenario({
    agent: "claude",
    name: `http-hook-${onFailure ?? "default"}`,
    install: false,
    turns: [{ tool: "Bash", input: { command: `touch ${MARKER}`, description: "Run test command" } }, { say: "Done." }],
    sabotage: ({ project }) => {
      const handler = { type: "http", url: `http://127.0.0.1:${port}/hook`, timeout: 10, ...(onFailure && { onFailure }) };
      mkdirSync(join(project, ".claude"), { recursive: true });
      writeFileSync(
        join(project, ".claude/settings.json"),
        `${JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [handler] }] } }, null, 2)}\n`,
      );
    },
  });
}

describe(`Claude Code ${clis.claude.version}: an http PreToolUse hook whose server is down`, () => {
  it("without onFailure, the tool runs: an http hook cannot carry a guard", async () => {
    const r = await withDeadServer(undefined);
    expect(r.modelRequests.length, r.summary()).toBeGreaterThanOrEqual(2);
    expect(r.exists(MARKER), r.summary()).toBe(true);
  });

  it('with onFailure: "block", the call is refused and the tool does not run', async () => {
    const r = await withDeadServer("block");
    expect(r.modelRequests.length, r.summary()).toBeGreaterThanOrEqual(2);
    expect(r.exists(MARKER), r.summary()).toBe(false);
    expect(toolResults(r.views.at(-1) ?? []).join("\n"), r.summary()).toMatch(/blocking because onFailure is "block"[\s\S]*ECONNREFUSED/);
  });
});
