// Self-protection judges a glob on what the shell could expand it to: entries
// that exist when the call is made, dot names only for a pattern that starts
// with a dot. A protected place that is not there is matched by no pattern (an
// unmatched pattern stays a literal name), so `rm -rf ./*` in a project root
// without OpenCode's config is honest work, while the same line next to an
// `opencode.json`, or `rm -rf ./.*` next to `.hookit`, is refused. Through
// `hookit hook` on every agent's payload shape, in a project whose work is all
// committed (so nothing but self-protection has a reason to refuse).
import { execFileSync } from "node:child_process";
import { mkdirSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { AGENTS, type Box, decide, useStarterBox } from "../starter/_agents.ts";

const starter = useStarterBox();
let box: Box;

beforeAll(() => {
  const base = starter();
  const project = join(realpathSync(join(base.project, "..")), "committed");
  mkdirSync(join(project, "src"), { recursive: true });
  writeFileSync(join(project, "src", "main.ts"), "export {};\n");
  writeFileSync(join(project, "README.md"), "# readme\n");
  const git = (...args: string[]) =>
    execFileSync("git", args, {
      cwd: project,
      stdio: "ignore",
      env: { ...base.env, GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@t", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@t" },
    });
  git("init", "-q");
  git("add", ".");
  git("commit", "-qm", "init");
  box = { ...base, project };
});

const agents = Object.keys(AGENTS);
const SELF = /^hookit: blocked by self-protection/;
const run = (agent: string, command: string) => decide(box, agent, { kind: "bash", command }, { process: agent === "claude" });

describe.each(agents)("globs on %s", (agent) => {
  test.each(["rm -rf ./*", "rm -rf *", "rm -f ./*.json", "cd src && rm -rf ../*"])(
    "%s passes when no protected file is there",
    async (command) => {
      expect(await run(agent, command)).toBeUndefined();
    },
  );

  test("the same line is refused once OpenCode's config is there; dot patterns still reach .hookit", async () => {
    const config = join(box.project, "opencode.json");
    writeFileSync(config, "{}\n");
    try {
      expect(await run(agent, "rm -rf ./*")).toMatch(SELF);
      expect(await run(agent, "rm -f ./*.json")).toMatch(SELF);
    } finally {
      rmSync(config);
    }
    mkdirSync(join(box.project, ".hookit"), { recursive: true });
    writeFileSync(join(box.project, ".hookit", "hookit.json"), "{}\n");
    try {
      expect(await run(agent, "rm -rf ./.*")).toMatch(SELF);
      expect(await run(agent, "rm -rf .hoo*")).toMatch(SELF);
    } finally {
      rmSync(join(box.project, ".hookit"), { recursive: true });
    }
  });
});
