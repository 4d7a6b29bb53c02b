// Factory droid's installer: hooks.json holds the event map at its top level (droid
// 0.225.2 runs nothing from a file wrapped in {"hooks": …}), the user's entries and
// flags stay, and the install says when droid would now skip the user's settings.json hooks.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { installAgents, TARGETS } from "../../../src/installer/index.ts";
import { PREFIX, applyOptions, sandbox, write } from "../../install/_helpers.ts";

const target = TARGETS.factory;
const command = (event: string) => `${PREFIX} hook --agent factory ${event}${event === "PreToolUse" ? " || exit 2" : ""}`;
const handler = (event: string) => ({ type: "command", command: command(event), timeout: 30 });

describe("factory: hooks.json", () => {
  it("writes the events at the top level, Claude's nested entries, timeouts in seconds", async () => {
    const created = target.apply(undefined, await applyOptions("factory")).text!;
    expect(JSON.parse(created)).toEqual({
      PreToolUse: [{ matcher: "*", hooks: [handler("PreToolUse")] }],
      PostToolUse: [{ matcher: "*", hooks: [handler("PostToolUse")] }],
      Stop: [{ hooks: [handler("Stop")] }],
    });
    expect(target.emptyText).toBe("{}\n");
  });

  it("keeps droid's flags and a user's handler that shares a group with hookit's", async () => {
    const mixed = JSON.stringify(
      {
        hooksDisabled: false,
        Stop: [{ hooks: [{ type: "command", command: "./notify.sh" }, handler("Stop")] }],
      },
      null,
      2,
    );
    const installed = JSON.parse(target.apply(mixed, await applyOptions("factory")).text!);
    expect(installed.hooksDisabled).toBe(false);
    // hookit's handler leaves the user's group and comes back in a group of its own.
    expect(installed.Stop).toEqual([{ hooks: [{ type: "command", command: "./notify.sh" }] }, { hooks: [handler("Stop")] }]);
    expect(JSON.parse(target.remove(JSON.stringify(installed)).text!)).toEqual({
      hooksDisabled: false,
      Stop: [{ hooks: [{ type: "command", command: "./notify.sh" }] }],
    });
  });

  it("warns when hooksDisabled turns every droid hook off", () => {
    expect(target.warnings!('{ "hooksDisabled": true }')).toEqual([expect.stringContaining('"hooksDisabled": true')]);
    expect(target.warnings!('{ "hooksDisabled": false, "PreToolUse": [] }')).toEqual([]);
  });
});

describe("factory: where it installs", () => {
  it("uses FACTORY_HOME_OVERRIDE in place of HOME for the global file, as droid does", async () => {
    const box = sandbox();
    const override = join(box.home, "elsewhere");
    const report = await installAgents({
      agents: ["droid"],
      scope: "global",
      env: { ...box.env, FACTORY_HOME_OVERRIDE: override },
      packageRoot: box.root,
      nodePath: "/usr/bin/node",
    });
    expect(report.outcomes).toMatchObject([{ agent: "factory", file: join(override, ".factory", "hooks.json"), action: "create" }]);
  });

  it.each(["project", "global"] as const)("%s: tells the user to move settings.json hooks that hooks.json now hides", async (scope) => {
    const box = sandbox();
    const folder = scope === "project" ? join(box.repo, ".factory") : join(box.home, ".factory");
    const settings = join(folder, "settings.json");
    write(
      settings,
      JSON.stringify({
        customModels: [],
        hooks: {
          PreToolUse: [{ matcher: "Execute", hooks: [{ type: "command", command: "./guard.sh" }] }],
          Stop: [],
          SessionStart: [{ hooks: [] }],
        },
      }),
    );
    const options = { agents: ["factory"], scope, env: box.env, cwd: box.repo, packageRoot: box.root, nodePath: "/usr/bin/node" };
    const report = await installAgents(options);
    // Only PreToolUse: Stop is empty there, and hookit does not register SessionStart.
    expect(report.outcomes[0]!.nextSteps[0]).toBe(
      `Move the PreToolUse hooks from ${settings} into ${join(folder, "hooks.json")}: ` +
        "droid ignores a settings.json event that hooks.json also lists, so those hooks no longer run.",
    );
    expect(readFileSync(settings, "utf8")).toContain("./guard.sh");
  });

  it("says nothing about settings.json when it has no hooks for hookit's events", async () => {
    const box = sandbox();
    write(join(box.repo, ".factory", "settings.json"), '{ "hooks": { "SessionStart": [{ "hooks": [] }] } }');
    const report = await installAgents({
      agents: ["factory"],
      env: box.env,
      cwd: box.repo,
      packageRoot: box.root,
      nodePath: "/usr/bin/node",
    });
    expect(report.outcomes[0]!.nextSteps).toEqual(["Restart any session that is already open: it still runs without hookit."]);
  });
});
