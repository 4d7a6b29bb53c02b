// `npm pack` of a checkout ships a built dist/ (the `prepare` script), and the tarball
// installed into a scratch prefix gives a working `hookit`: --version, init, install,
// doctor. Offline: hookit has no runtime dependencies, so nothing is fetched.
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { isHookitOpencodePlugin } from "../../src/agents/opencode/install.ts";
import { isHookitPiExtension } from "../../src/install/marker.ts";

const REPO = resolve(import.meta.dirname, "../..");
const root = mkdtempSync(join(tmpdir(), "hookit-pack-"));
const checkout = join(root, "checkout");
const prefix = join(root, "prefix");
const home = join(root, "home");
const project = join(root, "project");
const npxProject = join(root, "npx-project");
// No registry is needed, and none may be reached.
const npmEnv = {
  ...process.env,
  npm_config_offline: "true",
  npm_config_audit: "false",
  npm_config_fund: "false",
  npm_config_update_notifier: "false",
  npm_config_cache: join(root, "npm-cache"),
};
let tarball = "";

beforeAll(() => {
  // A copy of the checkout as git sees it, without dist/: packing must build it.
  const files = execFileSync("git", ["ls-files", "-co", "--exclude-standard"], { cwd: REPO, encoding: "utf8" }).split("\n").filter(Boolean);
  for (const file of files) {
    // node_modules is linked below (in a worktree it is an untracked symbolic link git lists)
    if (file.startsWith("dist/") || file === "node_modules") continue;
    mkdirSync(dirname(join(checkout, file)), { recursive: true });
    try {
      cpSync(join(REPO, file), join(checkout, file));
    } catch {
      // a file deleted in the work tree but still listed
    }
  }
  symlinkSync(join(REPO, "node_modules"), join(checkout, "node_modules"));
  execFileSync("npm", ["pack", "--pack-destination", root], { cwd: checkout, env: npmEnv, stdio: "ignore" });
  tarball = join(root, readdirSync(root).find((name) => name.endsWith(".tgz"))!);
  execFileSync("npm", ["install", "-g", "--prefix", prefix, tarball], { cwd: root, env: npmEnv, stdio: "ignore" });
  // The way a first-time user meets it: a local install in a project, then `npx hookit-cli`.
  mkdirSync(npxProject, { recursive: true });
  execFileSync("npm", ["install", "--no-save", tarball], { cwd: npxProject, env: npmEnv, stdio: "ignore" });
  mkdirSync(join(project, ".git"), { recursive: true });
  mkdirSync(join(home, ".claude"), { recursive: true });
}, 180_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const hookit = (...args: string[]) =>
  spawnSync(join(prefix, "bin", "hookit"), args, {
    cwd: project,
    env: {
      PATH: `${join(prefix, "bin")}:${dirname(process.execPath)}:/usr/bin:/bin`,
      HOME: home,
      XDG_CONFIG_HOME: join(home, ".config"),
      XDG_STATE_HOME: join(home, ".state"),
    },
    encoding: "utf8",
  });

describe("the packed tarball", () => {
  test("is named hookit-cli (the npm name hookit is another project) and keeps the hookit bin", () => {
    expect(basename(tarball)).toMatch(/^hookit-cli-\d+\.\d+\.\d+\.tgz$/);
    const installed = JSON.parse(readFileSync(join(prefix, "lib", "node_modules", "hookit-cli", "package.json"), "utf8"));
    expect(installed.name).toBe("hookit-cli");
    expect(installed.bin).toEqual({ hookit: "dist/bin.cjs" });
  });

  test("npx hookit-cli init runs offline from a local install", () => {
    const init = spawnSync("npx", ["--no-install", "hookit-cli", "init"], {
      cwd: npxProject,
      env: { ...npmEnv, HOME: home, XDG_CONFIG_HOME: join(home, ".config"), XDG_STATE_HOME: join(home, ".state") },
      encoding: "utf8",
    });
    expect(init.status, init.stdout + init.stderr).toBe(0);
    expect(existsSync(join(npxProject, ".hookit", "hookit.json"))).toBe(true);
  });

  test("ships dist/ and installs a working hookit", () => {
    const listing = execFileSync("tar", ["-tzf", tarball], { encoding: "utf8" });
    expect(listing).toContain("package/dist/bin.cjs");
    expect(listing).toContain("package/dist/hook.cjs");
    // The hot path's code caches ship with the code; Node's compile cache is each install's own.
    expect(listing).toContain(`package/dist/hook.cjs.${process.version}.cache`);
    expect(listing).not.toContain("compile-cache");
    const version = hookit("--version");
    expect(version.status).toBe(0);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });

  test("init → install --agent claude → doctor", () => {
    expect(hookit("init").status).toBe(0);
    const install = hookit("install", "--agent", "claude");
    expect(install.status, install.stderr).toBe(0);
    expect(install.stdout).toContain(join(project, ".claude", "settings.json"));
    const doctor = hookit("doctor");
    expect(doctor.status, doctor.stdout + doctor.stderr).toBe(0);
    expect(doctor.stdout).toMatch(/✓ \[claude project\] Claude Code: installed in .*; the hook command runs/);
    // The hooks run the installed package, not the checkout it was packed from.
    expect(doctor.stdout).not.toContain(checkout);
  });
});

describe("the installed package folder is node_modules/hookit-cli", () => {
  test("hookit still knows its own Pi extension and OpenCode plugin there, and nothing else", () => {
    expect(isHookitPiExtension("/usr/lib/node_modules/hookit-cli/dist/pi.mjs")).toBe(true);
    expect(isHookitOpencodePlugin("/usr/lib/node_modules/hookit-cli/dist/opencode.mjs")).toBe(true);
    expect(isHookitPiExtension("/usr/lib/node_modules/hookit-clipper/dist/pi.mjs")).toBe(false);
    expect(isHookitOpencodePlugin("/usr/lib/node_modules/other/dist/opencode.mjs")).toBe(false);
  });
});
