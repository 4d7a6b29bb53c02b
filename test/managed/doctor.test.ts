// `hookit doctor` on a managed install, and the ownership rule that decides
// whether a system root (or a managed file) is out of the user's reach.
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { runDoctor } from "../../src/doctor/index.ts";
import { installSystem } from "../../src/installer/system.ts";
import { AGENT_SYSTEM_FILES, managedPolicyPath, ownershipProblem, systemRoot } from "../../src/base/managed-paths.ts";
import { packageRoot, useBuiltHookit } from "../_sandbox.ts";
import { ensureUser, rootOwnedDir, type User } from "./_user.ts";

useBuiltHookit();

describe.runIf(process.getuid?.() === 0)("managed layer: ownership and doctor", () => {
  let user: User;
  let root: string;
  let home: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    user = ensureUser();
    root = rootOwnedDir("hookit-system-");
    home = mkdtempSync(join(tmpdir(), "hookit-home-"));
    env = {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: home,
      XDG_CONFIG_HOME: join(home, "config"),
      XDG_STATE_HOME: join(home, "state"),
      HOOKIT_SYSTEM_ROOT: root,
    };
    await installSystem({ agents: ["claude", "codex"], env, uid: 0, packageRoot: packageRoot() });
  }, 60_000);

  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
    rmSync(home, { recursive: true, force: true });
  });

  test("a root-owned chain is accepted (a sticky /tmp above it too); user-owned or group-writable is not", () => {
    expect(ownershipProblem(root, "directory")).toBeUndefined();
    expect(systemRoot({ HOOKIT_SYSTEM_ROOT: root })).toEqual({ root });
    const mine = join(root, "mine");
    mkdirSync(mine);
    chownSync(mine, user.uid, user.gid);
    expect(ownershipProblem(mine, "directory")).toContain(`owned by uid ${user.uid}`);
    expect(systemRoot({ HOOKIT_SYSTEM_ROOT: mine })).toMatchObject({ root: "/", refused: expect.stringContaining("was ignored") });
    // Root's own folder inside a folder the user owns: the user can rename it away and put theirs in its place.
    const inside = join(mine, "etc");
    mkdirSync(inside);
    expect(ownershipProblem(inside, "directory")).toContain(`${mine} is owned by uid ${user.uid}`);
    const shared = join(root, "shared");
    mkdirSync(shared);
    chmodSync(shared, 0o775);
    expect(ownershipProblem(shared, "directory")).toContain("writable by its group");
    const file = join(root, "policy.json");
    writeFileSync(file, "{}");
    chmodSync(file, 0o646);
    expect(ownershipProblem(file, "file")).toContain("writable by everyone");
  });

  test("doctor: a sound managed install is ok; a policy the user could edit and a removed registration are errors with the fix", async () => {
    const sound = await runDoctor(home, env);
    const system = sound.checks.filter((c) => c.scope === "system");
    expect(system.filter((c) => c.status === "error")).toEqual([]);
    expect(system.some((c) => c.status === "ok" && c.message.includes(managedPolicyPath(root)))).toBe(true);
    expect(system.some((c) => c.agent === "claude" && c.status === "ok")).toBe(true);

    const policy = managedPolicyPath(root);
    chmodSync(policy, 0o666);
    writeFileSync(join(root, AGENT_SYSTEM_FILES.codex), "{}\n");
    try {
      const broken = await runDoctor(home, env);
      const errors = broken.checks.filter((c) => c.status === "error");
      expect(errors.find((c) => c.message.includes(policy))).toMatchObject({ fix: expect.stringContaining("sudo chown root:root") });
      expect(errors.find((c) => c.agent === "codex" && c.scope === "system")).toMatchObject({
        fix: "sudo hookit install --system --agent codex",
      });
      expect(broken.ok).toBe(false);
    } finally {
      chmodSync(policy, 0o644);
    }
  }, 60_000);
});
