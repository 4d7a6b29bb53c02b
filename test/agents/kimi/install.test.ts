// Kimi Code's config.toml, edited as text: hookit's `[[hooks]]` tables go in one marked block
// at the end, with only the documented keys; every other byte of the user's file stays, a
// second install is a no-op, and uninstall gives back the exact original bytes.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InstallError } from "../../../src/install/errors.ts";
import { scanToml } from "../../../src/install/toml.ts";
import { TARGETS } from "../../../src/installer/index.ts";
import { BEGIN_MARKER, END_MARKER } from "../../../src/agents/kimi/install.ts";
import { PREFIX, USER_FILES, applyOptions } from "../../install/_helpers.ts";

const target = TARGETS.kimi;
const options = await applyOptions("kimi");
const command = (event: string) => `'${PREFIX} hook --agent kimi ${event}${event === "PreToolUse" ? " || exit 2" : ""}'`;
const BLOCK = [
  BEGIN_MARKER,
  "[[hooks]]",
  'event = "PreToolUse"',
  `command = ${command("PreToolUse")}`,
  "timeout = 30",
  "",
  "[[hooks]]",
  'event = "PostToolUse"',
  `command = ${command("PostToolUse")}`,
  "timeout = 30",
  "",
  "[[hooks]]",
  'event = "PostToolUseFailure"',
  `command = ${command("PostToolUseFailure")}`,
  "timeout = 30",
  "",
  "[[hooks]]",
  'event = "Stop"',
  `command = ${command("Stop")}`,
  "timeout = 30",
  END_MARKER,
  "",
].join("\n");
// The [[hooks]] keys and events Kimi Code documents (hooks page, "Configuration" and "Event Reference").
const DOCUMENTED_KEYS = new Set(["event", "matcher", "command", "timeout"]);
const DOCUMENTED_EVENTS = new Set([
  "PreToolUse",
  "PostToolUse",
  "PostToolUseFailure",
  "Stop",
  "UserPromptSubmit",
  "SessionStart",
  "SessionEnd",
  "Notification",
]);

describe("kimi: the block hookit writes", () => {
  it("is exactly the documented [[hooks]] tables between two marker comments", () => {
    const created = target.apply(undefined, options);
    expect(created).toEqual({ text: BLOCK, changed: true });
    expect(scanToml(BLOCK, "config.toml").hooksConflict).toBeUndefined();
    const keys = [...BLOCK.matchAll(/^([a-z_]+) = /gm)].map((m) => m[1]);
    expect(keys.every((key) => DOCUMENTED_KEYS.has(key!))).toBe(true);
    const events = [...BLOCK.matchAll(/^event = "(\w+)"/gm)].map((m) => m[1]!);
    expect(events.every((event) => DOCUMENTED_EVENTS.has(event))).toBe(true);
    expect(target.remove(created.text).text).toBe("");
    expect(target.emptyText).toBe("");
  });

  it("escapes a command the literal form cannot hold", () => {
    const text = target.apply(undefined, { ...options, commandPrefix: `"/home/o'brien/node" "/x/bin.cjs"` }).text!;
    expect(text).toContain(`command = "\\"/home/o'brien/node\\" \\"/x/bin.cjs\\" hook --agent kimi Stop"`);
    expect(target.remove(text).text).toBe("");
  });
});

describe("kimi: the user's file", () => {
  const cases: Array<[string, string]> = [
    ["a typical config", USER_FILES.kimi],
    ["no line break at the end", 'default_model = "k3"\n[[hooks]]\nevent = "Stop"\ncommand = "./done.sh"'],
    ["CRLF line breaks", "telemetry = false\r\n\r\n[thinking]\r\nenabled = true\r\n"],
    ["blank lines at the end", "telemetry = true\n\n\n"],
    ["only a comment", "# nothing yet"],
    ["an empty file", ""],
    ["a table last, so the block must not join it", "[loop_control]\nmax_attempts_per_step = 10\n"],
  ];
  it.each(cases)("%s: kept byte for byte, block appended once, uninstall exact", (_, original) => {
    const installed = target.apply(original, options).text!;
    expect(installed.startsWith(original)).toBe(true);
    expect(installed.endsWith(original.includes("\r\n") ? BLOCK.replace(/\n/g, "\r\n") : BLOCK)).toBe(true);
    expect(scanToml(installed, "config.toml").comments.filter((c) => c.text === BEGIN_MARKER)).toHaveLength(1);
    expect(target.apply(installed, options)).toEqual({ text: installed, changed: false });
    expect(target.remove(installed)).toEqual({ text: original, changed: true });
  });

  it("replaces the block when the command moves, and moves it back to the end", () => {
    const installed = target.apply(USER_FILES.kimi, options).text!;
    const moved = target.apply(installed, { ...options, commandPrefix: "hookit" }).text!;
    expect(moved).toBe(target.apply(USER_FILES.kimi, { ...options, commandPrefix: "hookit" }).text);
    expect(moved).not.toContain(PREFIX);
    const edited = `${installed}[background]\nmax_running_tasks = 2\n`;
    const reinstalled = target.apply(edited, options).text!;
    expect(reinstalled).toBe(`${USER_FILES.kimi}[background]\nmax_running_tasks = 2\n\n${BLOCK}`);
    expect(target.remove(reinstalled).text).toBe(`${USER_FILES.kimi}[background]\nmax_running_tasks = 2\n`);
  });

  it("ignores marker-like text that is not a comment line", () => {
    const text = `note = """\n${BEGIN_MARKER}\n"""\n`;
    expect(target.remove(text)).toEqual({ text, changed: false });
    expect(target.remove(target.apply(text, options).text).text).toBe(text);
  });

  it("refuses a file whose `hooks` [[hooks]] tables would clash with, naming the line", () => {
    const text = 'model = "k3"\nhooks = [ { event = "Stop", command = "x" } ]\n';
    const error = (() => {
      try {
        target.apply(text, { ...options, file: "/h/.kimi-code/config.toml" });
      } catch (e) {
        return e as InstallError;
      }
    })();
    expect(error).toBeInstanceOf(InstallError);
    expect(error?.code).toBe("E_UNSUPPORTED");
    expect(error?.message).toMatch(/^\/h\/\.kimi-code\/config\.toml:2:1: `hooks = …` defines `hooks` as a value/);
    expect(() => target.apply("[hooks]\nenabled = true\n", options)).toThrow(/\[hooks\] defines `hooks` as a table/);
  });

  it("refuses a damaged block instead of guessing what to remove", () => {
    const installed = target.apply(USER_FILES.kimi, options).text!;
    const noEnd = installed.replace(`${END_MARKER}\n`, "");
    expect(() => target.remove(noEnd)).toThrow(/hookit's block is damaged/);
    expect(() => target.apply(noEnd, options)).toThrow(InstallError);
    expect(() => target.remove(`${installed}${installed.slice(USER_FILES.kimi.length + 1)}`)).toThrow(/damaged/);
  });

  it("leaves a file without hookit's block alone", () => {
    expect(target.remove(USER_FILES.kimi)).toEqual({ text: USER_FILES.kimi, changed: false });
    expect(target.remove(undefined)).toEqual({ text: undefined, changed: false });
  });
});

describe("kimi: any user file", () => {
  const line = fc.constantFrom(
    'default_model = "kimi-code/k3"',
    "telemetry = false",
    "# a comment",
    "",
    "[thinking]",
    "enabled = true",
    '[models."kimi-code/k3"]',
    "max_context_size = 262144",
    'capabilities = [ "thinking",',
    '  "tool_use" ]',
    "[[hooks]]",
    'event = "Stop"',
    "command = './notify.sh'",
    'notes = """',
    "# inside a string",
    '"""',
    "inline = { a = 1, b = [1, 2] }",
    "when = 1979-05-27T07:32:00Z",
  );
  // Lines are joined as they come; the ones that do not make TOML are filtered out by the scanner.
  const file = fc.tuple(fc.array(line, { maxLength: 12 }), fc.boolean(), fc.boolean()).map(([lines, crlf, finalBreak]) => {
    const eol = crlf ? "\r\n" : "\n";
    return lines.join(eol) + (finalBreak && lines.length > 0 ? eol : "");
  });

  it("install is idempotent and uninstall exact on every file the scanner accepts", () => {
    fc.assert(
      fc.property(file, (original) => {
        try {
          scanToml(original, "f");
        } catch {
          return;
        }
        const installed = target.apply(original, options).text!;
        expect(installed.startsWith(original)).toBe(true);
        expect(() => scanToml(installed, "f")).not.toThrow();
        expect(target.apply(installed, options).changed).toBe(false);
        expect(target.remove(installed).text).toBe(original);
      }),
      { numRuns: 300 },
    );
  });
});

describe("kimi: where and what next", () => {
  it("uses $KIMI_CODE_HOME, else ~/.kimi-code", () => {
    expect(target.globalFile({ HOME: "/home/me" })).toBe("/home/me/.kimi-code/config.toml");
    expect(target.globalFile({ HOME: "/home/me", KIMI_CODE_HOME: "/data/kimi" })).toBe("/data/kimi/config.toml");
  });
  it("says a project install takes effect only through KIMI_CODE_HOME", () => {
    const [first] = target.nextSteps({ kind: "project", dir: "/repo" }, { HOME: "/home/me" });
    expect(first).toContain("KIMI_CODE_HOME=/repo/.kimi-code");
    expect(first).toContain("--global");
    expect(target.nextSteps({ kind: "global" }, { HOME: "/home/me" }).join("\n")).toContain("kimi doctor config");
  });
});
