// Whether Codex's config.toml already trusts the project: doctor then stops telling the user to
// add `[projects."<dir>"] trust_level = "trusted"`. The file is TOML, so the trust can be written
// as a table, an inline table or a dotted key, and a look-alike line inside a string is not it.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { codexTrustsProject } from "../../src/doctor/codex-checks.ts";

const DIR = "/home/me/repo";
let home: string | undefined;
afterEach(() => {
  if (home) rmSync(home, { recursive: true, force: true });
  home = undefined;
});

function trusts(config: string): boolean {
  home = mkdtempSync(join(tmpdir(), "hookit-codex-trust-"));
  writeFileSync(join(home, "config.toml"), config);
  return codexTrustsProject({ CODEX_HOME: home }, DIR);
}

describe("codexTrustsProject", () => {
  it.each([
    ["a table", `[projects."${DIR}"]\ntrust_level = "trusted"\n`],
    ["a literal-string table name", `[projects.'${DIR}']\nmodel = "x"\ntrust_level = 'trusted' # yes\n`],
    ["an inline table", `[projects]\n"${DIR}" = { trust_level = "trusted" }\n`],
    ["a top-level dotted key", `projects."${DIR}".trust_level = "trusted"\n`],
    ["a nested inline table", `projects = { "${DIR}" = { trust_level = "trusted" } }\n`],
  ])("reads the trust written as %s", (_how, config) => {
    expect(trusts(config)).toBe(true);
  });

  it.each([
    ["an untrusted project", `[projects."${DIR}"]\ntrust_level = "untrusted"\n`],
    ["another project", `[projects."${DIR}/sub"]\ntrust_level = "trusted"\n`],
    ["a line of a multi-line string", `[projects."${DIR}"]\nnotes = """\ntrust_level = "trusted"\n"""\ntrust_level = "untrusted"\n`],
    ["a file that is not TOML", `[projects."${DIR}"]\ntrust_level = "trusted"\ntrust_level = "trusted"\n`],
    ["no file", undefined],
  ])("does not take %s for trust", (_what, config) => {
    if (config === undefined) {
      home = mkdtempSync(join(tmpdir(), "hookit-codex-trust-"));
      expect(codexTrustsProject({ CODEX_HOME: home }, DIR)).toBe(false);
    } else {
      expect(trusts(config)).toBe(false);
    }
  });
});
