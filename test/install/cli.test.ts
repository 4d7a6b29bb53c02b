// `hookit install` / `hookit uninstall` as the user runs them: flags parsed the
// way citty parses them, human text on stderr, only the dry-run diff on stdout,
// exit 1 with a one-line reason (never a stack trace) on failure.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { parseArgs } from "citty";
import { describe, expect, it } from "vitest";
import { INSTALL_ARGS, runInstallCommand } from "../../src/install/_cli.ts";
import { sandbox, write } from "./_helpers.ts";
import type { Sandbox } from "./_helpers.ts";

async function run(box: Sandbox, mode: "install" | "uninstall", argv: string[], cwd = box.repo) {
  let stdout = "";
  let stderr = "";
  const stream = new PassThrough();
  stream.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const args = parseArgs(argv, INSTALL_ARGS);
  // The sandbox's package root stands in for the built hookit package.
  const io = { env: box.env, cwd, stdout: (text: string) => void (stdout += text), stderr: stream };
  const code = await runInstallCommand(mode, { ...args, command: args.command ?? `"/usr/bin/node" "${join(box.root, "dist", "bin.cjs")}"` }, argv, io);
  return { code, stdout, stderr };
}

describe("hookit install / uninstall", () => {
  it("installs into the project by default and prints what is left to do", async () => {
    const box = sandbox();
    const result = await run(box, "install", ["--agent", "claude,codex"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe("");
    expect(existsSync(join(box.repo, ".claude", "settings.json"))).toBe(true);
    expect(result.stderr).toContain(`${join(box.repo, ".codex", "hooks.json")} created`);
    expect(result.stderr).toContain("Still to do for Codex CLI:");
    expect(result.stderr).toContain("run /hooks and trust hookit's hooks");
    expect(result.stderr).toContain(`[projects."${box.repo}"] trust_level = "trusted"`);
  });

  it("--project without DIR before another flag still means the current project", async () => {
    const box = sandbox();
    const result = await run(box, "install", ["--agent", "gemini", "--project", "--dry-run"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`+++ ${join(box.repo, ".gemini", "settings.json")}`);
    expect(result.stdout).toContain('+            "timeout": 30000');
    expect(result.stderr).toContain("Dry run: nothing was written.");
    expect(existsSync(join(box.repo, ".gemini"))).toBe(false);
  });

  it("--project DIR and --global pick the file", async () => {
    const box = sandbox();
    const dir = join(box.home, "elsewhere");
    write(join(dir, "README"), "");
    expect((await run(box, "install", ["--agent", "cursor", "--project", dir])).code).toBe(0);
    expect(existsSync(join(dir, ".cursor", "hooks.json"))).toBe(true);
    expect((await run(box, "install", ["--agent", "copilot", "--global"])).code).toBe(0);
    expect(existsSync(join(box.home, ".copilot", "hooks", "hookit.json"))).toBe(true);
  });

  it("uninstall says what it removed", async () => {
    const box = sandbox();
    await run(box, "install", ["--agent", "claude"]);
    const result = await run(box, "uninstall", ["--agent", "claude"]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain("deleted (hookit had created it)");
    expect(result.stderr).not.toContain("Still to do");
    expect((await run(box, "uninstall", ["--agent", "claude"])).stderr).toContain("not installed (no ");
  });

  it("fails with one clear line and exit 1", async () => {
    const box = sandbox();
    const file = join(box.repo, ".claude", "settings.json");
    write(file, '{"a": 1,,}');
    const cases: [string[], string][] = [
      [["--project"], "Name the agents"],
      [["--agent", "claude", "--global", "--project", "x"], "Choose one scope"],
      [["--agent", "emacs"], 'Unknown agent "emacs"'],
      [["--agent", "claude"], `${file}:1:9: PropertyNameExpected`],
    ];
    for (const [argv, message] of cases) {
      const result = await run(box, "install", argv);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(message);
      expect(result.stderr).not.toMatch(/\n\s+at /);
      expect(result.stdout).toBe("");
    }
    expect(readFileSync(file, "utf8")).toBe('{"a": 1,,}');
  });
});
