// Every test file shown in docs/testing-policies.md is one `hookit test` reads,
// and the published JSON Schema describes the same format.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { readCaseFile, testFileJsonSchema } from "../../src/policytest/cases.ts";
import { STARTER_TESTS } from "../../src/base/starter-tests.ts";

const dir = mkdtempSync(join(tmpdir(), "hookit-docs-cases-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const page = readFileSync(join(import.meta.dirname, "../../docs/testing-policies.md"), "utf8");
const files = [...page.matchAll(/```json\n([\s\S]*?)\n```/g)].map((m) => m[1] as string).filter((text) => text.includes('"cases"'));

test("the page shows test files, and each one reads", () => {
  expect(files.length).toBeGreaterThan(0);
  for (const [i, text] of files.entries()) {
    const path = join(dir, `doc-${i}.json`);
    writeFileSync(path, text);
    const read = readCaseFile(path);
    expect("error" in read ? read.error : "").toBe("");
  }
});

test("the starter tests read as a test file", () => {
  const path = join(dir, "starter.json");
  writeFileSync(path, JSON.stringify(STARTER_TESTS));
  const read = readCaseFile(path);
  expect("cases" in read && read.cases.length).toBe(STARTER_TESTS.cases.length);
});

test("the JSON Schema names every field of a case", () => {
  const text = JSON.stringify(testFileJsonSchema());
  for (const key of ["cases", "name", "event", "agent", "native", "payload", "expect", "outcome", "reason", "message", "hooks"])
    expect(text).toContain(`"${key}"`);
  for (const outcome of ["pass", "block", "patch", "ask", "continue", "cancel"]) expect(text).toContain(`"${outcome}"`);
});
