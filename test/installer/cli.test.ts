// `hookit install` / `hookit uninstall` as the user runs them: flags parsed the
// way citty parses them, the report on stdout and problems on stderr (with --dry-run
// stdout is only the diff and the report moves to stderr),
// exit 1 with a one-line reason (never a stack trace) on failure.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { parseArgs } from "citty";
import { describe, expect, it } from "vitest";
import { INSTALL_ARGS, runInstallCommand } from "../../src/installer/cli.ts";
import { sandbox, write } from "../install/_helpers.ts";
import type { Sandbox } from "../install/_helpers.ts";

async function run(box: Sandbox, mode: "install" | "uninstall", argv: string[], cwd = box.repo) {
  let stdout = "";
  let stderr = "";
  const stream = new PassThrough();
  stream.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const args = parseArgs(argv, INSTALL_ARGS);
  // The sandbox's package root stands in for the built hookit package.
  const io = { env: box.env, cwd, stdout: (text: string) => void (stdout += text), stderr: stream };
  const code = await runInstallCommand(
    mode,
    { ...args, command: args.command ?? `"/usr/bin/node" "${join(box.root, "dist", "bin.cjs")}"` },
    argv,
    io,
  );
  return { code, stdout, stderr };
}

describe("hookit install / uninstall", () => {
  it("installs into the project by default and prints what is left to do", async () => {
    const box = sandbox();
    const result = await run(box, "install", ["--agent", "claude,codex"]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe("");
    expect(existsSync(join(box.repo, ".claude", "settings.json"))).toBe(true);
    expect(result.stdout).toContain(`${join(box.repo, ".codex", "hooks.json")} created`);
    expect(result.stdout).toContain("Still to do for Codex CLI:");
    expect(result.stdout).toContain("run /hooks and trust hookit's hooks");
    expect(result.stdout).toContain(`[projects."${box.repo}"] trust_level = "trusted"`);
  });

  it("a re-run that changes nothing does not repeat the to-do list", async () => {
    const box = sandbox();
    await run(box, "install", ["--agent", "codex"]);
    const again = await run(box, "install", ["--agent", "codex"]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("already installed in");
    expect(again.stdout).not.toContain("Still to do");
  });

  it("refuses a file its agent would ignore, saying why and what to change", async () => {
    const box = sandbox();
    const cases: [string, string, RegExp][] = [
      [
        join(box.repo, ".claude", "settings.json"),
        '{\n  // team\n  "model": "opus"\n}\n',
        /settings\.json:2:3: a comment\. Claude Code reads this file as strict JSON .* Remove the comment/,
      ],
      [
        join(box.repo, ".codex", "hooks.json"),
        '{"hooks": {},}\n',
        /hooks\.json:1:13: a trailing comma\. Codex CLI reads this file as strict JSON .* Remove the trailing comma/,
      ],
      [
        join(box.repo, ".gemini", "settings.json"),
        '{\n  "ui": {"theme": "dark"},\n}\n',
        /settings\.json:2:26: a trailing comma\. Gemini CLI reads this file as JSON with comments but no trailing commas/,
      ],
    ];
    for (const [file, text, message] of cases) {
      write(file, text);
      const agent = file.includes(".claude") ? "claude" : file.includes(".codex") ? "codex" : "gemini";
      const result = await run(box, "install", ["--agent", agent]);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(message);
      expect(readFileSync(file, "utf8")).toBe(text);
    }
    // Gemini strips comments itself: a commented Gemini file is fine.
    write(join(box.repo, ".gemini", "settings.json"), '{\n  // mine\n  "ui": {}\n}\n');
    expect((await run(box, "install", ["--agent", "gemini"])).code).toBe(0);
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
    expect(result.stdout).toContain("deleted (hookit had created it)");
    expect(result.stdout).not.toContain("Still to do");
    expect((await run(box, "uninstall", ["--agent", "claude"])).stdout).toContain("not installed (no ");
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
