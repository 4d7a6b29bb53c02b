// systemTempDir stands in for os.tmpdir() on the hot path (node:os is costly to
// load there): it must give the same folder for every environment.
import { tmpdir } from "node:os";
import { afterEach, describe, expect, it } from "vitest";
import { systemTempDir } from "../../src/base/temp-dir.ts";

const NAMES = ["TMPDIR", "TMP", "TEMP"] as const;
const saved = Object.fromEntries(NAMES.map((name) => [name, process.env[name]]));

afterEach(() => {
  for (const name of NAMES) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

describe("systemTempDir", () => {
  const cases: Array<Partial<Record<(typeof NAMES)[number], string>>> = [
    {},
    { TMPDIR: "/var/folders/x/T/" },
    { TMPDIR: "/scratch" },
    { TMPDIR: "", TMP: "/tmp2/" },
    { TEMP: "/temp3" },
    { TMPDIR: "/" },
    { TMPDIR: "relative/dir/" },
  ];
  it.each(cases)("is os.tmpdir() with %o", (env) => {
    for (const name of NAMES) delete process.env[name];
    Object.assign(process.env, env);
    expect(systemTempDir()).toBe(tmpdir());
  });
});
