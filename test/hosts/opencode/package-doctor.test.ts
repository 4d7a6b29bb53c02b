// `hookit doctor` for hookit installed as OpenCode's plugin package (src/agents/opencode/package.ts):
// the spec OpenCode lists in its config, resolved where OpenCode 1.18.33 installs or loads it.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { runDoctor } from "../../../src/doctor/index.ts";
import { installAgents } from "../../../src/installer/index.ts";
import { sandbox } from "../../_sandbox.ts";

/** A hookit-cli package folder with its OpenCode server entry, as `npm pack` ships it. */
function hookitPackage(dir: string, exports: Record<string, string> = { "./server": "./dist/opencode.mjs" }): string {
  mkdirSync(join(dir, "dist"), { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "hookit-cli", exports }));
  writeFileSync(join(dir, "dist", "opencode.mjs"), "export default async () => ({});\n");
  writeFileSync(join(dir, "dist", "pi.mjs"), "");
  return dir;
}

function world(plugin: unknown[], where = ".opencode/opencode.json") {
  const box = sandbox();
  const file = join(box.project, where);
  mkdirSync(join(file, ".."), { recursive: true });
  writeFileSync(file, JSON.stringify({ plugin }));
  const env = box.env as Record<string, string>;
  const doctor = async () => (await runDoctor(box.project, env)).checks.filter((c) => c.agent === "opencode");
  return { box, env, file, doctor };
}

describe("hookit doctor: hookit as OpenCode's plugin package", () => {
  test("a folder OpenCode loads (`opencode plugin <folder>`) is ok", async () => {
    const { box, doctor, file } = world([]);
    const pkg = hookitPackage(join(box.root, "pkg", "hookit-cli"));
    writeFileSync(file, JSON.stringify({ plugin: [pkg] }));
    expect(await doctor()).toContainEqual(
      expect.objectContaining({
        status: "ok",
        message: expect.stringMatching(
          /^OpenCode loads hookit's plugin package .*hookit-cli \(.*dist\/opencode\.mjs; listed in .*\.opencode\/opencode\.json\)/,
        ),
      }),
    );
  });

  test("an npm spec is ok once OpenCode installed it into its package cache", async () => {
    const { box, doctor } = world(["hookit-cli"]);
    hookitPackage(join(box.home, ".cache", "opencode", "packages", "hookit-cli@latest", "node_modules", "hookit-cli"));
    expect(await doctor()).toContainEqual(
      expect.objectContaining({ status: "ok", message: expect.stringContaining("plugin package hookit-cli (") }),
    );
  });

  test("an npm spec not installed yet, a folder gone and a package without the server entry are errors: OpenCode runs unguarded", async () => {
    const { box, doctor, file } = world([]);
    const gone = join(box.root, "gone", "hookit-cli");
    const old = hookitPackage(join(box.root, "old", "hookit-cli"), { ".": "./dist/index.mjs" });
    writeFileSync(file, JSON.stringify({ plugin: [["hookit-cli@0.2.0", {}], gone, `file://${old}`] }));
    const errors = (await doctor()).filter((c) => c.status === "error").map((c) => c.message);
    expect(errors).toEqual([
      expect.stringMatching(/plugin package hookit-cli@0\.2\.0 is listed in .* but not installed under .*packages\/hookit-cli@0\.2\.0/),
      expect.stringContaining(`names ${gone}, which holds no hookit OpenCode plugin`),
      expect.stringContaining(`names ${old}, which holds no hookit OpenCode plugin`),
    ]);
  });

  test("other plugins are not hookit's", async () => {
    const { box, doctor } = world(["opencode-notifier", "hookit-cli-extra", "/opt/tools/other", "file://server/share/hookit-cli"]);
    hookitPackage(join(box.root, "pkg", "hookit-cli"));
    expect((await doctor()).filter((c) => /plugin package/.test(c.message))).toEqual([]);
  });

  test("the package beside hookit install's module entry: a warning that each call is judged twice", async () => {
    const { box, env, doctor, file } = world([]);
    const pkg = hookitPackage(join(box.root, "pkg", "hookit-cli"));
    writeFileSync(file, JSON.stringify({ plugin: [pkg] }));
    await installAgents({ agents: ["opencode"], projectDir: box.project, env, cwd: box.project, packageRoot: pkg });
    expect(await doctor()).toContainEqual(
      expect.objectContaining({ status: "warn", message: expect.stringContaining("every tool call is judged twice") }),
    );
  });

  test("without any entry, no package check", async () => {
    const { doctor, file } = world([]);
    rmSync(file);
    expect((await doctor()).filter((c) => /plugin package/.test(c.message))).toEqual([]);
  });
});
