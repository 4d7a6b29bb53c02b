// A file holding a secret, read through a program that changes its text, reaches the model in a
// form redact-secrets cannot recognise (base64, hex, reversed, cut into pieces): the starter's
// no-disguised-secrets refuses those reads before they run. Plain readers pass; their output is
// redacted. Files without a secret pass through any program.
import { mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { loadCatalog } from "../../src/engine/catalog.ts";
import { enabledHookSet } from "../../src/engine/enabled.ts";
import { evaluate } from "../../src/engine/evaluate.ts";
import { starterPolicyText } from "../../src/base/starter-policy.ts";

const dir = realpathSync(mkdtempSync(join(tmpdir(), "hookit-disguised-")));
writeFileSync(
  join(dir, "creds.txt"),
  `aws_access_key_id = AKIAIOSFODNN7EXAMPLX\naws_secret_access_key = ${"wJalrXUtnFEMI/K7MDENG"}/bPxRfiCYEXAMPLEKEY\n`,
);
writeFileSync(
  join(dir, "deploy.pem"),
  "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----\n",
);
writeFileSync(join(dir, "notes.txt"), "nothing secret here\n");

const catalog = loadCatalog([{ storage: "project", text: starterPolicyText() }]);
if (!catalog.ok) throw new Error(JSON.stringify(catalog.diagnostics));
const hooks = enabledHookSet(catalog.entries);
const reasonOf = async (command: string) => {
  const outcome = (
    await evaluate({ event: "tool_call", toolName: "bash", toolCallId: "c", input: { command } }, hooks, {
      cwd: dir,
      env: { HOME: join(dir, "home"), PATH: process.env.PATH },
    })
  ).eventOutcomes[0];
  return outcome && "reason" in outcome ? outcome.reason : undefined;
};

describe("no-disguised-secrets", () => {
  test.each([
    "base64 creds.txt",
    "xxd creds.txt",
    "od -c creds.txt",
    "rev deploy.pem",
    "fold -w 5 creds.txt",
    "cut -c1-30 creds.txt",
    "tr 'A-Za-z' 'N-ZA-Mn-za-m' < creds.txt",
    "sed 's/./& /g' creds.txt",
    "gzip -c creds.txt | base64",
    "openssl enc -base64 -in deploy.pem",
    `python3 -c "print(open('creds.txt').read()[::-1])"`,
    "sh -c 'xxd -p creds.txt'",
  ])("refuses %s", async (command) => {
    expect(await reasonOf(command)).toContain('hook "no-disguised-secrets"');
  });

  test.each([
    "cat creds.txt",
    "head -n 1 creds.txt",
    "sed -n '1,2p' creds.txt",
    "sed 1q creds.txt",
    "grep aws creds.txt",
    "base64 notes.txt",
    "rev notes.txt",
    "xxd README.md",
  ])("lets %s run", async (command) => {
    expect(await reasonOf(command)).toBeUndefined();
  });
});
