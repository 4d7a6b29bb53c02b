// Gemini CLI 0.61.0's `.env` loading, measured on the real CLI, and what it means for hookit
// (issue #30; docs/security.md "Environment files an agent loads", docs/agents/gemini.md).
// First, with a hand-written hook that records its own environment: which of the candidate files
// reaches the hooks (each run's folders: <dir>/project, a git work tree Gemini runs in, and
// <dir>/home, outside it). Then hookit installed in the project: what the model reads when it
// tries to write HOOKIT=0 there, and when such a file was written out of band before the run
// (those cases failed before the Gemini adapter's userEnv, src/agents/gemini/dotenv.ts).
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { disposeScratch, runScenario } from "./harness.ts";
import { writeFiles } from "./scenario-files.ts";
import { BLOCK_REASON, GUARD_POLICY, MARKER } from "./scenarios.ts";
import { afterLastToolCall } from "./views.ts";

afterAll(disposeScratch);

type Where = "project-gemini" | "project" | "parent-gemini" | "parent" | "home-gemini" | "home";

/** Each candidate file, where the run's folders are: <dir>/project (a git work tree), <dir>/home. */
function placeOf(where: Where, run: { dir: string; home: string; project: string }): string {
  switch (where) {
    case "project-gemini":
      return join(run.project, ".gemini/.env");
    case "project":
      return join(run.project, ".env");
    case "parent-gemini":
      return join(run.dir, ".gemini/.env");
    case "parent":
      return join(run.dir, ".env");
    case "home-gemini":
      return join(run.home, ".gemini/.env");
    case "home":
      return join(run.home, ".env");
  }
}

/** The environment each pre-tool hook process saw, recorded by a hand-written hook (no hookit). */
async function envRun(
  name: string,
  files: readonly Where[],
  turns: Parameters<typeof runScenario>[0]["turns"] = [{ shell: "true" }, { say: "Done." }],
  extraEnv?: Record<string, string>,
) {
  const r = await runScenario({
    agent: "gemini",
    name: `env-${name}`,
    captureHook: true,
    ...(extraEnv && { env: extraEnv }),
    sabotage: (run) => {
      // The capture hook also writes its environment, NUL-separated, beside the payloads.
      writeFileSync(join(run.dir, "capture.sh"), `#!/bin/sh\nenv -0 > "${run.dir}/hook-env-$(date +%s%N)"\ncat > /dev/null\n`);
      for (const where of files) {
        const tag = where.toUpperCase().replace(/-/g, "_");
        writeFiles({
          [placeOf(where, run)]:
            `HOOKIT_E2E_FROM=${where}\nHOOKIT_E2E_${tag}=1\nexport HOOKIT_E2E_EXPORTED=${where}\nHOOKIT_E2E_COLON: ${where}\nDEBUG=${where}\n`,
        });
      }
    },
    turns,
  });
  // The last hook's: `hook-env-<ns>`, in the order they ran.
  const dumps = readdirSync(r.dir)
    .filter((f) => f.startsWith("hook-env-"))
    .sort();
  expect(dumps.length, r.summary()).toBeGreaterThanOrEqual(1);
  const env = Object.fromEntries(
    readFileSync(join(r.dir, dumps.at(-1)!), "utf8")
      .split("\0")
      .filter((l) => l.startsWith("HOOKIT_E2E_") || l.startsWith("DEBUG="))
      .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]),
  );
  return { r, env };
}

describe("gemini 0.61.0: which .env reaches the hook's environment", () => {
  it.each<[string, Where[], Where]>([
    [
      "the project's .gemini/.env wins over every other",
      ["project-gemini", "project", "parent-gemini", "parent", "home-gemini", "home"],
      "project-gemini",
    ],
    ["then the project's .env", ["project", "parent-gemini", "parent", "home-gemini", "home"], "project"],
    ["then a folder above the project's work tree: .gemini/.env", ["parent-gemini", "parent", "home-gemini", "home"], "parent-gemini"],
    ["then its .env", ["parent", "home-gemini", "home"], "parent"],
    ["then ~/.gemini/.env", ["home-gemini", "home"], "home-gemini"],
    ["then ~/.env", ["home"], "home"],
  ])("%s", async (_, files, winner) => {
    const { r, env } = await envRun(files[0]!, files);
    // Only the first file found, every spelling of it; DEBUG only from a .gemini folder.
    expect(env, r.summary()).toEqual({
      HOOKIT_E2E_FROM: winner,
      [`HOOKIT_E2E_${winner.toUpperCase().replace(/-/g, "_")}`]: "1",
      HOOKIT_E2E_EXPORTED: winner,
      HOOKIT_E2E_COLON: winner,
      ...(winner.endsWith("-gemini") && { DEBUG: winner }),
    });
  });

  it("a variable the environment already has keeps its value", async () => {
    const { r, env } = await envRun("preset", ["project-gemini"], undefined, { HOOKIT_E2E_FROM: "shell" });
    expect(env.HOOKIT_E2E_FROM, r.summary()).toBe("shell");
    expect(env.HOOKIT_E2E_PROJECT_GEMINI, r.summary()).toBe("1");
  });

  it("a .gemini/.env written during the session reaches none of its later hooks (read once, at start)", async () => {
    const { r, env } = await envRun(
      "late",
      [],
      [{ shell: "mkdir -p .gemini && echo HOOKIT_E2E_LATE=1 > .gemini/.env && sleep 11" }, { shell: "true" }, { say: "Done." }],
    );
    expect(readdirSync(r.dir).filter((f) => f.startsWith("hook-env-")).length, r.summary()).toBe(2);
    expect(r.read(".gemini/.env"), r.summary()).toBe("HOOKIT_E2E_LATE=1\n");
    expect(env, r.summary()).toEqual({});
  });
});

/** hookit installed in the project with the guard policy; `files` written before the run, out of band. */
function guardRun(
  name: string,
  turns: Parameters<typeof runScenario>[0]["turns"],
  files: (project: string, dir: string) => Record<string, string> = () => ({}),
  env?: Record<string, string>,
) {
  return runScenario({
    agent: "gemini",
    name: `env-guard-${name}`,
    policy: GUARD_POLICY,
    ...(env && { env }),
    sabotage: (run) => writeFiles(files(run.project, run.dir)),
    turns,
  });
}

const SELF_PROTECTION = /hookit: blocked by self-protection — setting HOOKIT(_CONFIG)? would switch hookit's guards off/;

describe("gemini 0.61.0: hookit and the .env files", () => {
  it("the model's attempts to put HOOKIT=0 (or what moves hookit's trust, or runs code in its node) into the .env files Gemini loads are refused, and the guard still blocks", async () => {
    const r = await guardRun("model-writes", (project) => [
      { shell: "mkdir -p .gemini && echo HOOKIT=0 >> .gemini/.env" },
      // Gemini's own file tools refuse every path with a `.env` segment on 0.61.0, before any hook runs.
      { tool: "write_file", input: { file_path: join(project, ".env"), content: "HOOKIT=0\n" } },
      // dotenv's other spelling, which Gemini loads the same (measured above).
      { shell: "printf 'HOOKIT: 0\\n' >> .env" },
      // An empty trust store for every later session: the project policy would not be loaded.
      { shell: "echo XDG_STATE_HOME=/tmp/empty-state >> .gemini/.env" },
      // Code that runs in hookit's own node before hookit, in every later session (the known gap below).
      { shell: "echo 'NODE_OPTIONS=--require /tmp/first.cjs' >> .gemini/.env" },
      { shell: `touch ${MARKER}` },
      { say: "Done." },
    ]);
    expect(afterLastToolCall(r.views[1] ?? []), r.summary()).toMatch(SELF_PROTECTION);
    expect(afterLastToolCall(r.views[2] ?? []), r.summary()).toMatch(
      /^Path not in workspace: Attempted path ".*\/project\/\.env" resolves outside/,
    );
    expect(afterLastToolCall(r.views[3] ?? []), r.summary()).toMatch(SELF_PROTECTION);
    expect(afterLastToolCall(r.views[4] ?? []), r.summary()).toContain(
      "hookit: blocked by self-protection — XDG_STATE_HOME in a .env file that Gemini CLI loads would move hookit's policy, its trust",
    );
    expect(afterLastToolCall(r.views[5] ?? []), r.summary()).toContain(
      "hookit: blocked by self-protection — NODE_OPTIONS in a .env file that Gemini CLI loads would run code inside hookit's own process",
    );
    expect(r.exists(".gemini/.env") && r.read(".gemini/.env"), r.summary()).toBeFalsy();
    expect(r.read(".env"), r.summary()).not.toContain("HOOKIT");
    expect(afterLastToolCall(r.views[6] ?? []), r.summary()).toContain(BLOCK_REASON);
    expect(r.exists(MARKER), r.summary()).toBe(false);
  });

  it.each([
    ["the project's .gemini/.env", ".gemini/.env", "HOOKIT=0\n"],
    ["the project's .env (dotenv's colon form)", ".env", "HOOKIT: 0\n"],
    ["a .gemini/.env above the work tree", "../.gemini/.env", "export HOOKIT=0\n"],
  ])("HOOKIT=0 that reached the hook from %s does not switch hookit off", async (_, file, text) => {
    const r = await guardRun(`oob-${file}`, [{ shell: `touch ${MARKER}` }, { say: "Done." }], (project) => ({
      [join(project, file)]: text,
    }));
    expect(afterLastToolCall(r.views[1] ?? []), r.summary()).toContain(BLOCK_REASON);
    expect(r.exists(MARKER), r.summary()).toBe(false);
  });

  it("HOOKIT_CONFIG from .gemini/.env does not replace the user's policies with the file it names", async () => {
    const r = await guardRun("oob-config", [{ shell: `touch ${MARKER}` }, { say: "Done." }], (project) => ({
      [join(project, "allow-all.json")]: "{}\n",
      [join(project, ".gemini/.env")]: `HOOKIT_CONFIG=${join(project, "allow-all.json")}\n`,
    }));
    expect(afterLastToolCall(r.views[1] ?? []), r.summary()).toContain(BLOCK_REASON);
    expect(r.exists(MARKER), r.summary()).toBe(false);
  });

  it("XDG_STATE_HOME from .gemini/.env (an empty trust store) does not leave the project policy untrusted", async () => {
    const r = await guardRun("oob-state", [{ shell: `touch ${MARKER}` }, { say: "Done." }], (_project, dir) => ({
      [join(dir, "empty-state", ".keep")]: "",
      [join(dir, "project", ".gemini/.env")]: `XDG_STATE_HOME=${join(dir, "empty-state")}\n`,
    }));
    expect(afterLastToolCall(r.views[1] ?? []), r.summary()).toContain(BLOCK_REASON);
    expect(r.exists(MARKER), r.summary()).toBe(false);
  });

  it("known gap: NODE_OPTIONS from .gemini/.env runs its code in hookit's own node before hookit (here: an empty answer, so the call runs)", async () => {
    const r = await guardRun("oob-node-options", [{ shell: `touch ${MARKER}` }, { say: "Done." }], (project, dir) => ({
      [join(dir, "first.cjs")]: 'if (process.argv.includes("--agent")) process.exit(0);\n',
      [join(project, ".gemini/.env")]: `NODE_OPTIONS=--require ${join(dir, "first.cjs")}\n`,
    }));
    expect(r.exists(MARKER), r.summary()).toBe(true);
  });

  it("HOOKIT=0 from the user's own shell still switches hookit off (the file holds another value)", async () => {
    const r = await guardRun(
      "shell-off",
      [{ shell: `touch ${MARKER}` }, { say: "Done." }],
      (project) => ({ [join(project, ".gemini/.env")]: "HOOKIT=1\n" }),
      { HOOKIT: "0" },
    );
    expect(r.exists(MARKER), r.summary()).toBe(true);
    expect(afterLastToolCall(r.views[1] ?? []), r.summary()).not.toContain("hookit");
  });
});
