// Secret redaction for the decision log: each secret kind on its own is hidden
// wherever it sits in an event, and text without one comes back as the same
// string. What counts as a secret is tested once, in test/secrets.test.ts.
import { describe, expect, test } from "vitest";
import { REDACTED, redactSecrets } from "../../src/run/redact.ts";
import { SECRET_KINDS } from "../../src/base/secrets.ts";

const SAMPLES: Record<string, string> = {
  aws: ["AKIA", "ABCDEFGHIJKLMNOP"].join(""),
  pem: "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----",
  github: `gho_${"b".repeat(36)}`,
  openai: `sk-proj-${"c".repeat(24)}`,
  slack: ["xoxb", "-1234567890-abcdefABCDEF"].join(""),
  jwt: ["eyJhbGciOiJIUzI1NiJ9", "eyJzdWIiOiIxMjM0In0", "dozjgNryP4J3jVmNHl0w5N"].join("."),
};

describe("redactSecrets", () => {
  test("the samples are secrets of the built-in list", () => {
    for (const sample of Object.values(SAMPLES))
      expect(SECRET_KINDS.some((kind) => new RegExp(kind.pattern.source).test(sample))).toBe(true);
  });

  for (const [kind, secret] of Object.entries(SAMPLES)) {
    test(`a ${kind} secret alone is hidden, wherever it sits in the event`, () => {
      const { value, found } = redactSecrets({ input: { command: `echo ${secret} > out`, list: ["x", `k=${secret}`] } });
      expect(found).toBe(true);
      expect(JSON.stringify(value)).not.toContain(secret.slice(0, 12));
      expect(value.input.command).toContain(REDACTED);
      expect(value.input.list[1]).toBe(`k=${REDACTED}`);
    });
  }

  test("text without a secret is returned as it was", () => {
    const input = { command: "git commit -m 'ask for the sk key' && echo AKIA", path: "gh_pages/index.html" };
    expect(redactSecrets(input)).toEqual({ value: input, found: false });
  });

  test("a secret deep inside arrays and objects is found, however deep", () => {
    let deep: unknown = `token ${SAMPLES[Object.keys(SAMPLES)[0] as keyof typeof SAMPLES]}`;
    for (let i = 0; i < 80; i++) deep = i % 2 ? [deep] : { inner: deep };
    const { value, found } = redactSecrets({ input: deep });
    expect(found).toBe(true);
    expect(JSON.stringify(value)).toContain(REDACTED);
  });
});
