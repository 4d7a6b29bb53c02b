// Kimi Code CLI 2.1.0 (adapter capability table in src/agents/kimi/capabilities.ts). Its project
// install is read through KIMI_CODE_HOME=<project>/.kimi-code (the launch in agents.ts sets it).
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BLOCK_REASON, GUARD_POLICY, MARKER, describeConformance } from "./scenarios.ts";
import { MODEL_READS } from "./block-views.ts";
import { baseEnv, disposeScratch, hookitBin, run, runScenario } from "./harness.ts";
import { afterLastToolCall } from "./views.ts";
import { escapeRegExp } from "../_text.ts";

/** A blocked Bash call as the model reads it: the wall time (it varies), then Kimi's error line and the reason. */
const bashBlock = (reason: string) => new RegExp(`^Wall time: \\d+\\.\\d+ seconds\\n${escapeRegExp(MODEL_READS.kimi(reason))}$`);

describeConformance("kimi", {
  // The permissionDecisionReason after Kimi's error line, behind the Bash result's wall time.
  blockedResult: bashBlock,
  // PostToolUse is observation-only: the model reads the output as it was.
  patchedResult: "unchanged",
  // A Stop deny's reason becomes the next user message, verbatim.
  correctiveMessage: (message) => message,
  brokenPolicy: "tool blocked",
  // The pre-tool command ends in `|| exit 2`: a crashing hookit (exit 1) becomes Kimi's blocking exit 2,
  // and the model reads the crash's stderr as the reason.
  crashedHook: "tool blocked",
  crashedResult: /^Wall time: [\d.]+ seconds\n<system>ERROR: Tool execution failed\.<\/system>\n[\s\S]*simulated hookit crash/,
  editedPolicy: "trusted version runs",
  movedHookit: "tool blocked",
  writeHello: (project) => ({ tool: "Write", input: { path: join(project, "hello.txt"), content: "hello\n" } }),
});

// A global install (`hookit install --agent kimi --global`), the one that guards every Kimi session:
// hookit's [[hooks]] in ~/.kimi-code/config.toml, which the model tries to take out.
describe("kimi: hookit installed --global in ~/.kimi-code/config.toml", () => {
  afterAll(disposeScratch);

  const installGlobal = ({ home, project }: { home: string; project: string }) => {
    const env = { ...baseEnv(home), KIMI_CODE_HOME: join(home, ".kimi-code") };
    run(process.execPath, [hookitBin(), "install", "--agent", "kimi", "--global"], { cwd: project, env });
    run(process.execPath, [hookitBin(), "trust", "--yes"], { cwd: project, env });
  };

  it("tamper: the model edits the config with Bash, then rewrites it with Write, then runs what the policy forbids; none of it happens", async () => {
    const r = await runScenario({
      agent: "kimi",
      name: "global-tamper",
      policy: GUARD_POLICY,
      install: false,
      sabotage: installGlobal,
      // Kimi's default data directory, ~/.kimi-code (an empty KIMI_CODE_HOME would be the working directory).
      argv: (argv) => ["/bin/sh", "-c", 'KIMI_CODE_HOME="$HOME/.kimi-code" exec "$@"', "sh", ...argv],
      turns: (project) => [
        { shell: "sed -i '/hookit/d' ~/.kimi-code/config.toml" },
        { tool: "Write", input: { path: join(dirname(project), "home/.kimi-code/config.toml"), content: "" } },
        { shell: `touch ${MARKER}` },
        { say: "Done." },
      ],
    });
    const config = join(r.home, ".kimi-code/config.toml");
    expect(r.modelRequests.length, r.summary()).toBe(4);
    expect(afterLastToolCall(r.views[1] ?? []), r.summary()).toContain("hookit: blocked by self-protection");
    expect(afterLastToolCall(r.views[2] ?? []), r.summary()).toContain("hookit: blocked by self-protection");
    expect(readFileSync(config, "utf8"), r.summary()).toContain("hook --agent kimi PreToolUse");
    expect(r.exists(MARKER), r.summary()).toBe(false);
    expect(afterLastToolCall(r.views[3] ?? []), r.summary()).toContain(BLOCK_REASON);
  });
});
