// `hookit install --system` / `uninstall --system` into a root-owned stand-in for `/`.
import { chmodSync, copyFileSync, existsSync, readFileSync, rmSync, statSync, writeFileSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { installSystem, uninstallSystem } from "../../src/installer/system.ts";
import { AGENT_SYSTEM_FILES, managedPolicyPath } from "../../src/base/managed-paths.ts";
import { starterPolicyText } from "../../src/base/starter-policy.ts";
import { binPath, packageRoot, useBuiltHookit } from "../_sandbox.ts";
import { ensureUser, rootOwnedDir, runAs } from "./_user.ts";

useBuiltHookit();

const roots: string[] = [];
afterEach(() => {
  for (const dir of roots.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe.runIf(process.getuid?.() === 0)("install --system", () => {
  const fresh = () => {
    const root = rootOwnedDir("hookit-system-");
    roots.push(root);
    return { root, env: { PATH: process.env.PATH ?? "", HOME: join(root, "nohome"), HOOKIT_SYSTEM_ROOT: root } };
  };

  test("refuses anyone but root, naming the sudo line, and writes nothing", async () => {
    const { root, env } = fresh();
    await expect(installSystem({ agents: "all", env, uid: 1000, packageRoot: packageRoot() })).rejects.toMatchObject({
      code: "E_NOT_ROOT",
    });
    expect(existsSync(join(root, "etc"))).toBe(false);
    chmodSync(packageRoot(), 0o755); // the snapshot's folder is private (mkdtemp); its files are not
    const reply = await runAs(ensureUser(), [process.execPath, binPath(), "install", "--system", "--agent", "claude"], {
      ...env,
      HOME: "/tmp",
    });
    expect(reply.exitCode).toBe(1);
    expect(reply.stderr).toContain("run it as root");
    expect(reply.stderr).toMatch(/Run: sudo ".+" ".+bin\.cjs" install --system --agent claude/);
    expect(existsSync(join(root, "etc"))).toBe(false);
  });

  // A node other users cannot run blocks every tool call of every user (each hook fails closed with
  // "Permission denied"); one they can replace runs the managed guard on their terms.
  test.each([
    ["in a folder only root can enter", 0o700, 0o755, /cannot be entered by other users/],
    ["that other users may not run", 0o755, 0o750, /is not executable by other users/],
    ["that its group can replace", 0o775, 0o755, /is writable by its group/],
  ])("refuses a node %s, says which node to use, and writes nothing", async (_name, dirMode, fileMode, problem) => {
    const { root, env } = fresh();
    const dir = join(rootOwnedDir("hookit-node-"), "bin");
    roots.push(dirname(dir));
    mkdirSync(dir);
    const node = join(dir, "node");
    copyFileSync(process.execPath, node);
    chmodSync(node, fileMode);
    chmodSync(dir, dirMode);
    const attempt = installSystem({ agents: "all", env, uid: 0, packageRoot: packageRoot(), nodePath: node });
    await expect(attempt).rejects.toMatchObject({ code: "E_UNSAFE_TARGET", message: expect.stringMatching(problem) });
    await expect(attempt).rejects.toMatchObject({ message: expect.stringContaining("sudo /usr/bin/node") });
    expect(existsSync(join(root, "etc"))).toBe(false);
    expect(existsSync(join(root, "usr"))).toBe(false);
  });

  test("writes the starter as root:root 0644 in a 0755 folder, a root-owned copy of hookit, and each managed registration", async () => {
    const { root, env } = fresh();
    const report = await installSystem({ agents: "all", env, uid: 0, packageRoot: packageRoot() });
    const policy = managedPolicyPath(root);
    expect(readFileSync(policy, "utf8")).toBe(starterPolicyText());
    expect(statSync(policy)).toMatchObject({ uid: 0, gid: 0 });
    expect(statSync(policy).mode & 0o777).toBe(0o644);
    expect(statSync(join(root, "etc", "hookit")).mode & 0o777).toBe(0o755);
    expect(statSync(join(report.packageDir!, "dist", "bin.cjs")).uid).toBe(0);
    for (const file of Object.values(AGENT_SYSTEM_FILES)) {
      expect(readFileSync(join(root, file), "utf8")).toContain(join(report.packageDir!, "dist", "bin.cjs"));
    }
    expect(report.skipped).toEqual([]);
  });

  test("uninstall --system gives back the agents' managed files byte for byte and removes what install created", async () => {
    const { root, env } = fresh();
    const claude = join(root, AGENT_SYSTEM_FILES.claude);
    mkdirSync(join(root, "etc", "claude-code"), { recursive: true });
    const original = '{\n  "permissions": { "deny": ["WebFetch"] },\n    "env": {"A": "1"}\n}\n';
    writeFileSync(claude, original);
    const report = await installSystem({ agents: ["claude", "cursor"], env, uid: 0, packageRoot: packageRoot() });
    expect(report.skipped[0]).toContain("cursor: has no managed configuration");
    expect(readFileSync(claude, "utf8")).toContain("hook --agent claude PreToolUse");
    await uninstallSystem({ agents: "all", env, uid: 0 });
    expect(readFileSync(claude, "utf8")).toBe(original);
    expect(existsSync(managedPolicyPath(root))).toBe(false);
    expect(existsSync(report.packageDir!)).toBe(false);
  });

  test("a managed policy edited since install stays after uninstall (it still applies), and a --policy is validated first", async () => {
    const { root, env } = fresh();
    const bad = join(root, "bad.json");
    writeFileSync(bad, JSON.stringify({ local: { x: { event: "nope" } } }));
    await expect(installSystem({ agents: "all", env, uid: 0, packageRoot: packageRoot(), policy: bad })).rejects.toMatchObject({
      code: "E_MALFORMED",
    });
    expect(existsSync(join(root, "etc", "hookit"))).toBe(false);
    await installSystem({ agents: ["claude"], env, uid: 0, packageRoot: packageRoot() });
    writeFileSync(managedPolicyPath(root), "{}\n");
    const report = await uninstallSystem({ agents: "all", env, uid: 0 });
    expect(report.policy).toMatchObject({ action: "kept", why: "it changed since install wrote it" });
    expect(readFileSync(managedPolicyPath(root), "utf8")).toBe("{}\n");
  });
});
