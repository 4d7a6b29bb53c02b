// Every pack on the command facts: each must-block case triggers a rule of its own pack, each
// everyday command of the same tools triggers none, and every rule has a case that fires it.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { deriveCommandFacts } from "../../src/facts/index.ts";
import { allPacks } from "../../src/facts/packs/registry.ts";
import { PACK_CASES } from "./cases.ts";

const packsOf = (command: string) =>
  deriveCommandFacts(command, { cwd: "/work/app", projectDir: "/work/app", env: { HOME: "/home/dev", PATH: "/usr/bin:/bin" }, packs: true })
    .packs ?? [];
const ruleIds = (command: string) => packsOf(command).map((line) => /^(?:block|ask) ([^:]+):/.exec(line)?.[1]);

test("the packs cover the 24 families (the issue's 22, strict-git and system), one pack each", () => {
  expect(
    allPacks()
      .map((p) => p.family)
      .sort(),
  ).toEqual(Object.keys(PACK_CASES).sort());
  expect(new Set(allPacks().map((p) => p.id)).size).toBe(24);
});

describe.each(Object.entries(PACK_CASES))("pack %s", (pack, { block, pass }) => {
  test.each(block)("refuses %s", (command) => {
    expect(ruleIds(command).some((id) => id?.startsWith(`${pack}/`))).toBe(true);
  });
  test.each(pass)("lets %s through", (command) => {
    expect(packsOf(command)).toEqual([]);
  });
  test("every rule has a case that fires it", () => {
    const rules = allPacks()
      .find((p) => p.id === pack)!
      .rules.map((r) => `${pack}/${r.id}`);
    const fired = new Set(block.flatMap(ruleIds));
    expect(rules.filter((r) => !fired.has(r))).toEqual([]);
  });
});

test("a rule names what it destroys and what to do instead", () => {
  expect(packsOf("kubectl delete ns prod")).toEqual([
    "block kubernetes/delete-namespace: deleting a namespace deletes every object in it; instead, delete the objects by name, or ask the user",
  ]);
});

test("wrappers and spellings are seen through; help pages run nothing", () => {
  for (const command of [
    "sudo kubectl delete ns x",
    "sh -c 'terraform destroy'",
    "echo prod | xargs kubectl delete ns",
    "env KUBECONFIG=k kubectl delete ns x",
    "echo 'DROP TABLE users' | sudo -u postgres psql",
    "pnpm dlx wrangler d1 delete app-db",
    "npm exec -- kubectl delete ns prod",
    "uvx --from awscli aws s3 rb s3://bucket --force",
  ])
    expect(packsOf(command).length, command).toBeGreaterThan(0);
  for (const command of [
    "terraform destroy --help",
    "kubectl delete -h",
    "npm help publish",
    "echo 'terraform destroy'",
    "git commit -m 'kubectl delete ns prod'",
  ])
    expect(packsOf(command), command).toEqual([]);
});

test("without the option no pack is read", () => {
  expect(deriveCommandFacts("terraform destroy", { cwd: "/work/app", env: { HOME: "/home/dev" } }).packs).toBeUndefined();
});

test("docs/packs.md lists every pack and rule as the registry has them (npm run docs)", async () => {
  const { readFileSync } = await import("node:fs");
  const { packsMarkdown, PACKS_START, PACKS_END } = await import("../../src/cli/_packs-markdown.ts");
  const page = readFileSync(new URL("../../docs/packs.md", import.meta.url), "utf8");
  const region = page.slice(page.indexOf(PACKS_START) + PACKS_START.length + 1, page.indexOf(PACKS_END) - 1);
  expect(region).toBe(packsMarkdown(allPacks()));
});

describe("SQL in a script file", () => {
  const dir = mkdtempSync(join(tmpdir(), "hookit-packs-sql-"));
  writeFileSync(join(dir, "drop.sql"), "-- clean up\nBEGIN;\nDROP TABLE users;\nCOMMIT;\n");
  writeFileSync(join(dir, "seed.sql"), "INSERT INTO users VALUES (1);\nDELETE FROM users WHERE id = 1;\n");
  const inDir = (command: string) =>
    deriveCommandFacts(command, { cwd: dir, projectDir: dir, env: { HOME: "/home/dev", PATH: "/usr/bin:/bin" }, packs: true }).packs ?? [];

  test.each([
    "psql -f drop.sql",
    "psql app --file=drop.sql",
    "mysql app < drop.sql",
    "sqlite3 app.db < drop.sql",
    "sudo -u postgres psql < drop.sql",
    "cat drop.sql | psql app",
    "sqlite3 app.db '.read drop.sql'",
    // its text handed over as a word
    'psql -c "$(cat drop.sql)"',
    'mysql app -e "$(< drop.sql)"',
    'psql -c "`cat drop.sql`"',
    // a script the line itself writes, then runs
    "echo 'DROP TABLE users;' > x.sql && psql -f x.sql",
    "printf 'DROP TABLE users;\\n' | tee fresh.sql >/dev/null; psql app --file=fresh.sql",
  ])("is read: %s is refused", (command) => {
    expect(inDir(command).some((line) => line.startsWith("block databases/sql-drop"))).toBe(true);
  });

  test.each([
    "psql -f seed.sql",
    "mysql app < seed.sql",
    "psql -f missing.sql",
    "echo 'SELECT 1;' > drop.sql && psql -f drop.sql",
    'psql -c "$(cat seed.sql)"',
  ])("%s passes", (command) => {
    expect(inDir(command)).toEqual([]);
  });
});
