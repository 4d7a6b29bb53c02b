// hookit as Kimi Code's plugin, as doctor reads it: $KIMI_CODE_HOME/plugins/installed.json and the
// managed copy, in the shape Kimi 2.1.0 wrote them in test/e2e/kimi-plugin.e2e.test.ts
// (`/plugins install <package folder>` in its TUI). Before plugin.ts, doctor saw no install here.
import { cpSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, test } from "vitest";
import { runDoctor } from "../../src/doctor/index.ts";
import { type DoctorBox, errorsOf, REPO, useDoctorBoxes } from "./_box.ts";

const box = useDoctorBoxes("hookit-kimi-plugin-");

function write(path: string, text: string) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

/** Kimi's managed copy of the package folder and its record, under `kimiHome`. */
function installed(enabled: boolean, b = box(), { kimiHome = join(b.home, ".kimi-code"), manifest = join(REPO, "kimi.plugin.json") } = {}) {
  const root = join(kimiHome, "plugins/managed/hookit");
  mkdirSync(join(root, "dist"), { recursive: true });
  cpSync(manifest, join(root, "kimi.plugin.json"));
  cpSync(join(REPO, "dist/bin.cjs"), join(root, "dist/bin.cjs"));
  const record = { version: 1, plugins: [{ id: "hookit", enabled, root, source: { type: "local", path: join(b.home, "pkg") } }] };
  write(join(kimiHome, "plugins/installed.json"), `${JSON.stringify(record, null, 2)}\n`);
  return { b, root };
}

const kimiChecks = async (b: DoctorBox, env = b.env) => {
  const report = await runDoctor(b.project, env);
  return { report, errors: errorsOf(report).filter((c) => c.agent === "kimi") };
};

describe("hookit as Kimi Code's plugin", () => {
  test("installed and enabled, it counts as an install: ✓ with the copy Kimi runs", async () => {
    const { b, root } = installed(true);
    const { report, errors } = await kimiChecks(b);
    const ok = report.checks.find((c) => c.agent === "kimi" && c.status === "ok" && c.message.includes("loads hookit's plugin hookit"));
    expect(ok?.message).toContain(root);
    expect(errors).toEqual([]);
    expect(report.checks.some((c) => /not installed into any agent/.test(c.message))).toBe(false);
  });

  test("disabled in installed.json: ✗ with Kimi's command that enables it", async () => {
    const { b } = installed(false);
    const [off] = (await kimiChecks(b)).errors;
    expect(off?.message).toMatch(/plugin hookit is disabled in .*\.kimi-code\/plugins\/installed\.json/);
    expect(off?.fix).toContain("/plugins enable hookit");
  });

  test("a copy whose manifest does not run hookit for Kimi: ✗", async () => {
    const b = box();
    const other = join(b.root, "other.json");
    writeFileSync(other, '{"name":"hookit","hooks":[]}\n');
    installed(true, b, { manifest: other });
    const [wrong] = (await kimiChecks(b)).errors;
    expect(wrong?.message).toContain("does not run hookit hook --agent kimi");
    expect(wrong?.fix).toContain("/plugins install");
  });

  test("under KIMI_CODE_HOME, the copy there is the one read", async () => {
    const b = box();
    const kimiHome = join(b.root, "kimi-data");
    installed(true, b, { kimiHome });
    const { report, errors } = await kimiChecks(b, { ...b.env, KIMI_CODE_HOME: kimiHome });
    expect(errors).toEqual([]);
    expect(report.checks.some((c) => c.agent === "kimi" && c.status === "ok" && c.message.includes(kimiHome))).toBe(true);
  });
});
