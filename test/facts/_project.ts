// A small project on disk for fact tests: a repo with a dotenv file (and one
// in config/), its committed example, a symlink to the secret, a symlinked directory that leads
// outside, and a home directory of its own (under the temp dir, like CI's).
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";

export interface Project {
  root: string;
  dir: string;
  home: string;
  outside: string;
  env: Record<string, string>;
}

export function useProject(): Project {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "hookit-facts-")));
  const dir = join(root, "project");
  const home = join(root, "home");
  const outside = join(home, "elsewhere"); // under home: outside the project and never temp
  for (const d of [dir, join(dir, "src"), join(dir, "dist"), join(dir, "config"), join(root, "project-sibling"), outside])
    mkdirSync(d, { recursive: true });
  writeFileSync(join(dir, ".env"), "API_KEY=secret\n");
  writeFileSync(join(dir, "config", ".env"), "API_KEY=deep\n"); // a secret one level down: what recursive readers find
  writeFileSync(join(dir, ".env.example"), "API_KEY=\n");
  writeFileSync(join(dir, ".env.production.local"), "API_KEY=prod\n");
  writeFileSync(join(dir, "README.md"), "# project\n");
  writeFileSync(join(dir, "src", "a.ts"), "export {};\n");
  symlinkSync(".env", join(dir, "notes.txt"));
  symlinkSync(outside, join(dir, "linkdir"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  return { root, dir, home, outside, env: { HOME: home, USER: "dev", PATH: "/usr/bin:/bin" } };
}
