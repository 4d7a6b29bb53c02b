// Secrets in the environment: a secret-named variable's value, printed by a tool (`printenv
// GITHUB_TOKEN`, `echo "$API_KEY"`), is withheld like the secret kinds hookit knows by their form.
// The environment is read once per process, at the first scan: this file sets it first.
import { describe, expect, test } from "vitest";

const VALUE = "zq81Kd02mXvA77pLq1Hf";
process.env.HOOKIT_TEST_DEPLOY_TOKEN = VALUE;
const { environmentKinds, mayHoldSecret, redactText, secretKinds } = await import("../src/base/secrets.ts");

describe("secrets in the environment", () => {
  test("a secret-named variable's key-like value is a secret wherever it appears", () => {
    const text = `deploying with ${VALUE}\nok`;
    expect(mayHoldSecret(text)).toBe(true);
    expect(secretKinds(text)).toContain("secret in the environment");
    const redacted = redactText(text, (label) => `[REDACTED: ${label}]`);
    expect(redacted.text).toBe("deploying with [REDACTED: secret in the environment]\nok");
    expect(redacted.kinds).toEqual(["secret in the environment"]);
  });

  test("the value in a JSON text is found as written (the decision log screens JSON)", () => {
    expect(mayHoldSecret(JSON.stringify({ command: `echo ${VALUE}` }))).toBe(true);
  });

  test.each([
    ["GITHUB_TOKEN", "9f8a7b6c5d4e3f2a1b0c"],
    ["db_password", "s3cr3t-Passw0rd-2026"],
    ["OPENAI_API_KEY", "k2Jd8sLq0pXz4mNv7bTr"],
    ["AWS_SECRET_ACCESS_KEY", "wJalrXUtnFEMI/K7MDENG/bPxRfiCY4EXAMPLEKEY"],
  ])("%s is read", (name, value) => {
    expect(environmentKinds({ [name]: value }).map((kind) => kind.screen)).toEqual([[value]]);
  });

  test.each([
    ["PATH", "/usr/local/bin:/usr/bin:/bin:/sbin1234"],
    ["DB_PASSWORD", "postgres"], // a word: too short to tell from text
    ["GITHUB_TOKEN_FILE", "/run/secrets/github_token1"], // a path, not the secret
    ["API_KEY", "abcdefghijklmnopqrstuvwxyz"], // no digit: a word, not a key
    ["SECRET_NAME", "~/.config/app/secret1234"],
    ["TOKEN", 'with"quote12345678901'], // a character JSON escapes
  ])("%s=%s is not", (name, value) => {
    expect(environmentKinds({ [name]: value })).toEqual([]);
  });
});
