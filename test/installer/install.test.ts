// installAgents / uninstallAgents against a temporary HOME and git repository:
// the right file per agent and scope, backups, idempotency, exact uninstall,
// dry runs, and refusals that leave every file untouched.
import { chmodSync, existsSync, linkSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AGENT_IDS } from "../../src/agents/registry.ts";
import type { AgentId } from "../../src/agents/registry.ts";
import { InstallError, installAgents, uninstallAgents } from "../../src/installer/index.ts";
import type { InstallOptions } from "../../src/installer/index.ts";
import { isTrusted } from "../../src/policy/trust.ts";
import { USER_FILES, sandbox, write } from "../install/_helpers.ts";

const PROJECT_FILES: Record<AgentId, string> = {
  pi: ".pi/settings.json",
  claude: ".claude/settings.json",
  codex: ".codex/hooks.json",
  gemini: ".gemini/settings.json",
  cursor: ".cursor/hooks.json",
  copilot: ".github/hooks/hookit.json",
  kimi: ".kimi-code/config.toml",
  antigravity: ".agents/hooks.json",
  factory: ".factory/hooks.json",
  opencode: "opencode.json",
};
const GLOBAL_FILES: Record<AgentId, string> = {
  pi: ".pi/agent/settings.json",
  claude: ".claude/settings.json",
  codex: ".codex/hooks.json",
  gemini: ".gemini/settings.json",
  cursor: ".cursor/hooks.json",
  copilot: ".copilot/hooks/hookit.json",
  kimi: ".kimi-code/config.toml",
  antigravity: ".gemini/config/hooks.json",
  factory: ".factory/hooks.json",
  opencode: ".config/opencode/opencode.json",
};

const SCOPES = ["project", "global"] as const;

function setup(scope: (typeof SCOPES)[number], agent: AgentId) {
  const box = sandbox();
  const file = scope === "project" ? join(box.repo, PROJECT_FILES[agent]) : join(box.home, GLOBAL_FILES[agent]);
  const options = (extra: Partial<InstallOptions> = {}): InstallOptions => ({
    agents: [agent],
    scope,
    // Kimi reads a project's file only through KIMI_CODE_HOME; without it install refuses (cli.test.ts).
    env: scope === "project" && agent === "kimi" ? { ...box.env, KIMI_CODE_HOME: join(box.repo, ".kimi-code") } : box.env,
    cwd: join(box.repo),
    packageRoot: box.root,
    nodePath: "/usr/bin/node",
    ...extra,
  });
  return { box, file, options };
}

describe.each(SCOPES)("%s scope", (scope) => {
  describe.each(AGENT_IDS)("%s", (agent) => {
    it("installs next to the user's content, once, and uninstalls to the original bytes", async () => {
      const { file, options, box } = setup(scope, agent);
      write(file, USER_FILES[agent]);

      const first = await installAgents(options());
      expect(first.outcomes).toMatchObject([{ agent, file, action: "update", backup: `${file}.hookit.bak` }]);
      const installed = readFileSync(file, "utf8");
      expect(installed).toContain(join(box.root, "dist", agent === "pi" ? "pi.mjs" : agent === "opencode" ? "opencode.mjs" : "bin.cjs"));
      expect(readFileSync(`${file}.hookit.bak`, "utf8")).toBe(USER_FILES[agent]);

      const second = await installAgents(options());
      expect(second.outcomes[0]!.action).toBe("unchanged");
      expect(readFileSync(file, "utf8")).toBe(installed);

      const removed = await uninstallAgents(options());
      expect(removed.outcomes[0]!.action).toBe("update");
      expect(readFileSync(file, "utf8")).toBe(USER_FILES[agent]);
      expect(existsSync(`${file}.hookit.bak`)).toBe(false);
    });

    it("creates the file when there is none and deletes it on uninstall", async () => {
      const { file, options, box } = setup(scope, agent);
      expect((await installAgents(options())).outcomes[0]!.action).toBe("create");
      expect(existsSync(`${file}.hookit.bak`)).toBe(false);
      expect((await uninstallAgents(options())).outcomes[0]!.action).toBe("delete");
      expect(existsSync(file)).toBe(false);
      // The directories created for it went too, never the project or HOME itself.
      const top = join(
        scope === "project" ? box.repo : box.home,
        (scope === "project" ? PROJECT_FILES : GLOBAL_FILES)[agent].split("/")[0]!,
      );
      expect(existsSync(top)).toBe(false);
      expect(existsSync(scope === "project" ? box.repo : box.home)).toBe(true);
      expect((await uninstallAgents(options())).outcomes[0]!.action).toBe("unchanged");
    });

    it("writes nothing in a dry run and returns the diff", async () => {
      const { file, options } = setup(scope, agent);
      write(file, USER_FILES[agent]);
      const report = await installAgents(options({ dryRun: true }));
      expect(readFileSync(file, "utf8")).toBe(USER_FILES[agent]);
      expect(existsSync(`${file}.hookit.bak`)).toBe(false);
      expect(report.outcomes[0]!.diff).toContain(`--- ${file}`);
      expect(report.outcomes[0]!.diff).toMatch(
        agent === "pi" ? /^\+.*dist\/pi\.mjs/m : agent === "opencode" ? /^\+.*dist\/opencode\.mjs/m : /^\+.*hook --agent/m,
      );

      await installAgents(options());
      const installed = readFileSync(file, "utf8");
      const undo = await uninstallAgents(options({ dryRun: true }));
      expect(undo.outcomes[0]!.diff).toMatch(/^-.*/m);
      expect(readFileSync(file, "utf8")).toBe(installed);
    });

    it("refuses a malformed file with its line and column, touching nothing", async () => {
      const { file, options } = setup(scope, agent);
      // Kimi's config.toml is TOML: an unclosed array there.
      const [broken, at] =
        agent === "kimi" ? ['[agent]\nname = "x"\ntools = [1, 2\n', "4:1"] : ['{\n  "hooks": {\n    "x": [1, 2\n  }\n}\n', "4:3"];
      write(file, broken);
      const error = await installAgents(options()).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InstallError);
      expect((error as InstallError).message).toMatch(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:${at}: `));
      expect(readFileSync(file, "utf8")).toBe(broken);
      expect(existsSync(`${file}.hookit.bak`)).toBe(false);
      await expect(uninstallAgents(options())).rejects.toThrow(InstallError);
    });

    it("refuses a symlinked target", async () => {
      const { file, options, box } = setup(scope, agent);
      const real = join(box.home, "dotfiles.json");
      writeFileSync(real, "{}\n");
      mkdirSync(join(file, ".."), { recursive: true });
      symlinkSync(real, file);
      await expect(installAgents(options())).rejects.toThrow(/is a symbolic link/);
      expect(readFileSync(real, "utf8")).toBe("{}\n");
    });
  });
});

describe("safety", () => {
  it("refuses a hard-linked target", async () => {
    const { file, options, box } = setup("project", "claude");
    write(file, "{}\n");
    linkSync(file, join(box.repo, "other.json"));
    await expect(installAgents(options())).rejects.toThrow(/has 2 hard links/);
    expect(readFileSync(file, "utf8")).toBe("{}\n");
  });

  it("refuses a project path that resolves outside the project", async () => {
    const { options, box } = setup("project", "claude");
    mkdirSync(join(box.home, "elsewhere"));
    symlinkSync(join(box.home, "elsewhere"), join(box.repo, ".claude"));
    await expect(installAgents(options())).rejects.toThrow(/outside the project/);
    expect(existsSync(join(box.home, "elsewhere", "settings.json"))).toBe(false);
  });

  it("writes nothing at all when one agent's file is malformed", async () => {
    const { options, box } = setup("project", "claude");
    write(join(box.repo, ".cursor", "hooks.json"), "{ nope");
    await expect(installAgents(options({ agents: ["claude", "cursor"] }))).rejects.toThrow(/hooks\.json:1:3/);
    expect(existsSync(join(box.repo, ".claude", "settings.json"))).toBe(false);
  });

  it("keeps the file's permissions and backs up only the very first original", async () => {
    const { file, options } = setup("global", "claude");
    write(file, USER_FILES.claude);
    chmodSync(file, 0o600);
    await installAgents(options());
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(`${file}.hookit.bak`).mode & 0o777).toBe(0o600);
    await installAgents(options({ command: "hookit" }));
    expect(readFileSync(`${file}.hookit.bak`, "utf8")).toBe(USER_FILES.claude);
  });

  it("keeps a directory that holds other files", async () => {
    const { file, options, box } = setup("project", "claude");
    write(join(box.repo, ".claude", "settings.local.json"), "{}\n");
    await installAgents(options());
    await uninstallAgents(options());
    expect(existsSync(file)).toBe(false);
    expect(readFileSync(join(box.repo, ".claude", "settings.local.json"), "utf8")).toBe("{}\n");
  });

  it("keeps a UTF-8 byte order mark", async () => {
    const { file, options } = setup("project", "gemini");
    write(file, "\uFEFF" + USER_FILES.gemini);
    await installAgents(options());
    expect(readFileSync(file, "utf8").startsWith("\uFEFF{")).toBe(true);
    expect(readFileSync(`${file}.hookit.bak`, "utf8")).toBe("\uFEFF" + USER_FILES.gemini);
    await uninstallAgents(options());
    expect(readFileSync(file, "utf8")).toBe("\uFEFF" + USER_FILES.gemini);
    expect(existsSync(`${file}.hookit.bak`)).toBe(false);
  });

  it("restores a user's empty file instead of deleting it", async () => {
    const { file, options } = setup("project", "codex");
    write(file, "");
    await installAgents(options());
    await uninstallAgents(options());
    expect(readFileSync(file, "utf8")).toBe("");
  });

  it("asks for a build or --command when hookit's dist files are missing", async () => {
    const { options, box } = setup("project", "claude");
    const missing = join(box.home, "nowhere");
    await expect(installAgents(options({ packageRoot: missing }))).rejects.toMatchObject({ code: "E_NOT_BUILT" });
    const report = await installAgents(options({ packageRoot: missing, command: "hookit" }));
    expect(readFileSync(report.outcomes[0]!.file, "utf8")).toContain('"command": "hookit hook --agent claude PreToolUse || exit 2"');
  });
});

describe("scopes, agents and trust", () => {
  it("uses the project's git work tree from a subdirectory, and an explicit DIR", async () => {
    const { options, box } = setup("project", "claude");
    mkdirSync(join(box.repo, "src", "deep"), { recursive: true });
    const report = await installAgents(options({ cwd: join(box.repo, "src", "deep") }));
    expect(report.scope).toEqual({ kind: "project", dir: box.repo });
    const other = join(box.home, "proj");
    mkdirSync(other);
    const explicit = await installAgents(options({ projectDir: other }));
    expect(explicit.outcomes[0]!.file).toBe(join(other, ".claude", "settings.json"));
  });

  it("follows CODEX_HOME and PI_CODING_AGENT_DIR for the global scope", async () => {
    const { options, box } = setup("global", "codex");
    const env = { ...box.env, CODEX_HOME: join(box.home, "cx"), PI_CODING_AGENT_DIR: join(box.home, "piagent") };
    const report = await installAgents(options({ agents: ["codex", "pi"], env }));
    expect(report.outcomes.map((o) => o.file)).toEqual([join(box.home, "cx", "hooks.json"), join(box.home, "piagent", "settings.json")]);
  });

  it("`all` installs into the agents found on PATH or in HOME, and uninstalls from every agent", async () => {
    const { options, box } = setup("project", "claude");
    mkdirSync(join(box.home, ".gemini"));
    const bin = box.env.PATH!;
    mkdirSync(bin, { recursive: true });
    writeFileSync(join(bin, "codex"), "#!/bin/sh\n", { mode: 0o755 });
    writeFileSync(join(bin, "copilot"), "not executable\n", { mode: 0o644 });
    const report = await installAgents(options({ agents: "all" }));
    expect(report.outcomes.map((o) => o.agent)).toEqual(["codex", "gemini"]);
    const removed = await uninstallAgents(options({ agents: ["all"] }));
    // Every agent, in AGENT_IDS order; only the two that were installed had anything to remove.
    expect(removed.outcomes.map((o) => [o.agent, o.action])).toEqual(
      AGENT_IDS.map((id) => [id, id === "codex" || id === "gemini" ? "delete" : "unchanged"]),
    );
  });

  it("rejects unknown agent names and accepts aliases", async () => {
    const { options } = setup("project", "claude");
    await expect(installAgents(options({ agents: ["claude", "vim"] }))).rejects.toThrow('Unknown agent "vim"');
    const report = await installAgents(options({ agents: ["claude-code", "Gemini-CLI", "claude"] }));
    expect(report.outcomes.map((o) => o.agent)).toEqual(["claude", "gemini"]);
  });

  it("trusts the project policy as it is on install, never on a dry run", async () => {
    const { options, box } = setup("project", "claude");
    const policy = join(box.repo, ".hookit", "hookit.json");
    write(policy, '{ "local": {} }\n');
    await installAgents(options({ dryRun: true }));
    expect(isTrusted(policy, readFileSync(policy), box.env)).toBe(false);
    const report = await installAgents(options());
    expect(report.trusted).toBe(policy);
    expect(isTrusted(policy, readFileSync(policy), box.env)).toBe(true);
  });

  it("never re-trusts a policy that changed since it was trusted: that waits for `hookit trust`", async () => {
    const { options, box } = setup("project", "claude");
    const policy = join(box.repo, ".hookit", "hookit.json");
    write(policy, '{ "local": {} }\n');
    expect((await installAgents(options())).trusted).toBe(policy);
    write(policy, '{ "local": { "x": { "description": "", "event": "tool_call", "shell": "true" } } }\n');
    const again = await installAgents(options());
    expect(again.trusted).toBeUndefined();
    expect(again.trustPending).toBe(policy);
    expect(isTrusted(policy, readFileSync(policy), box.env)).toBe(false);
  });

  it("warns that Cursor runs Claude Code's hooks too when both are installed", async () => {
    const { options } = setup("project", "claude");
    const report = await installAgents(options({ agents: ["claude", "cursor"] }));
    expect(report.outcomes[1]!.warnings).toEqual([expect.stringContaining("runs hookit's policy twice")]);
    // …and what to do about it.
    expect(report.outcomes[1]!.warnings[0]).toMatch(
      /If you do not use Claude Code here: hookit uninstall --agent claude; if you use both, keep both\.$/,
    );
    expect(report.outcomes[0]!.warnings).toEqual([]);
  });

  it("does not trust anything for a global install", async () => {
    const { options, box } = setup("global", "claude");
    write(join(box.repo, ".hookit", "hookit.json"), "{}\n");
    expect((await installAgents(options())).trusted).toBeUndefined();
  });
});
