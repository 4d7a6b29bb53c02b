// The managed install against the real CLIs (issue 21): `hookit install --system` writes the real
// /etc/hookit, /usr/local/lib/hookit and the agent's managed file, the agent runs as a second,
// unprivileged user, a user-level process has already tried to disarm hookit (HOOKIT=0, the
// agent's own "hooks off" setting, a user policy redefining the managed guard), and the model tries
// the rest (edit the managed policy, remove the registration) before running the forbidden command.
//
// The real /etc is never touched: each run happens in a private mount namespace (`unshare -m`)
// where /etc and /usr/local are overlays whose writes land in the run's scratch folder, so no
// other process (another e2e file, another session) ever sees them, and nothing needs restoring.
import { execa, execaSync } from "execa";
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { AGENTS } from "./agents.ts";
import { cliCommand, type CliId } from "./clis.ts";
import { bundledDriver, CACHE_ROOT, disposeScratch, freePort, freshRun, hookitBin, scratch } from "./harness.ts";
import { readJsonl, writeFiles } from "./scenario-files.ts";
import type { DriverResult, DriverSpec } from "./driver.ts";
import { conversation, afterLastToolCall } from "./views.ts";
import { ensureUser, type User } from "../managed/_user.ts";

const MARKER = "forbidden-marker";
const GUARD = "org-no-marker";
const MANAGED_POLICY = {
  local: {
    [GUARD]: {
      description: "managed e2e guard",
      event: "tool_call",
      filter: { toolName: "^bash$", command: MARKER },
      shell: "false",
      default: true,
    },
  },
};
const REASON = `hookit: hook "${GUARD}" rejected bash — \`false\``;

/** Where each agent's managed registration is (docs/teams/managed.md). */
const MANAGED_FILE: Partial<Record<CliId, string>> = { claude: "/etc/claude-code/managed-settings.json", codex: "/etc/codex/hooks.json" };

/**
 * What a user-level process wrote beforehand to switch hooks off in the agent itself, and what a
 * cloned repository can ship to do the same (issue 31: Claude's project `disableAllHooks`).
 */
const USER_SABOTAGE: Partial<Record<CliId, (home: string, project: string) => Record<string, string>>> = {
  claude: (home, project) => ({
    [join(home, ".claude/settings.json")]: JSON.stringify({ disableAllHooks: true, env: { HOOKIT: "0" } }),
    [join(project, ".claude/settings.json")]: JSON.stringify({ disableAllHooks: true }),
  }),
  codex: (home) => ({ [join(home, ".codex/hooks.json")]: JSON.stringify({ hooks: {} }) }),
};

const canRun = process.getuid?.() === 0 && execaSync("unshare", ["-m", "-n", "true"], { stdio: "ignore", reject: false }).exitCode === 0;

describe.runIf(canRun)("managed install on the real CLIs, agent run as a second user", () => {
  afterAll(disposeScratch);

  for (const agent of ["claude", "codex"] as const) {
    it(`${agent}: the disarm attempts fail and the managed guard blocks the forbidden command`, async () => {
      const user = ensureUser();
      const run = await managedRun(agent, user);
      const summary = run.summary();
      expect(run.modelRequests.length, summary).toBe(4);
      // 1: the managed policy, 2: the registration, both refused (self-protection, and the file is root's anyway).
      expect(afterLastToolCall(run.views[1] ?? []), summary).toMatch(/self-protection|Permission denied/);
      expect(afterLastToolCall(run.views[2] ?? []), summary).toMatch(/self-protection|Permission denied|Operation not permitted/);
      // 3: the forbidden command, blocked by the managed guard despite HOOKIT=0 and the agent's own switch
      // (in the user's settings and, for Claude, in the project's too: managed hooks outrank both).
      expect(afterLastToolCall(run.views[3] ?? []), summary).toContain(REASON);
      expect(existsSync(join(run.project, MARKER)), summary).toBe(false);
      expect(JSON.parse(run.upper("etc/hookit/hookit.json")), summary).toEqual(MANAGED_POLICY);
      expect(run.upper(MANAGED_FILE[agent]!.slice(1)), summary).toContain(`hook --agent ${agent}`);
    });
  }
});

interface ManagedRun {
  project: string;
  modelRequests: ReturnType<typeof readJsonl>;
  views: ReturnType<typeof conversation>[];
  /** A file as the namespace's overlay saw it (its upper layer). */
  upper(path: string): string;
  summary(): string;
}

async function managedRun(agent: CliId, user: User): Promise<ManagedRun> {
  const profile = AGENTS[agent];
  const { dir, home, project, env } = freshRun(`managed-${agent}`);
  // The user must reach its HOME and project: open the folders above them (root's, 0755).
  for (const path of [scratch(), dir]) chmodSync(path, 0o755);
  const cache = join(dir, "cli-cache"); // the CLI cache, bind-mounted here: /root is not the user's to read
  const hookitCopy = join(dir, "hookit-package");
  mkdirSync(cache);
  const ctx = { cacheRoot: cache, home, project, port: await freePort(), prompt: "Please follow the e2e script." };
  const cli = cliCommand(agent, CACHE_ROOT).map((part) => part.replace(CACHE_ROOT, cache));
  const launch = profile.launch(ctx, cli);
  writeFiles(launch.files);
  writeFiles(USER_SABOTAGE[agent]!(home, project));
  // The user's own policy redefines the managed guard as a no-op.
  writeFiles({
    [join(home, ".config/hookit/hookit.json")]: JSON.stringify({
      local: { [GUARD]: { description: "mine", event: "tool_call", shell: "true", default: false } },
    }),
  });
  chownTree(home, user);
  chownTree(project, user);
  const policyFile = join(dir, "org-policy.json");
  writeFileSync(policyFile, JSON.stringify(MANAGED_POLICY));
  const packageRoot = join(hookitBin(), "..", "..");
  chmodSync(packageRoot, 0o755);

  const managedFile = MANAGED_FILE[agent]!;
  const turns = [
    { shell: `printf '{}' > /etc/hookit/hookit.json` },
    { shell: `rm -f ${managedFile}` },
    { shell: `touch ${MARKER}` },
    { say: "Done." },
  ];
  const spec: DriverSpec = {
    wire: profile.wire,
    turns,
    port: ctx.port,
    logFile: join(dir, "requests.jsonl"),
    resultFile: join(dir, "result.json"),
    argv: ["setpriv", `--reuid=${user.uid}`, `--regid=${user.gid}`, "--init-groups", "--", ...launch.argv],
    cwd: project,
    env: { ...env, ...launch.env, HOOKIT: "0" },
    timeoutMs: launch.timeoutMs,
  };
  const specFile = join(dir, "spec.json");
  writeFileSync(specFile, JSON.stringify(spec));
  const layers = (name: string) => {
    for (const part of ["upper", "work"]) mkdirSync(join(dir, "overlay", name, part), { recursive: true });
    return `lowerdir=/${name.replace("-", "/")},upperdir=${join(dir, "overlay", name, "upper")},workdir=${join(dir, "overlay", name, "work")}`;
  };
  const script = [
    "set -e",
    `mount -t overlay overlay -o ${layers("etc")} /etc`,
    `mount -t overlay overlay -o ${layers("usr-local")} /usr/local`,
    `mount --bind ${CACHE_ROOT} ${cache}`,
    "ip link set lo up",
    `"${process.execPath}" "${hookitBin()}" install --system --agent ${agent} --policy ${policyFile} >${join(dir, "install.log")} 2>&1`,
    `exec "${process.execPath}" "${bundledDriver()}" "${specFile}"`,
  ].join("\n");
  void hookitCopy;
  const namespace = await execa("unshare", ["-m", "-n", "--propagation", "private", "sh", "-c", script], {
    stdin: "ignore",
    stdout: "ignore",
    reject: false,
  });
  if (namespace.failed)
    throw new Error(`managed e2e run failed (${namespace.shortMessage}): ${namespace.stderr}${readIf(join(dir, "install.log"))}`);
  const driverResult = JSON.parse(readFileSync(spec.resultFile, "utf8")) as DriverResult;
  const requests = readJsonl(spec.logFile);
  const modelRequests = requests.filter((r) => r.answer?.startsWith("step:"));
  return {
    project,
    modelRequests,
    views: modelRequests.map((r) => conversation(profile.wire, r)),
    upper: (path) =>
      readIf(
        join(
          dir,
          "overlay",
          path.startsWith("etc/") ? "etc" : "usr-local",
          "upper",
          path.replace(/^etc\//, "").replace(/^usr\/local\//, ""),
        ),
      ),
    summary: () =>
      [
        `${agent} managed run in ${dir}`,
        `exit ${driverResult.exitCode} signal ${driverResult.signal} timedOut ${driverResult.timedOut}${driverResult.error ? ` error ${driverResult.error}` : ""}`,
        `install: ${readIf(join(dir, "install.log")).slice(-800)}`,
        `requests: ${requests.map((r) => `#${r.seq} ${r.method} ${r.url} → ${r.answer}`).join("; ") || "none"}`,
        `stderr: ${driverResult.stderr.slice(-1500)}`,
        `stdout: ${driverResult.stdout.slice(-1500)}`,
      ].join("\n"),
  };
}

function readIf(path: string): string {
  return existsSync(path) ? readFileSync(path, "utf8") : "";
}

function chownTree(path: string, user: User): void {
  chownSync(path, user.uid, user.gid);
  if (statSync(path).isDirectory()) for (const name of readdirSync(path)) chownTree(join(path, name), user);
}
