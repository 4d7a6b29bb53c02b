// The TOML reading behind the Kimi installer (smol-toml): it must accept every TOML construct a
// real config.toml uses (or hookit would refuse a good file), reject broken files with the right
// line and column (or hookit would append to a file Kimi cannot read), see only real comment
// lines, and notice a `hooks` key that `[[hooks]]` tables would clash with.
import { describe, expect, it } from "vitest";
import { InstallError } from "../../src/install/errors.ts";
import { scanToml, tomlString } from "../../src/install/toml.ts";

const VALID = `# Kimi Code settings
default_model = "kimi-code/k3"   # trailing comment
telemetry = false
"quoted key" = 'literal \\ no escapes'
a.b.c = 1_000
hex = 0xDEAD_beef
oct = 0o755
bin = 0b1010
float = -6.626e-34
inf = +inf
not_a_number = nan
odt = 1979-05-27T07:32:00-08:00
odt_space = 1979-05-27 07:32:00Z
local_date = 1979-05-27
local_time = 07:32:00.999
inline = { x = 1, y = { z = "w" }, "k.k" = [1, 2] }
multi = """
Roses are "red", escaped \\" quote
# not a comment
Violets are "blue"""""
literal_multi = '''
C:\\path\\to\\'' ok'''
nested = [ [1, 2], ["a", 'b'], [ { n = 1 } ], ]
spread = [
  1, # one
  2,
]

[models."kimi-code/k3"]
provider = "managed:kimi-code"
capabilities = [ "thinking", "tool_use" ]

[ spaced . header ]
x = "y"

[[permission.rules]]
decision = "allow"
pattern = "Read"

[[hooks]]
event = "PreToolUse"
command = "node ~/.kimi-code/hooks/check-bash.mjs"
timeout = 5
`;

const error = (text: string): InstallError => {
  try {
    scanToml(text, "config.toml");
  } catch (e) {
    if (e instanceof InstallError) return e;
    throw e;
  }
  throw new Error("scanToml accepted the text");
};

describe("scanToml", () => {
  it("accepts the constructs real config files use, with LF or CRLF line breaks", () => {
    expect(scanToml(VALID, "config.toml").hooksConflict).toBeUndefined();
    expect(scanToml(VALID.replace(/\n/g, "\r\n"), "config.toml").hooksConflict).toBeUndefined();
    expect(scanToml("", "config.toml")).toEqual({ comments: [] });
    expect(scanToml("x = 1", "config.toml").comments).toEqual([]);
  });

  it("reports full-line comments only, with the span of their line", () => {
    const text = 'a = 1 # not a line comment\n  # indented\r\ns = """\n# inside a string\n"""\n# last';
    expect(scanToml(text, "f").comments).toEqual([
      { start: 27, end: 41, text: "# indented" },
      { start: 71, end: 77, text: "# last" },
    ]);
    // Lines of multi-line strings of both kinds are not comments; a comment line in an array is.
    const strings = "a = '''\n# literal\n'''\nb = \"\"\"\\\n  # after a line-ending backslash\n\"\"\"\nc = [\n  # in an array\n  1,\n]\n";
    expect(scanToml(strings, "f").comments.map((c) => c.text)).toEqual(["# in an array"]);
  });

  it.each([
    ['x = "unclosed\n', "1:14", "control characters are not allowed in strings"],
    ["x = '''never closed\n", "1:5", "unfinished string"],
    ["[table]\nkey\n", "2:4", "illegal character in key"],
    ["x = 1\ny = nope\n", "2:5", "invalid value"],
    ["x = 1 2\n", "1:7", "each key-value declaration must be followed by an end-of-line"],
    ["[a.b\n", "1:5", "illegal character in key"],
    ['[agent]\nname = "x"\ntools = [1, 2\n', "4:1", "expected comma or end of structure"],
    ["x = [1 2]\n", "1:8", "expected comma or end of structure"],
    ["t = { a = 1 b = 2 }\n", "1:13", "expected comma or end of structure"],
    ['{\n  "hooks": {}\n}\n', "1:1", "illegal character in key"],
    ["n = 01\n", "1:5", "illegal leading zero"],
  ])("rejects %j at %s", (text, at, problem) => {
    const e = error(text);
    expect(e.code).toBe("E_MALFORMED");
    expect(e.message).toBe(`config.toml:${at}: ${problem}. hookit changed nothing; fix the file and run the command again.`);
  });

  // Each of these is not TOML, and the hand-written scanner smol-toml replaced let it through:
  // hookit would have appended its block to a file Kimi cannot read.
  it.each([
    ["a key given twice", "model = 1\nmodel = 2\n", "2:1"],
    ["a table given twice", "[agent]\nx = 1\n[agent]\ny = 2\n", "3:2"],
    ["a table already made by a dotted key", 'agent.name = "x"\n[agent]\ntools = []\n', "2:2"],
    ["a key added to an inline table", "t = { a = 1 }\nt.b = 2\n", "2:1"],
    ["[[t]] after a static array t = […]", "t = [{ a = 1 }]\n[[t]]\na = 2\n", "2:3"],
    ["an unknown escape in a multi-line string", 's = """\na \\\\ b \\q\n"""\n', "2:9"],
    ["a date that does not exist", "since = 1979-13-45\n", "1:9"],
    ["a control character in a comment", "x = 1 # bell \u0007\n", "1:14"],
  ])("rejects %s", (_what, text, at) => {
    expect(error(text).message).toMatch(new RegExp(`^config\\.toml:${at}: `));
  });

  it("notices a top-level `hooks` that [[hooks]] tables would clash with", () => {
    expect(scanToml("hooks = []\n", "f").hooksConflict).toEqual({ offset: 0, what: "`hooks = …` defines `hooks` as a value" });
    expect(scanToml("x = 1\n[hooks]\nfoo = 1\n", "f").hooksConflict).toEqual({ offset: 6, what: "[hooks] defines `hooks` as a table" });
    expect(scanToml("[hooks.pre]\n", "f").hooksConflict?.what).toBe("[hooks.pre] defines `hooks` as a table");
    expect(scanToml("hooks.x = 1\n", "f").hooksConflict).toBeDefined();
    // Not top-level, or already an array of tables: no clash.
    expect(scanToml("[agent]\nhooks = []\n", "f").hooksConflict).toBeUndefined();
    expect(scanToml('[[hooks]]\nevent = "Stop"\n', "f").hooksConflict).toBeUndefined();
  });

  it("reads keys and tables as TOML means them, where the hand-written scanner read the text", () => {
    // An escaped key is still `hooks`: appending [[hooks]] here would make the file invalid.
    expect(scanToml('"ho\\u006fks" = []\n', "f").hooksConflict).toEqual({
      offset: 0,
      what: '`"ho\\u006fks" = …` defines `hooks` as a value',
    });
    // A multi-line value: the conflict is where its statement starts.
    expect(scanToml('x = 1\n\n  hooks = [\n  { event = "Stop" },\n]\n', "f").hooksConflict).toEqual({
      offset: 9,
      what: "`hooks = …` defines `hooks` as a value",
    });
    // A sub-table of the last [[hooks]] entry is valid TOML, and a further [[hooks]] table still fits.
    expect(scanToml('[[hooks]]\nevent = "Stop"\n[hooks.options]\nx = 1\n', "f").hooksConflict).toBeUndefined();
  });
});

describe("tomlString", () => {
  it("writes a literal string when it can, else an escaped basic string that reads back exactly", () => {
    expect(tomlString('"/usr/bin/node" "/opt/hookit/dist/bin.cjs" hook --agent kimi Stop')).toBe(
      `'"/usr/bin/node" "/opt/hookit/dist/bin.cjs" hook --agent kimi Stop'`,
    );
    for (const value of ["/home/o'brien/bin/hookit", "tab\there", "both ' and \" and \\", "line\nbreak", "bell\u0007 del\u007f"]) {
      const written = tomlString(value);
      expect(written.startsWith('"')).toBe(true);
      // TOML's basic-string escapes used here are JSON's too.
      expect(JSON.parse(written.replace(/\u007f/g, "\\u007f"))).toBe(value);
      expect(scanToml(`command = ${written}\n`, "f").comments).toEqual([]);
    }
  });
});
