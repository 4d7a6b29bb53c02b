// Which program a project install's hooks run: `hookit` from PATH when this machine's PATH has
// this very hookit (so a teammate with hookit installed can use the committed files), else the
// absolute node and bin, with the reason on stderr. Run on the built CLI, through real shells.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { hookCommand } from "../../src/install/marker.ts";
import { binPath, useBuiltHookit } from "../_built.ts";

useBuiltHookit();

const NODE_DIR = dirname(process.execPath);

function world() {
  const base = mkdtempSync(join(tmpdir(), "hookit-form-"));
  const home = join(base, "home");
  const project = join(base, "project");
  const bin = join(base, "bin");
  for (const dir of [home, project, bin]) mkdirSync(dir, { recursive: true });
  execFileSync("git", ["init", "-q", project]);
  return { base, home, project, bin };
}

/** A `hookit` link in `dir`, as `npm install -g` leaves one. */
function linkHookit(dir: string, target = binPath()): void {
  mkdirSync(dir, { recursive: true });
  symlinkSync(target, join(dir, "hookit"));
}

function install(w: ReturnType<typeof world>, path: string, ...flags: string[]) {
  const run = spawnSync(process.execPath, [binPath(), "install", "--agent", "claude", ...flags], {
    cwd: w.project,
    env: { PATH: path, HOME: w.home, XDG_CONFIG_HOME: join(w.home, ".config"), XDG_STATE_HOME: join(w.home, ".state") },
    encoding: "utf8",
  });
  expect(run.status, run.stderr).toBe(0);
  return run;
}

function preToolCommand(file: string): string {
  const settings = JSON.parse(readFileSync(file, "utf8"));
  return settings.hooks.PreToolUse[0].hooks[0].command;
}

const claudeFile = (w: ReturnType<typeof world>, dir = w.project) => join(dir, ".claude/settings.json");

describe("a hook of another event that runs hookit by name", () => {
  const command = hookCommand("hookit", "gemini", "AfterAgent", "stop");
  const sh = (path: string) => spawnSync("/bin/sh", ["-c", command], { env: { PATH: path }, input: "{}", encoding: "utf8" });

  it("exits 1 (the agent goes on) when hookit is missing, not the shell's 127, which Gemini CLI loops on", () => {
    expect(sh("/usr/bin:/bin").status).toBe(1);
  });

  it("passes hookit's own exit code through (exit 2 is an answer on these events)", () => {
    const w = world();
    writeFileSync(join(w.bin, "hookit"), "#!/bin/sh\nexit 2\n", { mode: 0o755 });
    expect(sh(`${w.bin}:/usr/bin:/bin`).status).toBe(2);
    expect(hookCommand("hookit", "gemini", "BeforeTool", "tool_call")).toBe("hookit hook --agent gemini BeforeTool || exit 2");
  });
});

describe("the program a project install names", () => {
  it("is `hookit` from PATH when PATH's hookit is this hookit, and the hook runs from there", () => {
    const w = world();
    linkHookit(w.bin);
    const path = `${w.bin}:${NODE_DIR}:/usr/bin:/bin`;
    const run = install(w, path);
    const command = preToolCommand(claudeFile(w));
    expect(command).toBe("hookit hook --agent claude PreToolUse || exit 2");
    expect(run.stdout).toContain("The hooks run hookit from PATH");
    // A teammate's machine: the same committed command, hookit found on their PATH.
    const payload = {
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command: "rm -f .claude/settings.json" },
      cwd: w.project,
      session_id: "s",
    };
    const hook = spawnSync("/bin/sh", ["-c", command], {
      cwd: w.project,
      env: { PATH: path, HOME: w.home },
      input: JSON.stringify(payload),
      encoding: "utf8",
    });
    expect(hook.status, hook.stderr).toBe(0);
    expect(JSON.parse(hook.stdout).hookSpecificOutput.permissionDecision).toBe("deny");
  });

  it("fails closed, naming the missing program, on a machine without hookit", () => {
    const w = world();
    linkHookit(w.bin);
    install(w, `${w.bin}:${NODE_DIR}:/usr/bin:/bin`);
    const hook = spawnSync("/bin/sh", ["-c", preToolCommand(claudeFile(w))], {
      cwd: w.project,
      env: { PATH: `${NODE_DIR}:/usr/bin:/bin`, HOME: w.home },
      input: "{}",
      encoding: "utf8",
    });
    expect(hook.status).toBe(2);
    expect(hook.stderr).toMatch(/hookit: (command )?not found/);
  });

  it("is reported by doctor, with what to do, on a machine whose PATH has no hookit", () => {
    const w = world();
    linkHookit(w.bin);
    install(w, `${w.bin}:${NODE_DIR}:/usr/bin:/bin`);
    const env = {
      PATH: `${NODE_DIR}:/usr/bin:/bin`,
      HOME: w.home,
      XDG_CONFIG_HOME: join(w.home, ".config"),
      XDG_STATE_HOME: join(w.home, ".state"),
    };
    const doctor = spawnSync(process.execPath, [binPath(), "doctor"], { cwd: w.project, env, encoding: "utf8" });
    expect(doctor.status).toBe(1);
    const said = doctor.stdout + doctor.stderr;
    expect(said).toContain("there is no hookit on this PATH");
    expect(said).toContain("install hookit-cli globally so hookit is on the agent's PATH, or hookit install --agent claude --absolute");
    const onPath = spawnSync(process.execPath, [binPath(), "doctor"], {
      cwd: w.project,
      env: { ...env, PATH: `${w.bin}:${env.PATH}` },
      encoding: "utf8",
    });
    expect(onPath.stdout + onPath.stderr).toContain("the hook command runs");
  });

  it("is this machine's node and bin, with the reason, when hookit is not on PATH", () => {
    const w = world();
    const run = install(w, `${NODE_DIR}:/usr/bin:/bin`);
    expect(preToolCommand(claudeFile(w))).toBe(`"${process.execPath}" "${binPath()}" hook --agent claude PreToolUse || exit 2`);
    expect(run.stderr).toContain("there is no hookit on your PATH");
    expect(run.stderr).toContain("install hookit-cli globally (hookit on PATH)");
  });

  it("does not count npm's own node_modules/.bin folders, which leave PATH when npm exits", () => {
    const w = world();
    const npxBin = join(w.base, "npx-cache/node_modules/.bin");
    linkHookit(npxBin);
    const run = install(w, `${npxBin}:${NODE_DIR}:/usr/bin:/bin`);
    expect(preToolCommand(claudeFile(w))).toContain(`"${binPath()}"`);
    expect(run.stderr).toContain("there is no hookit on your PATH");
  });

  it("is the absolute form when PATH's hookit is another copy", () => {
    const w = world();
    const other = join(w.base, "other/dist/bin.cjs");
    mkdirSync(dirname(other), { recursive: true });
    execFileSync("cp", [binPath(), other]);
    linkHookit(w.bin, other);
    const run = install(w, `${w.bin}:${NODE_DIR}:/usr/bin:/bin`);
    expect(preToolCommand(claudeFile(w))).toContain(`"${binPath()}"`);
    expect(run.stderr).toContain("is another copy of hookit");
  });

  it("is the absolute form when PATH's hookit does not start (no node on PATH for its #! line)", () => {
    const w = world();
    linkHookit(w.bin);
    const run = install(w, `${w.bin}:/nonexistent`);
    expect(preToolCommand(claudeFile(w))).toContain(`"${binPath()}"`);
    expect(run.stderr).toContain("fails from your PATH");
  });

  it("keeps the absolute form with --absolute, and for a user install", () => {
    const w = world();
    linkHookit(w.bin);
    const path = `${w.bin}:${NODE_DIR}:/usr/bin:/bin`;
    const run = install(w, path, "--absolute");
    expect(preToolCommand(claudeFile(w))).toContain(`"${binPath()}"`);
    expect(run.stderr).not.toContain("on your PATH");
    install(w, path, "--global");
    expect(preToolCommand(claudeFile(w, w.home))).toContain(`"${binPath()}"`);
  });

  it("replaces one form with the other on a re-install, never both", () => {
    const w = world();
    linkHookit(w.bin);
    const path = `${w.bin}:${NODE_DIR}:/usr/bin:/bin`;
    install(w, path, "--absolute");
    install(w, path);
    const hooks = JSON.parse(readFileSync(claudeFile(w), "utf8")).hooks.PreToolUse;
    expect(hooks.flatMap((entry: { hooks: unknown[] }) => entry.hooks)).toHaveLength(1);
    expect(preToolCommand(claudeFile(w))).toBe("hookit hook --agent claude PreToolUse || exit 2");
  });

  it("refuses --command together with --absolute", () => {
    const w = world();
    const run = spawnSync(process.execPath, [binPath(), "install", "--agent", "claude", "--command", "hookit", "--absolute"], {
      cwd: w.project,
      env: { PATH: `${NODE_DIR}:/usr/bin:/bin`, HOME: w.home },
      encoding: "utf8",
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("Choose one: --command CMD or --absolute.");
  });
});
