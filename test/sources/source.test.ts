// `hookit source` against real git repositories made in the test (a bare
// repository pushed to from a work tree; served as a local path, file:// and
// git daemon on 127.0.0.1), with the built hookit as the agents run it: the
// round trip, an update that needs a person's yes, an offline update, a
// tampered copy failing closed, and a policy source users cannot override.
import { readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { agentPayloads } from "../reliability/_payloads.ts";
import { inspectReply } from "../reliability/_protocol.ts";
import { runBin, runHook, sandbox, type Sandbox, STACK_RE, useBuiltHookit } from "../_sandbox.ts";
import { gitDaemon, policyRepo } from "./_git.ts";

useBuiltHookit();

const guard = (word: string, extra: Record<string, unknown> = {}) => ({
  description: `no ${word}`,
  event: "tool_call",
  default: true,
  filter: { toolName: "^bash$", command: word },
  shell: `echo "acme forbids ${word}" >&2; exit 1`,
  ...extra,
});

/** Claude Code's real PreToolUse payload with `command`; the verdict as Claude reads it. */
async function claudeBash(box: Sandbox, command: string) {
  const [event, payload] = agentPayloads("claude", box.project).preTool;
  const reply = await runHook(box, "claude", event, { ...payload, tool_input: { command, description: "run it" } });
  const verdict = inspectReply("claude", event, "tool_call", { ...reply, exitCode: reply.exitCode ?? -1 });
  expect(verdict.problems).toEqual([]);
  return { blocked: verdict.blocked, reason: verdict.reason ?? "" };
}

const hookit = (box: Sandbox, ...args: string[]) => runBin(box, args);

interface Listed {
  name: string;
  url: string;
  ref?: string;
  commit: string;
  sha256: string;
  status: string;
  path: string;
}
async function listed(box: Sandbox): Promise<Listed[]> {
  const reply = await hookit(box, "source", "list", "--json");
  return JSON.parse(reply.stdout) as Listed[];
}

/** A sandbox with acme/policy (one guard, `no-curl`) added from a local bare repository. */
async function addedSource() {
  const box = sandbox();
  const repo = policyRepo(join(box.root, "remote"));
  repo.commit({ "hooks/guards.json": { "no-curl": guard("curl") } });
  const added = await hookit(box, "source", "add", repo.bare, "--yes");
  expect(added.exitCode, added.stderr).toBe(0);
  return { box, repo };
}

describe("hookit source", () => {
  test("add over a local path: pinned and hashed, its guard blocks through hookit hook, honest work passes", async () => {
    const box = sandbox();
    const repo = policyRepo(join(box.root, "remote"));
    const first = repo.commit({ "hooks/guards.json": { "no-curl": guard("curl") } });

    const refused = await hookit(box, "source", "add", repo.bare);
    expect(refused.exitCode).toBe(1);
    expect(refused.stdout).toContain('"no-curl"');
    expect(refused.stderr).toContain("no terminal here");
    expect(await listed(box)).toEqual([]);
    expect((await claudeBash(box, "curl example.invalid")).blocked).toBe(false);

    const added = await hookit(box, "source", "add", repo.bare, "--yes");
    expect(added.exitCode, added.stderr).toBe(0);
    const [source] = await listed(box);
    expect(source).toMatchObject({ name: "acme/policy", url: repo.bare, commit: first, status: "ok", path: "hooks" });
    expect(source?.sha256).toMatch(/^[0-9a-f]{64}$/);

    const blocked = await claudeBash(box, "curl example.invalid");
    expect(blocked).toEqual({ blocked: true, reason: expect.stringContaining("acme forbids curl") });
    expect((await claudeBash(box, "echo hello")).blocked).toBe(false);
  });

  test("a user's global or project policy cannot override or disable a source's hook, only add its own", async () => {
    const { box } = await addedSource();
    // Same Section and name, switched off and made harmless: the source's record stays.
    const override = { description: "", event: "tool_call", shell: "true", default: false };
    box.globalPolicy({ "acme/policy": { "no-curl": override }, local: { "no-wget": guard("wget") } });
    box.projectPolicy({ repos: ["acme/policy"], "acme/policy": { "no-curl": override } });
    expect((await hookit(box, "trust", "--yes")).exitCode).toBe(0);
    expect((await claudeBash(box, "curl example.invalid")).reason).toContain("acme forbids curl");
    expect((await claudeBash(box, "wget example.invalid")).reason).toContain("acme forbids wget");
  });

  test("over file:// with --ref and --path: an update shows the diff, refuses without a terminal, --yes moves the pin", async () => {
    const box = sandbox();
    const repo = policyRepo(join(box.root, "remote"));
    const v1 = repo.commit({ "org/policy.json": { "no-curl": guard("curl") } });
    const added = await hookit(
      box,
      "source",
      "add",
      `file://${repo.bare}`,
      "--ref",
      "main",
      "--path",
      "org/policy.json",
      "--name",
      "acme/org",
      "--yes",
    );
    expect(added.exitCode, added.stderr).toBe(0);
    expect(await listed(box)).toMatchObject([{ name: "acme/org", ref: "main", commit: v1, path: "org/policy.json" }]);
    expect((await hookit(box, "source", "update")).stdout).toContain("acme/org is up to date");

    const v2 = repo.commit({ "org/policy.json": { "no-curl": guard("curl"), "no-scp": guard("scp") } });
    const asked = await hookit(box, "source", "update", "acme/org");
    expect(asked.exitCode).toBe(1);
    expect(asked.stderr).toContain("no terminal here");
    expect(asked.stdout).toContain(`The policy of acme/org changed from ${v1.slice(0, 12)} to ${v2.slice(0, 12)}`);
    expect(asked.stdout).toMatch(/^\+ {4}"no-scp": \{$/m);
    expect((await listed(box))[0]?.commit).toBe(v1);
    expect((await claudeBash(box, "scp a b")).blocked).toBe(false);

    const accepted = await hookit(box, "source", "update", "acme/org", "--yes");
    expect(accepted.exitCode, accepted.stderr).toBe(0);
    expect((await listed(box))[0]?.commit).toBe(v2);
    expect((await claudeBash(box, "scp a b")).reason).toContain("acme forbids scp");
  });

  test("a tag or a commit id pins the source: later commits change nothing until the pin is moved", async () => {
    const box = sandbox();
    const repo = policyRepo(join(box.root, "remote"));
    const v1 = repo.commit({ "hooks/guards.json": { "no-curl": guard("curl") } });
    repo.tag("v1");
    repo.commit({ "hooks/guards.json": { "no-curl": guard("curl"), "no-scp": guard("scp") } });
    expect((await hookit(box, "source", "add", repo.bare, "--ref", "v1", "--yes")).exitCode).toBe(0);
    expect((await hookit(box, "source", "add", `file://${repo.bare}`, "--ref", v1, "--name", "acme/by-id", "--yes")).exitCode).toBe(0);
    expect((await hookit(box, "source", "update")).exitCode).toBe(0);
    expect((await listed(box)).map((s) => s.commit)).toEqual([v1, v1]);
    expect((await claudeBash(box, "scp a b")).blocked).toBe(false);
  });

  test("over git daemon: update while the server is down fails clearly and the last copy keeps blocking", async () => {
    const box = sandbox();
    const base = join(box.root, "served");
    const repo = policyRepo(base);
    const v1 = repo.commit({ "hooks/a.json": { "no-curl": guard("curl") }, "hooks/more/b.json": { "no-wget": guard("wget") } });
    const daemon = await gitDaemon(base);
    const added = await hookit(box, "source", "add", daemon.url("acme/policy"), "--yes");
    expect(added.exitCode, added.stderr).toBe(0);
    expect(await listed(box)).toMatchObject([{ name: "acme/policy", commit: v1, status: "ok" }]);
    expect((await claudeBash(box, "wget x")).reason).toContain("acme forbids wget");

    repo.commit({ "hooks/a.json": { "no-curl": guard("curl"), "no-scp": guard("scp") } });
    await daemon.stop();
    const offline = await hookit(box, "source", "update", "--yes");
    expect(offline.exitCode).toBe(1);
    expect(offline.stderr).toContain(`could not update acme/policy from ${daemon.url("acme/policy")}`);
    expect(offline.stderr).toContain(`(commit ${v1.slice(0, 12)}) stays in force`);
    expect((await listed(box))[0]?.commit).toBe(v1);
    expect((await claudeBash(box, "curl x")).reason).toContain("acme forbids curl");
    expect((await claudeBash(box, "scp x y")).blocked).toBe(false);
  });

  test("a repository that moved away: update fails, the pinned copy stays in force", async () => {
    const { box, repo } = await addedSource();
    renameSync(repo.bare, `${repo.bare}.moved`);
    const update = await hookit(box, "source", "update");
    expect(update.exitCode).toBe(1);
    expect(update.stderr).toMatch(/could not update acme\/policy from .*: .*(does not appear to be a git repository|not found)/s);
    expect((await claudeBash(box, "curl x")).reason).toContain("acme forbids curl");
  });

  test("a tampered stored copy fails closed with the source and the fix named, and update restores it", async () => {
    const { box } = await addedSource();
    const dir = join(box.stateDir, "sources", "acme+policy");
    const copy = join(dir, readdirSync(dir).find((f) => f.startsWith("policy-"))!);
    writeFileSync(copy, readFileSync(copy, "utf8").replace(/"default": true/, '"default": false'));

    for (const command of ["curl x", "echo hello"]) {
      const reply = await claudeBash(box, command);
      expect(reply.blocked).toBe(true);
      expect(reply.reason).toContain('the policy source "acme/policy"');
      expect(reply.reason).toContain("does not match the pinned content hash");
      expect(reply.reason).toContain("hookit source update acme/policy");
    }
    const list = await hookit(box, "source", "list");
    expect(list.exitCode).toBe(1);
    expect(list.stdout).toContain("BROKEN");

    // The pinned text itself comes back: nothing new to review, so no confirmation.
    const update = await hookit(box, "source", "update");
    expect(update.exitCode, update.stderr).toBe(0);
    expect((await claudeBash(box, "echo hello")).blocked).toBe(false);
    expect((await claudeBash(box, "curl x")).reason).toContain("acme forbids curl");
  });

  test("a missing copy or a damaged registry fails closed too", async () => {
    const { box } = await addedSource();
    const registry = join(box.env.XDG_CONFIG_HOME!, "hookit", "sources.json");
    const text = readFileSync(registry, "utf8");
    writeFileSync(registry, text.slice(0, 20));
    expect((await claudeBash(box, "echo hello")).reason).toContain("policy source registry");
    const list = await hookit(box, "source", "list");
    expect(list.exitCode).toBe(1);
    expect(list.stderr).toContain("is damaged (it is not a list of sources)");
    expect(list.stderr).not.toMatch(STACK_RE);
    writeFileSync(registry, text);
    const dir = join(box.stateDir, "sources", "acme+policy");
    renameSync(dir, `${dir}.gone`);
    expect((await claudeBash(box, "echo hello")).reason).toContain("its stored copy is missing");
  });

  test("an invalid policy, duplicate names or a missing path are refused at add, and nothing is recorded", async () => {
    const box = sandbox();
    const repo = policyRepo(join(box.root, "remote"));
    repo.commit({ "hooks/a.json": { bad: { event: "tool_call", shell: "true", nonsense: 1 } } });
    const invalid = await hookit(box, "source", "add", repo.bare, "--yes");
    expect(invalid.exitCode).toBe(1);
    expect(invalid.stderr).toContain("is invalid, so none of its hooks could run");
    repo.commit({ "hooks/a.json": { same: guard("curl") }, "hooks/b.json": { same: guard("wget") } });
    const duplicate = await hookit(box, "source", "add", repo.bare, "--yes");
    expect(duplicate.stderr).toContain('"same" is defined in both hooks/a.json and hooks/b.json');
    const missing = await hookit(box, "source", "add", repo.bare, "--path", "nowhere", "--yes");
    expect(missing.stderr).toContain('has no policy at "nowhere"');
    const badUrl = await hookit(box, "source", "add", "--upload-pack=touch /tmp/x", "--name", "a/b", "--yes");
    expect(badUrl.exitCode).toBe(1);
    expect(await listed(box)).toEqual([]);
    expect(readdirSync(box.stateDir).includes("sources") ? readdirSync(join(box.stateDir, "sources")) : []).toEqual([]);
  });

  test("through an agent's tool call, hookit source update/remove and edits of the copy are refused by self-protection", async () => {
    const { box } = await addedSource();
    const copies = join(box.stateDir, "sources", "acme+policy");
    for (const command of [
      "hookit source remove acme/policy",
      "hookit source update --yes",
      `rm -rf ${copies}`,
      `echo '{}' > ${join(box.env.XDG_CONFIG_HOME!, "hookit", "sources.json")}`,
    ]) {
      const reply = await claudeBash(box, command);
      expect(reply.reason, command).toMatch(/^hookit: blocked by self-protection/);
    }
    expect((await claudeBash(box, "hookit source list")).blocked).toBe(false);
    expect(await listed(box)).toMatchObject([{ name: "acme/policy", status: "ok" }]);
  });

  test("remove takes the source's hooks away", async () => {
    const { box } = await addedSource();
    expect((await hookit(box, "source", "remove", "acme/policy")).exitCode).toBe(0);
    expect(await listed(box)).toEqual([]);
    expect((await claudeBash(box, "curl x")).blocked).toBe(false);
    expect((await hookit(box, "source", "remove", "acme/policy")).exitCode).toBe(1);
  });
});
