// `hookit install --agent opencode`: hookit's plugin module in the `plugin`
// array of opencode.json, around the user's own plugins and comments, exactly
// undone by uninstall; and the agent name, scopes and build checks around it.
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { installAgents, InstallError, resolveAgentNames, TARGETS, uninstallAgents } from "../../../src/installer/index.ts";
import { isHookitOpencodePlugin, opencodePluginPath } from "../../../src/agents/opencode/install.ts";
import { sandbox, write } from "../../install/_helpers.ts";

const target = TARGETS.opencode;
const EXTENSION = "/opt/hookit/dist/pi.mjs";
const PLUGIN = "/opt/hookit/dist/opencode.mjs";
const options = (extensionPath = EXTENSION) => ({ commandPrefix: "", registrations: [], extensionPath, file: "opencode.json" });

const USER = `{
  // team config
  "model": "anthropic/claude-sonnet",
  "plugin": [
    "opencode-wakatime", // time tracking
    "./plugins/review.ts",
  ],
}
`;

describe("the transforms", () => {
  it("appends hookit's plugin after the user's, keeps every comment, and uninstalls to the same bytes", () => {
    const installed = target.apply(USER, options());
    expect(installed.changed).toBe(true);
    expect(installed.text).toContain("// time tracking");
    expect(installed.text).toContain("// team config");
    expect(installed.text).toMatch(/"\.\/plugins\/review\.ts",\s*"\/opt\/hookit\/dist\/opencode\.mjs"/);
    expect(target.apply(installed.text, options())).toEqual({ text: installed.text, changed: false });
    expect(target.remove(installed.text, { file: "opencode.json" })).toEqual({ text: USER, changed: true });
  });

  it("creates a minimal file and removes it back to the empty text", () => {
    const created = target.apply(undefined, options());
    expect(JSON.parse(created.text!)).toEqual({ plugin: [PLUGIN] });
    expect(target.remove(created.text).text).toBe(target.emptyText);
  });

  it("replaces a moved hookit instead of adding a second one", () => {
    const first = target.apply(USER, options()).text;
    const moved = target.apply(first, options("/srv/tools/hookit/dist/pi.mjs")).text!;
    expect(moved.match(/dist\/opencode\.mjs/g)).toHaveLength(1);
    expect(moved).toContain('"/srv/tools/hookit/dist/opencode.mjs"');
    expect(moved).toBe(target.apply(USER, options("/srv/tools/hookit/dist/pi.mjs")).text);
  });

  it("recognises its entry as a path or a file URL, and leaves other packages' opencode.mjs alone", () => {
    expect(isHookitOpencodePlugin("file:///opt/hookit/dist/opencode.mjs")).toBe(true);
    expect(isHookitOpencodePlugin("/home/me/node_modules/hookit/dist/opencode.mjs")).toBe(true);
    expect(isHookitOpencodePlugin("/home/me/other-tool/dist/opencode.mjs")).toBe(false);
    expect(isHookitOpencodePlugin("/custom/place/opencode.mjs", "/custom/place/opencode.mjs")).toBe(true);
    const text = '{ "plugin": ["file:///opt/hookit/dist/opencode.mjs", "/home/me/other-tool/dist/opencode.mjs"] }\n';
    expect(JSON.parse(target.remove(text).text!)).toEqual({ plugin: ["/home/me/other-tool/dist/opencode.mjs"] });
  });

  it("refuses a `plugin` that is not an array, and a package root it cannot name", () => {
    expect(() => target.apply('{ "plugin": "x" }', options())).toThrow(/`plugin` is a string, expected an array/);
    expect(() => target.apply(undefined, options(""))).toThrow(InstallError);
    expect(() => opencodePluginPath("dist/pi.mjs")).toThrow(/cannot name its OpenCode plugin/);
  });

  it("writes the global config under XDG_CONFIG_HOME, else ~/.config", () => {
    expect(target.globalFile({ HOME: "/home/u" })).toBe("/home/u/.config/opencode/opencode.json");
    expect(target.globalFile({ HOME: "/home/u", XDG_CONFIG_HOME: "/cfg" })).toBe("/cfg/opencode/opencode.json");
    expect(target.projectFile).toBe("opencode.json");
  });
});

describe("installAgents", () => {
  it("names this package's dist/opencode.mjs, needs no hook command, and trusts the project policy", async () => {
    const box = sandbox();
    write(join(box.repo, ".hookit", "hookit.json"), '{ "local": {} }\n');
    const base = { agents: ["opencode"], env: box.env, cwd: box.repo, packageRoot: box.root } as const;
    const report = await installAgents({ ...base, agents: [...base.agents] });
    expect(report.outcomes).toMatchObject([
      { agent: "opencode", title: "OpenCode", file: join(box.repo, "opencode.json"), action: "create" },
    ]);
    expect(JSON.parse(readFileSync(join(box.repo, "opencode.json"), "utf8"))).toEqual({ plugin: [join(box.root, "dist", "opencode.mjs")] });
    expect(report.trusted).toBe(join(box.repo, ".hookit", "hookit.json"));
    expect(report.outcomes[0]!.nextSteps.join("\n")).toMatch(/installs OpenCode's plugin package/);
    await uninstallAgents({ ...base, agents: [...base.agents] });
    expect(existsSync(join(box.repo, "opencode.json"))).toBe(false);
  });

  it("asks for a build when dist/opencode.mjs is missing; --command cannot stand in for it", async () => {
    const box = sandbox();
    rmSync(join(box.root, "dist", "opencode.mjs"));
    const run = installAgents({ agents: ["opencode"], env: box.env, cwd: box.repo, packageRoot: box.root, command: "hookit" });
    await expect(run).rejects.toMatchObject({ code: "E_NOT_BUILT", message: expect.stringContaining("OpenCode plugin is missing") });
  });

  it("knows the name, and finds OpenCode by its config directory for `--agent all`", () => {
    const box = sandbox();
    expect(resolveAgentNames(["OpenCode"], box.env, "install")).toEqual(["opencode"]);
    write(join(box.home, ".config", "opencode", "opencode.json"), "{}\n");
    expect(resolveAgentNames("all", box.env, "install")).toContain("opencode");
  });
});
