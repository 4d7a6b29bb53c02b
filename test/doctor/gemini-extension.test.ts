// hookit linked as Gemini CLI's extension, as doctor reads it: from the files Gemini CLI 0.61.0
// wrote (test/fixtures/gemini/extension/, captured with the home /home/user, the project
// /home/user/project and the link /home/user/pkg/hookit-cli/dist/gemini-extension, which each test
// maps onto its own folders). The old doctor saw no install at all here.
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, test } from "vitest";
import { runDoctor } from "../../src/doctor/index.ts";
import { type DoctorBox, errorsOf, REPO, useDoctorBoxes } from "./_box.ts";

const box = useDoctorBoxes("hookit-gemini-ext-");
const FIXTURES = join(import.meta.dirname, "../fixtures/gemini/extension");

interface Linked {
  b: DoctorBox;
  /** The project, inside HOME as in the capture. */
  project: string;
  /** The linked folder: a copy of this build's extension, inside a copy of its dist/. */
  extension: string;
}

function write(path: string, text: string) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

/** A captured file with the capture's folders replaced by this test's. */
function captured(name: string, { b, extension }: Linked): string {
  return readFileSync(join(FIXTURES, name), "utf8")
    .replaceAll("/home/user/pkg/hookit-cli/dist/gemini-extension", extension)
    .replaceAll("/home/user", b.home);
}

/** `gemini extensions link --consent <extension>` as 0.61.0 left it, then the enablement file `enablement`. */
function linked(enablement = "enablement-linked.json", b = box()): Linked {
  const project = join(b.home, "project");
  mkdirSync(join(project, ".git"), { recursive: true });
  const dist = join(b.home, "pkg/hookit-cli/dist");
  cpSync(join(REPO, "dist/gemini-extension"), join(dist, "gemini-extension"), { recursive: true });
  cpSync(join(REPO, "dist/bin.cjs"), join(dist, "bin.cjs"));
  const it = { b, project, extension: join(dist, "gemini-extension") };
  const extensions = join(b.home, ".gemini/extensions");
  write(join(extensions, "hookit/.gemini-extension-install.json"), captured("link-record.json", it));
  write(join(extensions, "extension-enablement.json"), captured(enablement, it));
  return it;
}

const geminiChecks = async (cwd: string, b: DoctorBox) => {
  const report = await runDoctor(cwd, b.env);
  return {
    report,
    errors: errorsOf(report).filter((c) => c.agent === "gemini"),
    checks: report.checks.filter((c) => c.agent === "gemini"),
  };
};

describe("hookit as Gemini CLI's extension (gemini extensions link)", () => {
  test.each(["enablement-linked.json", "enablement-enabled-again.json", "enablement-enabled-workspace.json"])(
    "linked and enabled (%s): an install, ✓",
    async (file) => {
      const it = linked(file);
      const { report, errors, checks } = await geminiChecks(it.project, it.b);
      const ok = checks.find((c) => c.status === "ok" && c.message.startsWith("Gemini CLI loads hookit's extension hookit"));
      expect(ok?.message, JSON.stringify(checks)).toContain(`linked from ${it.extension}`);
      expect(errors).toEqual([]);
      expect(report.checks.some((c) => /not installed into any agent/.test(c.message))).toBe(false);
    },
  );

  test.each([
    ["enablement-disabled-user.json", "gemini extensions disable hookit", /^gemini extensions enable hookit$/],
    [
      "enablement-disabled-workspace.json",
      "gemini extensions disable --scope workspace hookit",
      /^gemini extensions enable --scope workspace hookit \(run in .*\/project\)$/,
    ],
  ])("after %s (%s): ✗ with the command that enables it", async (file, _command, fix) => {
    const it = linked(file);
    const { report, errors } = await geminiChecks(it.project, it.b);
    expect(report.ok).toBe(false);
    expect(errors, JSON.stringify(report.checks)).toHaveLength(1);
    expect(errors[0]?.message).toMatch(
      /^Gemini CLI's extension hookit is disabled for .*\/project by the rule "!.*\*" in .*extension-enablement\.json/,
    );
    expect(errors[0]?.fix).toMatch(fix);
  });

  test("disabled for the user, in a project outside HOME (which Gemini still loads it in): ✓ and a warning", async () => {
    const it = linked("enablement-disabled-user.json");
    const { report, errors, checks } = await geminiChecks(it.b.project, it.b);
    expect(errors, JSON.stringify(report.checks)).toEqual([]);
    expect(checks.some((c) => c.status === "ok" && /loads hookit's extension hookit/.test(c.message))).toBe(true);
    const warning = checks.find((c) => c.status === "warn");
    expect(warning?.message).toMatch(/disabled for your user .*not in the other folders under/);
    expect(warning?.fix).toBe("gemini extensions enable hookit");
  });

  test.each([
    ["the linked folder is gone", (it: Linked) => rmSync(it.extension, { recursive: true })],
    ["the hookit beside it is gone", (it: Linked) => rmSync(join(it.extension, "../bin.cjs"))],
    [
      "it holds another extension",
      (it: Linked) => write(join(it.extension, "gemini-extension.json"), '{"name":"other","version":"1.0.0"}'),
    ],
  ])("the link points at a folder that no longer holds hookit (%s): ✗, relink", async (_name, breakIt) => {
    const it = linked();
    breakIt(it);
    const { report, errors } = await geminiChecks(it.project, it.b);
    expect(report.ok).toBe(false);
    expect(errors[0]?.message, JSON.stringify(report.checks)).toContain(
      `is linked to ${it.extension}, which no longer holds hookit's extension`,
    );
    expect(errors[0]?.fix).toBe(
      `gemini extensions uninstall hookit, then gemini extensions link --consent ${join(REPO, "dist/gemini-extension")} (a link, not a copy)`,
    );
  });

  // `gemini extensions install --consent <folder>` (0.61.0) copies the extension, record type "local":
  // its hooks' `${extensionPath}/../bin.cjs` is then no hookit, and every tool call is blocked.
  test("installed as a copy instead of linked: ✗, says so, and links", async () => {
    const it = linked();
    const copy = join(it.b.home, ".gemini/extensions/hookit");
    cpSync(it.extension, copy, { recursive: true });
    write(join(copy, ".gemini-extension-install.json"), captured("copy-record.json", it));
    const { report, errors } = await geminiChecks(it.project, it.b);
    expect(report.ok).toBe(false);
    expect(errors[0]?.message, JSON.stringify(report.checks)).toContain(
      `was copied into ${copy} (gemini extensions install ${it.extension}), where its hooks find no hookit (../bin.cjs): Gemini CLI blocks every tool call`,
    );
    expect(errors[0]?.fix).toMatch(/^gemini extensions uninstall hookit, then gemini extensions link --consent .* \(a link, not a copy\)$/);
  });

  test.each([
    ["the project's .env", (it: Linked) => join(it.project, ".env"), "extensionPath"],
    ["the extension's own settings file", (it: Linked) => join(it.b.home, ".gemini/extensions/hookit/.env"), "workspacePath"],
  ])("%s naming a variable of the hook command (a cloned repository's .env): ✗, remove it", async (_name, file, name) => {
    const it = linked();
    write(file(it), `API=1\nexport ${name}: /tmp/evil/x\n`);
    const { report, errors } = await geminiChecks(it.project, it.b);
    expect(report.ok).toBe(false);
    expect(errors[0]?.message, JSON.stringify(report.checks)).toContain(`has its hook command rewritten: ${file(it)} sets ${name}`);
    expect(errors[0]?.fix).toMatch(new RegExp(`^remove ${name} from `));
    // An ordinary .env beside it changes nothing.
    write(file(it), "API=1\n# extensionPath is documented elsewhere\n");
    expect((await geminiChecks(it.project, it.b)).errors).toEqual([]);
  });

  test("a settings switch that stops Gemini's hooks is ✗ under the extension too", async () => {
    const it = linked();
    write(join(it.b.home, ".gemini/settings.json"), '{"hooksConfig":{"enabled":false}}');
    const { errors } = await geminiChecks(it.project, it.b);
    expect(errors.find((c) => /"hooksConfig\.enabled" is false/.test(c.message))).toBeDefined();
  });

  test("no record of hookit's extension (another extension only): not an install", async () => {
    const b = box();
    write(join(b.home, ".gemini/extensions/other/.gemini-extension-install.json"), '{"source":"/tmp/other","type":"link"}');
    write(join(b.home, ".gemini/extensions/extension-enablement.json"), `{"other":{"overrides":["${b.home}/*"]}}`);
    const { report, checks } = await geminiChecks(b.project, b);
    expect(checks.filter((c) => /extension/.test(c.message))).toEqual([]);
    expect(report.checks.some((c) => /not installed into any agent/.test(c.message))).toBe(true);
  });
});
