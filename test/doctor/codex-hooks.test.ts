// doctor asks `codex app-server` for hooks/list and must never hang on it: an answer ends the
// talk and stops the server, and a server that is silent, exits early or cannot start is
// reported as such within the time limit.
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { listCodexHooks } from "../../src/doctor/codex-hooks.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A stand-in `codex` running `body` as /bin/sh; it records its pid in `pid`. */
function fakeCodex(body: string): { codex: string; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), "hookit-codex-hooks-"));
  dirs.push(dir);
  const codex = join(dir, "codex");
  writeFileSync(codex, `#!/bin/sh\necho $$ > "${dir}/pid"\n${body}\n`);
  chmodSync(codex, 0o755);
  return { codex, dir };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const ANSWER = JSON.stringify({
  id: 2,
  result: {
    data: [{ hooks: [{ command: "hookit hook", sourcePath: "/p/hooks.json", enabled: true, trustStatus: "trusted" }], errors: [] }],
  },
});

describe("listCodexHooks", () => {
  it("reads the hooks/list answer among other lines, then stops the server", async () => {
    const { codex, dir } = fakeCodex(
      `while read line; do case "$line" in *'"id":1'*) echo '{"id":1,"result":{}}';; *'"id":2'*) echo 'not json'; echo '${ANSWER}';; esac; done`,
    );
    const started = Date.now();
    const list = await listCodexHooks(codex, dir, { PATH: process.env.PATH });
    // Not held up until the server ends or the time limit (10 s) is up.
    expect(Date.now() - started).toBeLessThan(3000);
    expect(list).toEqual({ ok: true, hooks: [expect.objectContaining({ trustStatus: "trusted" })], errors: [] });
    const pid = Number(readFileSync(join(dir, "pid"), "utf8"));
    await expect.poll(() => alive(pid), { timeout: 5000 }).toBe(false);
  });

  it("gives up on a server that never answers, within the time limit", async () => {
    const { codex, dir } = fakeCodex("exec sleep 30");
    const started = Date.now();
    expect(await listCodexHooks(codex, dir, {}, 300)).toEqual({
      ok: false,
      detail: "codex app-server did not answer hooks/list within 0.3 s",
    });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("reports a server that exits before answering, and one that cannot start", async () => {
    const { codex, dir } = fakeCodex("exit 4");
    expect(await listCodexHooks(codex, dir, {})).toEqual({ ok: false, detail: "codex app-server exited (4) before answering hooks/list" });
    const missing = join(dir, "no-such-codex");
    const list = await listCodexHooks(missing, dir, {});
    expect(list.ok).toBe(false);
    expect(!list.ok && list.detail).toMatch(new RegExp(`^could not run ${missing}: .*ENOENT`));
  });
});
