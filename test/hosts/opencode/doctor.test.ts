// `hookit doctor` for OpenCode: the plugin entry is found and checked, a stale
// one is an error (OpenCode silently runs unguarded without it), and the
// policy's events OpenCode can only approximate are named.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { runDoctor } from "../../../src/doctor/index.ts";
import { installAgents } from "../../../src/installer/index.ts";
import { hooks } from "./_fake.ts";
import { sandbox } from "../../_sandbox.ts";

function installed() {
  const box = sandbox();
  // A package root with the built plugin; doctor checks the file the entry names.
  const pkg = join(box.root, "pkg", "hookit");
  mkdirSync(join(pkg, "dist"), { recursive: true });
  writeFileSync(join(pkg, "package.json"), '{ "name": "hookit" }\n');
  writeFileSync(join(pkg, "dist", "pi.mjs"), "");
  writeFileSync(join(pkg, "dist", "opencode.mjs"), "export default async () => ({});\n");
  const env = box.env as Record<string, string>;
  return {
    box,
    pkg,
    env,
    install: () => installAgents({ agents: ["opencode"], projectDir: box.project, env, cwd: box.project, packageRoot: pkg }),
  };
}

describe("hookit doctor: OpenCode", () => {
  test("an installed plugin is ok, and approximated events of the policy are named", async () => {
    const { box, env, install } = installed();
    box.globalPolicy(hooks({ "must-fix": { event: "agent_end", shell: "true" }, guard: { event: "tool_call", shell: "true" } }));
    await install();
    const report = await runDoctor(box.project, env);
    const mine = report.checks.filter((c) => c.agent === "opencode");
    expect(mine).toContainEqual(
      expect.objectContaining({ scope: "project", status: "ok", message: expect.stringContaining("OpenCode loads hookit's plugin") }),
    );
    expect(mine).toContainEqual(
      expect.objectContaining({
        status: "info",
        message: expect.stringMatching(/^agent_end hooks on OpenCode: approximate — .*plain `opencode run` exits at idle/),
      }),
    );
    // tool_call is native: no gap to report.
    expect(mine.some((c) => c.message.startsWith("tool_call hooks"))).toBe(false);
    expect(report.ok).toBe(true);
  });

  test("an entry whose file is gone is an error with the fix", async () => {
    const { box, pkg, env, install } = installed();
    await install();
    rmSync(join(pkg, "dist"), { recursive: true });
    const report = await runDoctor(box.project, env);
    expect(report.checks.find((c) => c.agent === "opencode" && c.status === "error")).toMatchObject({
      message: expect.stringContaining("which does not exist (stale entry); OpenCode then runs unguarded"),
      fix: "hookit install --agent opencode --project",
    });
    expect(report.ok).toBe(false);
  });
});
