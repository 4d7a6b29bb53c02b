// `hookit source` as a command line: nested subcommands get the same strict
// argument checks as every other command, and doctor reports a source that
// cannot be enforced.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { runBin, sandbox, STACK_RE, useBuiltHookit } from "../_sandbox.ts";

useBuiltHookit();

describe("hookit source on the command line", () => {
  test.each([
    [["source", "fetch"], 'unknown command "source fetch"'],
    [["source", "add", "--reff", "main", "/tmp/x"], "unknown option --reff (did you mean --ref?)"],
    [["source", "remove"], "Missing required positional argument: NAME"],
    [["source", "list", "extra"], 'unexpected argument "extra"'],
  ])("%j is refused with a reason", async (args, text) => {
    const box = sandbox();
    const reply = await runBin(box, args);
    expect(reply.exitCode).toBe(1);
    expect(reply.stderr).toContain(text);
    expect(reply.stderr + reply.stdout).not.toMatch(STACK_RE);
  });

  test("source add on a missing path: says so and what to give instead, not git's raw error", async () => {
    const box = sandbox();
    const missing = join(box.root, "no-such-policy-repo");
    const reply = await runBin(box, ["source", "add", missing, "--yes"]);
    expect(reply.exitCode).toBe(1);
    expect(reply.stderr).toContain(`${missing}: no such folder. Give the path of a git repository with the policy under hooks/`);
    expect(reply.stderr).toContain("or the repository's URL: hookit source add https://");
    expect(reply.stderr).not.toMatch(/fatal:|Please make sure you have the correct access rights/);
  });

  test("source add on a folder that is not a repository: git's first line, and how to check it", async () => {
    const box = sandbox();
    const folder = join(box.root, "plain-folder");
    mkdirSync(folder);
    const reply = await runBin(box, ["source", "add", folder, "--name", "org/policy", "--yes"]);
    expect(reply.exitCode).toBe(1);
    expect(reply.stderr).toMatch(
      /git could not fetch .*plain-folder \(fatal: .*\)\. Check that it is a git repository you can read: git ls-remote /,
    );
    expect(reply.stderr).not.toMatch(/Please make sure you have the correct access rights/);
  });

  test("hookit source --help and source add --help name the subcommands and options", async () => {
    const box = sandbox();
    expect((await runBin(box, ["source", "--help"])).stdout.replace(/ +$/gm, "")).toMatchInlineSnapshot(`
      "Organization policy from git: add, update, list or remove a pinned policy source (hookit source v0.1.0)

      USAGE hookit source add|update|list|remove

      COMMANDS

           add    Add a policy source: a git repository pinned to a commit
        update    Fetch each policy source (or one) again and move its pin after review
          list    List the policy sources, their pins and whether their copies are intact
        remove    Remove a policy source and its stored copy

      Use hookit source <command> --help for more information about a command.

      "
    `);
    expect((await runBin(box, ["source", "add", "--help"])).stdout.replace(/ +$/gm, "")).toMatchInlineSnapshot(`
      "Add a policy source: a git repository pinned to a commit (source add)

      USAGE source add [OPTIONS] <URL>

      ARGUMENTS

        URL    Any URL or path git can fetch from (Required)

      OPTIONS

          --ref=<ref>    Branch, tag or full commit id (default: the remote's HEAD)
        --name=<name>    Its Section, owner/repo (default: from the URL)
        --path=<path>    The policy file or folder in the repository (Default: hooks)
                --yes    Accept without asking (you reviewed the policy yourself; for scripts and CI) (Default: false)


      "
    `);
  });

  test("with no sources, list says how to add one and --json is an empty list", async () => {
    const box = sandbox();
    expect((await runBin(box, ["source", "list"])).stdout).toContain("hookit source add <git-url>");
    expect(JSON.parse((await runBin(box, ["source", "list", "--json"])).stdout)).toEqual([]);
    expect((await runBin(box, ["source", "update"])).exitCode).toBe(0);
  });

  test("doctor reports a source whose copy is gone, with the fix", async () => {
    const box = sandbox();
    const registry = join(box.env.XDG_CONFIG_HOME!, "hookit", "sources.json");
    mkdirSync(join(registry, ".."), { recursive: true });
    const record = {
      name: "acme/policy",
      url: "/srv/acme/policy.git",
      path: "hooks",
      commit: "a".repeat(40),
      sha256: "b".repeat(64),
      fetchedAt: "2026-12-01T00:00:00.000Z",
    };
    writeFileSync(registry, JSON.stringify({ sources: [record] }));
    const doctor = await runBin(box, ["doctor", "--json"]);
    expect(doctor.stdout).toContain('the policy source \\"acme/policy\\"');
    expect(doctor.stdout).toContain("hookit source update");
  });
});
