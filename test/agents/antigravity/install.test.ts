// Antigravity's hooks.json maps hook *names* to event configurations, so hookit owns one
// top-level entry, "hookit", in the documented shape: matcher groups for PreToolUse, bare
// handlers for the loop events. The user's other entries and comments are never touched.
import { parse } from "jsonc-parser";
import { describe, expect, it } from "vitest";
import { TARGETS } from "../../../src/installer/index.ts";
import { PREFIX, USER_FILES, applyOptions } from "../../install/_helpers.ts";

const target = TARGETS.antigravity;
const options = await applyOptions("antigravity");
// biome-ignore lint/suspicious/noExplicitAny: an agent's config file, walked by each test down its own path
const read = (text: string | undefined): Record<string, any> => parse(text ?? "", [], { allowTrailingComma: true });
const handler = (event: string) => ({
  type: "command",
  command: `${PREFIX} hook --agent antigravity ${event}${event === "PreToolUse" ? " || exit 2" : ""}`,
  timeout: 30,
});

describe("antigravity: hooks.json", () => {
  it("writes one `hookit` entry: a PreToolUse matcher group, PostInvocation and Stop handlers", () => {
    const created = target.apply(undefined, options).text;
    expect(read(created)).toEqual({
      hookit: {
        PreToolUse: [{ matcher: "*", hooks: [handler("PreToolUse")] }],
        PostInvocation: [handler("PostInvocation")],
        Stop: [handler("Stop")],
      },
    });
    expect(target.remove(created).text).toBe(target.emptyText);
  });

  it("keeps the user's entries and comments, and takes back exactly what it added", () => {
    const installed = target.apply(USER_FILES.antigravity, options).text!;
    const { hookit, ...rest } = read(installed);
    expect(rest).toEqual(read(USER_FILES.antigravity));
    expect(Object.keys(hookit)).toEqual(["PreToolUse", "PostInvocation", "Stop"]);
    expect(installed).toContain("// team hooks");
    expect(target.apply(installed, options)).toEqual({ text: installed, changed: false });
    expect(target.remove(installed)).toEqual({ text: USER_FILES.antigravity, changed: true });
  });

  it("refuses to take over a `hookit` entry it did not write, and leaves it alone on uninstall", () => {
    const theirs = '{ "hookit": { "Stop": [{ "command": "./my-own-hookit-script.sh" }] } }\n';
    expect(() => target.apply(theirs, options)).toThrow(/its "hookit" entry is not one hookit wrote/);
    expect(target.remove(theirs)).toEqual({ text: theirs, changed: false });
  });

  it("warns when the user disabled hookit's entry", () => {
    const installed = target.apply(undefined, options).text!;
    const disabled = installed.replace('"hookit": {', '"hookit": {\n    "enabled": false,');
    expect(target.warnings!(disabled)).toEqual(['"hookit".enabled is false in this file: Antigravity skips hookit\'s hooks.']);
    expect(target.warnings!(installed)).toEqual([]);
  });

  it("lives in .agents/ (project) and ~/.gemini/config/ (global)", () => {
    expect(target.projectFile).toBe(".agents/hooks.json");
    expect(target.globalFile({ HOME: "/home/me" })).toBe("/home/me/.gemini/config/hooks.json");
  });
});
