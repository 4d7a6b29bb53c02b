// Port of HooKit's tests/core-hooks/{general,dotenv,read}.test.ts (see
// UPSTREAM.md), against the Core entries of core-catalog.ts.
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fixture, toolCallOutcome, toolResultOutcome } from "./_core.ts";
import { LINUX_ENV_STRING_LIMIT, skipTitle } from "./_differences.ts";

describe("Core general safety filters", { timeout: 60_000 }, () => {
  it("only-md blocks non-Markdown write and edit destinations", async () => {
    const cwd = fixture("only-md");
    for (const [tool, path, expected] of [
      ["write", "README.md", "pass"],
      ["edit", "docs/guide.md", "pass"],
      ["write", "notes.txt", "block"],
      ["edit", "image.png", "block"],
      ["my-write", "notes.txt", "pass"],
    ] as const) {
      expect(await toolCallOutcome("only-md", tool, { path }, cwd), `${tool} ${path}`).toBe(expected);
    }
  });

  it("no-env-access blocks exact dotenv reads and writes", async () => {
    const cwd = fixture("no-env-access");
    expect(await toolCallOutcome("no-env-access", "read", { path: ".env" }, cwd)).toBe("block");
    expect(await toolCallOutcome("no-env-access", "write", { path: "config/.env" }, cwd)).toBe("block");
    expect(await toolCallOutcome("no-env-access", "read", { path: ".env.local" }, cwd)).toBe("pass");
    expect(await toolCallOutcome("no-env-access", "bash", { command: "cat .env" }, cwd)).toBe("pass");
  });

  it("paths-in-cwd resolves traversal, absolute paths, and symbolic links", async () => {
    const parent = fixture("paths-in-cwd");
    const cwd = join(parent, "project");
    const sibling = join(parent, "project-copy");
    mkdirSync(cwd);
    mkdirSync(sibling);
    symlinkSync(sibling, join(cwd, "escape"));
    symlinkSync(join(cwd, "inside"), join(cwd, "inside-link"));
    mkdirSync(join(cwd, "inside"));
    const inside = [
      "README.md",
      "sub/../README.md",
      ".",
      "sub/..",
      cwd,
      `../${cwd.split("/").at(-1)}/nested/new.txt`,
      "inside-link/new.txt",
      "",
    ];
    for (const path of inside) expect(await toolCallOutcome("paths-in-cwd", "read", { path }, cwd), path).toBe("pass");
    for (const path of ["../secret.txt", sibling, `${sibling}/file.txt`, "escape/file.txt", "escape/../outside.txt"]) {
      expect(await toolCallOutcome("paths-in-cwd", "write", { path }, cwd), path).toBe("block");
    }
    expect(await toolCallOutcome("paths-in-cwd", "read", {}, cwd)).toBe("pass");
    expect(await toolCallOutcome("paths-in-cwd", "read", { path: 42 }, cwd)).toBe("block");
    expect(await toolCallOutcome("paths-in-cwd", "bash", { path: sibling }, cwd)).toBe("pass");
    expect(await toolCallOutcome("paths-in-cwd", "edit", { path: "file.txt" }, cwd, { PATH: fixture("no-node") })).toBe("block");
  });

  it("write-new-files-only distinguishes absent paths from every existing path kind", async () => {
    const cwd = fixture("write-new-files-only");
    writeFileSync(join(cwd, "existing.txt"), "existing\n");
    mkdirSync(join(cwd, "existing-directory"));
    mkdirSync(join(cwd, "nested"));
    symlinkSync("missing-target", join(cwd, "dangling-link"));
    const name = "write-new-files-only";
    for (const [input, expected] of [
      [{ path: "new.txt" }, "pass"],
      [{ path: "nested/new.txt" }, "pass"],
      [{ path: "existing.txt" }, "block"],
      [{ path: "existing-directory" }, "block"],
      [{ path: "dangling-link" }, "block"],
      [{}, "block"],
      [{ path: "" }, "block"],
      [{ path: 42 }, "block"],
    ] as const) {
      expect(await toolCallOutcome(name, "write", input, cwd), JSON.stringify(input)).toBe(expected);
    }
    expect(await toolCallOutcome(name, "edit", { path: "existing.txt" }, cwd)).toBe("pass");
    expect(await toolCallOutcome(name, "write", { path: "other.txt" }, cwd, { PATH: fixture("write-no-node") })).toBe("block");
  });
});

describe("Core dotenv output safety", { timeout: 60_000 }, () => {
  it("matches qualifying dotenv values literally across supported dotenv syntax", async () => {
    const cwd = fixture("dotenv-output");
    const cases = [
      ["API_KEY=sk-live-1234567890", "prefix sk-live-1234567890 suffix", "patch"],
      ['export SECRET_TOKEN="quoted-secret-99"', "quoted-secret-99", "patch"],
      ["client_secret='single-secret-88'", "single-secret-88", "patch"],
      ["API_KEY=trailing-secret-123   ", "trailing-secret-123", "patch"],
      ['API_KEY="quoted-trailing-123"   ', "quoted-trailing-123", "patch"],
      ["API_KEY = spaced-secret-123", "spaced-secret-123", "patch"],
      ["API_KEY=   leading-secret-123", "leading-secret-123", "patch"],
      ["API_KEY=commented-secret-123 # explanation", "commented-secret-123", "patch"],
      ['API_KEY="secret with spaces 123"', "secret with spaces 123", "patch"],
      ["API_KEY=abc=def12345", "abc=def12345", "patch"],
      ["API_KEY=sk-.*+?()special", "sk-.*+?()special", "patch"],
      ["DATABASE_URL=postgres://secret-looking-value", "postgres://secret-looking-value", "pass"],
      ["DEBUG_KEY=true", "true", "pass"],
      ["KEY=1234567", "1234567", "pass"],
      ["KEY=12345678", "12345678", "patch"],
      ["# API_KEY=commented-secret\nAPI_KEY=real-secret-123", "commented-secret", "pass"],
      ["# API_KEY=commented-secret\nAPI_KEY=real-secret-123", "real-secret-123", "patch"],
      ["API_KEY=first-secret-123\nOTHER_SECRET=second-secret-456", "second-secret-456", "patch"],
    ] as const;
    for (const [dotenv, output, expected] of cases) {
      writeFileSync(join(cwd, ".env"), `${dotenv}\n`);
      expect(await toolResultOutcome("no-env-secrets-in-output", "read", output, cwd), dotenv).toBe(expected);
    }
    writeFileSync(join(cwd, ".env"), "API_KEY=bash-secret-123\n");
    expect(await toolResultOutcome("no-env-secrets-in-output", "bash", "bash-secret-123", cwd)).toBe("patch");
  });

  it("skips an absent dotenv file and fails closed when Node is unavailable", async () => {
    expect(await toolResultOutcome("no-env-secrets-in-output", "read", "unknown-secret", fixture("dotenv-absent"))).toBe("pass");
    const cwd = fixture("dotenv-processing");
    writeFileSync(join(cwd, ".env"), "API_KEY=secret-value-123\n");
    const nodeOnly = fixture("dotenv-node-only");
    symlinkSync(process.execPath, join(nodeOnly, "node"));
    expect(await toolResultOutcome("no-env-secrets-in-output", "read", "safe", cwd, { PATH: nodeOnly })).toBe("pass");
    expect(await toolResultOutcome("no-env-secrets-in-output", "read", "secret-value-123", cwd, { PATH: nodeOnly })).toBe("patch");
    expect(await toolResultOutcome("no-env-secrets-in-output", "read", "safe", cwd, { PATH: fixture("dotenv-no-node") })).toBe("patch");
  });
});

describe("Core read-result thresholds", { timeout: 60_000 }, () => {
  for (const limit of [500, 10_000, 20_000, 50_000, 100_000, 200_000]) {
    const name = `read-max-${limit}-chars`;
    const title = `${name} has an inclusive boundary`;
    const limited = process.platform === "linux" && LINUX_ENV_STRING_LIMIT.tests.includes(title);
    (limited ? it.fails : it)(limited ? skipTitle(title, LINUX_ENV_STRING_LIMIT) : title, async () => {
      const cwd = fixture(name);
      expect(await toolResultOutcome(name, "read", "x".repeat(limit - 1), cwd)).toBe("pass");
      expect(await toolResultOutcome(name, "read", "x".repeat(limit), cwd)).toBe("pass");
      expect(await toolResultOutcome(name, "read", "x".repeat(limit + 1), cwd)).toBe("patch");
      expect(await toolResultOutcome(name, "bash", "x".repeat(limit + 1), cwd)).toBe("pass");
    });
  }

  it.runIf(process.platform === "linux")("hookit instead (Linux): a result too big for the environment fails closed", async () => {
    const cwd = fixture("read-env-limit");
    expect(await toolResultOutcome("read-max-200000-chars", "read", "x".repeat(199_999), cwd)).toBe("patch");
    expect(await toolResultOutcome("read-max-200000-chars", "read", "x".repeat(130_000), cwd)).toBe("pass");
  });

  it("counts multibyte text as characters regardless of the inherited locale", async () => {
    const cwd = fixture("read-multibyte");
    const locale = { LANG: "C", LC_ALL: "C" };
    expect(await toolResultOutcome("read-max-500-chars", "read", "é".repeat(500), cwd, locale)).toBe("pass");
    expect(await toolResultOutcome("read-max-500-chars", "read", "é".repeat(501), cwd, locale)).toBe("patch");
  });

  it("reports unavailable character-counting machinery", async () => {
    const cwd = fixture("read-missing-node");
    expect(await toolResultOutcome("read-max-500-chars", "read", "safe", cwd, { PATH: `${cwd}/empty-bin` })).toBe("patch");
  });
});
