// The built-in secret list (src/base/secrets.ts), tested once for everything that uses it: every
// kind is found in the texts that hold one and redacted without touching the text around it,
// and the outputs developers read all day (ls, git log, test runs, hashes, UUIDs, base64 of
// ordinary data, documented `.env.example` lines) hold none. Samples are assembled from parts
// so that no file of the repository holds a whole secret-shaped string.
import { describe, expect, test } from "vitest";
import { mayHoldSecret, redactDeep, redactText, SECRET_KINDS, secretKinds } from "../src/base/secrets.ts";

const j = (...parts: string[]) => parts.join("");
const base62 = "aB3dE5fG7hJ9kL1mN2pQ4rS6tU8vW0xYz"; // 33 characters, mixed as real keys are

/** [kind, a text holding one, the secret itself (must be gone after redaction)]. */
const MUST_DETECT: Array<[string, string, string]> = [
  ["private key", j("-----BEGIN RSA ", "PRIVATE KEY-----\nMIIEowIBAAKCAQEA\n-----END RSA ", "PRIVATE KEY-----"), "MIIEowIBAAKCAQEA"],
  ["private key", j("cat id_ed25519\n-----BEGIN OPENSSH ", "PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA"), "b3BlbnNzaC1rZXktdjEAAAAA"],
  ["AWS access key", j("aws_access_key_id = AK", "IAIOSFODNN7EXAMPLE"), j("AK", "IAIOSFODNN7EXAMPLE")],
  ["AWS access key", j('{"AccessKeyId": "AS', 'IAXAMPLE2345678ABC"}'), j("AS", "IAXAMPLE2345678ABC")],
  ["GitHub token", j("token: gh", "p_", base62, "123"), j("gh", "p_", base62, "123")],
  ["GitHub token", j("gh", "s_", base62, "xyz"), j("gh", "s_", base62, "xyz")],
  ["GitHub token", j("GH=github", "_pat_11ABCDEFG0", base62), j("github", "_pat_11ABCDEFG0", base62)],
  ["GitLab token", j("glp", "at-", "xYz12345aBcDeFgHiJkL"), j("glp", "at-", "xYz12345aBcDeFgHiJkL")],
  ["Slack token", j("SLACK=xo", "xb-1234567890-abcdefABCDEF"), j("xo", "xb-1234567890-abcdefABCDEF")],
  ["Slack webhook", j("https://hooks.slack.com/ser", "vices/T0000/B0000/", base62), j("B0000/", base62)],
  ["Stripe key", j("sk_li", "ve_", base62), j("sk_li", "ve_", base62)],
  ["Stripe key", j("rk_te", "st_", base62), j("rk_te", "st_", base62)],
  ["OpenAI API key", j("key sk", "-proj-", base62), j("sk", "-proj-", base62)],
  ["OpenAI API key", j("echo sk", "-", base62), j("sk", "-", base62)],
  ["Anthropic API key", j("sk", "-ant-api03-", base62), j("sk", "-ant-api03-", base62)],
  ["Google API key", j("AI", "za", "SyA1234567890abcdefghijklmnopqrstuv"), j("AI", "za", "SyA1234567890abcdefghijklmnopqrstuv")],
  ["npm token", j("//registry/:_authToken=np", "m_", base62, "abc"), j("np", "m_", base62, "abc")],
  [
    "JSON Web Token",
    j("ey", "JhbGciOiJIUzI1NiJ9.ey", "JzdWIiOiIxMjM0In0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"),
    "dozjgNryP4J3jVmNHl0w5N",
  ],
  ["authorization header", j("> Authorization: Bearer ", base62), base62],
  ["password in a URL", j("DATABASE_URL=postgres://app:", "s3cretPassw0rd@db:5432/app"), "s3cretPassw0rd"],
  ["password in a URL", j("origin  https://oauth2:", "glab-tok3n-value@gitlab.example.com/x.git (fetch)"), "glab-tok3n-value"],
  ["PyPI token", j("password = py", "pi-AgEIcHlwaS5vcmc", base62, base62), j("py", "pi-AgEIcHlwaS5vcmc", base62)],
  ["Docker Hub token", j("dckr", "_pat_", base62), j("dckr", "_pat_", base62)],
  ["Hugging Face token", j("HF=h", "f_", base62), j("h", "f_", base62)],
  ["SendGrid key", j("S", "G.", "aB3dE5fG7hJ9kL1mN2pQ4r.", base62, "abcdefghij"), j("S", "G.", "aB3dE5fG7hJ9kL1mN2pQ4r.", base62)],
  ["Google OAuth token", j("access_token: ya", "29.", base62), j("ya", "29.", base62)],
  ["HashiCorp Vault token", j("VAULT_TOKEN_VALUE hv", "s.", base62), j("hv", "s.", base62)],
  ["DigitalOcean token", j("do", "p_v1_", "0123456789abcdef".repeat(4)), j("do", "p_v1_", "0123456789abcdef".repeat(4))],
  ["age secret key", j("AGE-SECRET-", "KEY-1", "QZ".repeat(29)), j("KEY-1", "QZ".repeat(29))],
  [
    "Azure key",
    j("DefaultEndpointsProtocol=https;AccountName=acct;Account", "Key=", base62, base62, "==;EndpointSuffix=core.windows.net"),
    j(base62, base62),
  ],
  ["secret variable", j("API_KEY=", "q8f7w6e5r4t3"), "q8f7w6e5r4t3"],
  ["secret variable", j("export DB_PASSWORD=", '"hunter2hunter2"'), "hunter2hunter2"],
  ["secret variable", j("aws_secret_access_key = ", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"), "wJalrXUtnFEMI/K7MDENG"],
  ["secret variable", j("  CLIENT_SECRET='", "abcdef0123456789'"), "abcdef0123456789"],
  ["secret variable", j("NODE_ENV=test\nSESSION_TOKEN=", "zz9xx8yy7ww6"), "zz9xx8yy7ww6"],
  ["secret setting", j("database:\n  password: ", "hunter2hunter2"), "hunter2hunter2"],
  ["secret setting", j('{\n  "clientSecret": "', '9f8e7d6c5b4a39281706",\n  "port": 8080\n}'), "9f8e7d6c5b4a39281706"],
  ["secret setting", j("production:\n  secret_key_base: ", "0123456789abcdef0123 # rotate yearly"), "0123456789abcdef0123"],
  ["secret setting", j("    - POSTGRES_PASSWORD: '", "s3cr3t-Pa55'"), "s3cr3t-Pa55"],
  ["secret setting", j("apiKey: ", "q8f7w6e5r4t3"), "q8f7w6e5r4t3"],
];

/** Ordinary output: must hold no secret. */
const MUST_NOT_DETECT: string[] = [
  "total 24\ndrwxr-xr-x  5 user user 4096 Mar  3 09:12 .\n-rw-r--r--  1 user user  612 Mar  3 09:12 package.json\n-rw-r--r--  1 user user    0 Mar  3 09:12 .env.example",
  "commit 3f786850e387550fdab836ed7e6dc881de23001b\nAuthor: Dev <dev@example.com>\nDate:   Tue Mar 3 09:12:00 2026\n\n    tokens: rename the password reset form",
  " ✓ test/auth.test.ts (12 tests) 41ms\n ✓ rejects an empty password\n ✓ refreshes the token before it expires\n\n Test Files  3 passed (3)\n      Tests  41 passed (41)",
  "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  dist/bin.cjs",
  "sha512-z4PhNX7vuL3xVChQ1m2AB9Yg5AULVxXcg/SpIdNs6c5H0NE8XYXysP+DGNKHfuwvY7kxvUdBeoGlODJ6+SfaPg==",
  "550e8400-e29b-41d4-a716-446655440000 6ba7b810-9dad-11d1-80b4-00c04fd430c8",
  Buffer.from("hello world, this is an ordinary configuration file with no secret in it").toString("base64"),
  "API_KEY=\nDB_PASSWORD=\nSECRET_TOKEN=<your token here>\nGITHUB_TOKEN=${GITHUB_TOKEN}\nAPI_KEY=$API_KEY",
  "const token = getToken();\nif (password.length < 8) throw new Error('password too short');",
  "npm run task-runner-with-a-very-long-name-here && disk-usage-report-generator-v2",
  "Visit https://github.com/owner/repo and git@github.com:owner/repo.git; http://localhost:3000/api",
  "remote: https://user@github.com/owner/repo.git",
  "ASIAN markets; AKIA is a prefix; ghp_short; sk-short; xoxb-; eyJhbGciOiJIUzI1NiJ9 alone",
  "node_modules/.bin/vitest npm_config_cache=/home/user/.npm",
  "PRIVATE KEY handling is documented in docs/security.md",
  "src/base/secrets.ts:12: Authorization: header parsing",
  // settings that are code, types, references, templates or placeholders
  "const db = {\n  password: process.env.DB_PASSWORD,\n  token: getToken(),\n  apiKey: config.apiKey,\n};",
  "interface Login {\n  password: string;\n  token?: SessionToken;\n}\nclass User:\n    password: SecretStr\n    api_key: Optional[str] = None",
  "services:\n  db:\n    environment:\n      POSTGRES_PASSWORD: ${POSTGRES_PASSWORD}\n      password: {{ .Values.db.password }}\n      token: <your token>",
  "password: changeme\nsecret: true\ntoken: null\nlabel: Password reset for user 12345",
];

describe("the built-in secret list", () => {
  test("no screen string holds a character JSON escapes: the decision log screens the events' JSON text whole", () => {
    for (const kind of SECRET_KINDS) for (const screen of kind.screen) expect(JSON.stringify(screen), kind.label).toBe(`"${screen}"`);
  });

  test("every kind has a must-detect row", () => {
    for (const kind of SECRET_KINDS)
      expect(
        MUST_DETECT.some(([label]) => label === kind.label),
        kind.label,
      ).toBe(true);
  });

  test.each(MUST_DETECT)("finds a %s in %j, and redacts only the secret", (label, text, secret) => {
    expect(text).toContain(secret);
    expect(mayHoldSecret(text)).toBe(true);
    expect(secretKinds(text)).toContain(label);
    const redacted = redactText(text, (kind) => `[REDACTED: ${kind}]`);
    expect(redacted.kinds).toContain(label);
    expect(redacted.text).not.toContain(secret);
    expect(redacted.text).toContain(`[REDACTED: ${label}]`);
  });

  test.each(MUST_NOT_DETECT)("finds nothing in %j", (text) => {
    expect(secretKinds(text)).toEqual([]);
    expect(redactText(text, () => "[X]")).toEqual({ text, kinds: [] });
  });

  test("the text around a secret stays as it was", () => {
    const key = j("AK", "IAIOSFODNN7EXAMPLE");
    const text = `line one\nkey=${key} trailing\n${"x".repeat(50)}\nNAME=value`;
    expect(redactText(text, () => "#").text).toBe(`line one\nkey=# trailing\n${"x".repeat(50)}\nNAME=value`);
  });

  test("a NAME=secret line keeps its name, so the reader knows which variable it was", () => {
    expect(redactText(j("STRIPE_SECRET_KEY=", "abcdefgh12345678"), () => "#").text).toBe("STRIPE_SECRET_KEY=#");
  });

  test("a private key with no footer is hidden to the end of the text", () => {
    const text = j("before\n-----BEGIN EC ", "PRIVATE KEY-----\nMHcCAQEEI\nmore key text");
    expect(redactText(text, () => "#").text).toBe("before\n#");
  });

  test("every string of a nested value is redacted; a value without secrets is returned as it is", () => {
    const token = j("gh", "o_", base62, "abc");
    const { value, kinds } = redactDeep({ a: [{ b: `x ${token}` }], c: 1 }, () => "#");
    expect(value).toEqual({ a: [{ b: "x #" }], c: 1 });
    expect(kinds).toEqual(["GitHub token"]);
    const plain = { a: ["ls -la"], b: null };
    expect(redactDeep(plain, () => "#").value).toBe(plain);
  });

  test("the patterns are stateless between calls (global expressions are reset)", () => {
    const text = j("AK", "IAIOSFODNN7EXAMPLE");
    for (let i = 0; i < 3; i++) expect(secretKinds(text)).toEqual(["AWS access key"]);
  });
});
