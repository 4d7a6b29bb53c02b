// Port of HooKit's tests/core-hooks/git.test.ts (see UPSTREAM.md), against
// the Core entries of core-catalog.ts. Every case runs real git.
import { appendFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { agentEndOutcome, executable, fixture, git, gitRepository, lines } from "./_core.ts";

describe("Core Git Hooks", { timeout: 60_000 }, () => {
  it("git-diff-check reports tracked whitespace errors and conflict markers", async () => {
    const clean = gitRepository("git-diff-clean");
    expect(await agentEndOutcome("git-diff-check", clean)).toBe("pass");
    appendFileSync(join(clean, "base.txt"), "trailing space  \n");
    expect(await agentEndOutcome("git-diff-check", clean)).toBe("report");

    const conflict = gitRepository("git-diff-conflict");
    appendFileSync(join(conflict, "base.txt"), "<<<<<<< HEAD\ncurrent\n=======\nincoming\n>>>>>>> branch\n");
    git(conflict, "add", "base.txt");
    expect(await agentEndOutcome("git-diff-check", conflict)).toBe("report");
  });

  it("require-no-change rejects tracked, staged, untracked, empty, and binary changes", async () => {
    const cwd = gitRepository("require-no-change");
    const outcome = () => agentEndOutcome("require-no-change", cwd);
    expect(await outcome()).toBe("pass");
    appendFileSync(join(cwd, "base.txt"), "unstaged\n");
    expect(await outcome()).toBe("report");
    git(cwd, "reset", "--hard", "--quiet", "HEAD");
    appendFileSync(join(cwd, "base.txt"), "staged\n");
    git(cwd, "add", "base.txt");
    expect(await outcome()).toBe("report");
    git(cwd, "reset", "--hard", "--quiet", "HEAD");
    writeFileSync(join(cwd, "untracked.txt"), "one\n");
    expect(await outcome()).toBe("report");
    rmSync(join(cwd, "untracked.txt"));
    writeFileSync(join(cwd, "empty.txt"), "");
    expect(await outcome()).toBe("report");
    rmSync(join(cwd, "empty.txt"));
    writeFileSync(join(cwd, "base.txt"), Buffer.from([0, 1, 2, 3]));
    expect(await outcome()).toBe("report");

    const unborn = fixture("require-no-change-unborn");
    git(unborn, "init", "--quiet");
    expect(await agentEndOutcome("require-no-change", unborn)).toBe("report");
  });

  it("counts staged and unstaged tracked changes while ignoring untracked files", async () => {
    const cwd = gitRepository("git-mixed-lines", 1);
    appendFileSync(join(cwd, "base.txt"), lines(2, "staged"));
    git(cwd, "add", "base.txt");
    appendFileSync(join(cwd, "base.txt"), lines(2, "unstaged"));
    writeFileSync(join(cwd, "untracked.txt"), lines(20, "untracked"));
    expect(await agentEndOutcome("diff-max-10-lines", cwd)).toBe("pass");
    appendFileSync(join(cwd, "base.txt"), lines(7, "more"));
    expect(await agentEndOutcome("diff-max-10-lines", cwd)).toBe("report");
  });

  it("combines additions and deletions at the diff boundary", async () => {
    const cwd = gitRepository("git-added-deleted", 20);
    const original = readFileSync(join(cwd, "base.txt"), "utf8").trimEnd().split("\n");
    writeFileSync(join(cwd, "base.txt"), `${original.slice(6).join("\n")}\n${lines(4, "replacement")}`);
    expect(await agentEndOutcome("diff-max-10-lines", cwd)).toBe("pass");
    appendFileSync(join(cwd, "base.txt"), "over-limit\n");
    expect(await agentEndOutcome("diff-max-10-lines", cwd)).toBe("report");
  });

  for (const limit of [10, 50, 100, 250, 500, 1_000, 2_000, 5_000]) {
    const name = `diff-max-${limit}-lines`;
    it(`${name} has an inclusive added-and-deleted boundary`, async () => {
      const cwd = gitRepository(name, 1);
      appendFileSync(join(cwd, "base.txt"), lines(limit - 1, "added"));
      expect(await agentEndOutcome(name, cwd)).toBe("pass");
      appendFileSync(join(cwd, "base.txt"), "at-limit\n");
      expect(await agentEndOutcome(name, cwd)).toBe("pass");
      appendFileSync(join(cwd, "base.txt"), "over-limit\n");
      expect(await agentEndOutcome(name, cwd)).toBe("report");
    });
  }

  it("counts tracked files with unusual names", async () => {
    const cwd = gitRepository("git-unusual-name", 1);
    const unusual = join(cwd, "odd\tname\nwith-newline.txt");
    writeFileSync(unusual, "baseline\n");
    git(cwd, "add", unusual);
    git(cwd, "commit", "--quiet", "-m", "unusual path baseline");
    appendFileSync(unusual, lines(10, "tracked"));
    expect(await agentEndOutcome("diff-max-10-lines", cwd)).toBe("pass");
    appendFileSync(unusual, "eleven\n");
    expect(await agentEndOutcome("diff-max-10-lines", cwd)).toBe("report");
  });

  it("fails line policies closed for binary, malformed, and unusable Git environments", async () => {
    const binary = gitRepository("git-binary", 1);
    writeFileSync(join(binary, "base.txt"), Buffer.from([0, 1, 2, 3]));
    expect(await agentEndOutcome("diff-max-5000-lines", binary)).toBe("report");
    expect(await agentEndOutcome("diff-max-5000-lines", fixture("git-non-repository"))).toBe("report");

    const unborn = fixture("git-unborn");
    git(unborn, "init", "--quiet");
    writeFileSync(join(unborn, "new.txt"), "new\n");
    expect(await agentEndOutcome("diff-max-5000-lines", unborn)).toBe("report");

    const missingGit = fixture("git-missing");
    expect(await agentEndOutcome("diff-max-5000-lines", missingGit, { PATH: join(missingGit, "empty-bin") })).toBe("report");

    const malformed = fixture("git-malformed-numstat");
    const bin = join(malformed, "bin");
    mkdirSync(bin);
    executable(join(bin, "git"), "printf 'not-numstat\\n'");
    const environment = { PATH: `${bin}:${process.env.PATH ?? ""}` };
    expect(await agentEndOutcome("diff-max-5000-lines", malformed, environment)).toBe("report");
    expect(await agentEndOutcome("require-more-deletions", malformed, environment)).toBe("report");
  });

  it("require-more-deletions accepts only a strictly reductive diff", async () => {
    const reductive = gitRepository("git-more-deletions", 20);
    writeFileSync(join(reductive, "base.txt"), lines(15, "base"));
    writeFileSync(join(reductive, "untracked.txt"), lines(100, "ignored"));
    expect(await agentEndOutcome("require-more-deletions", reductive)).toBe("pass");

    const equal = gitRepository("git-equal", 20);
    writeFileSync(join(equal, "base.txt"), `${lines(15, "base")}${lines(5, "replacement")}`);
    expect(await agentEndOutcome("require-more-deletions", equal)).toBe("report");

    const additive = gitRepository("git-additive", 20);
    appendFileSync(join(additive, "base.txt"), "addition\n");
    expect(await agentEndOutcome("require-more-deletions", additive)).toBe("report");
  });
});
