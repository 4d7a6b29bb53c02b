// The starter policy `hookit init` writes and `npm run demo` runs. Every hook
// is tested (test/starter-policy.test.ts); `default` is chosen per hook: the
// guards are on, the slow agent_end test run is opt-in.
export const STARTER_POLICY = {
  // hookit writes its own schema next to the policy: HooKit's rejects hookit's keys (`timeout`).
  $schema: "./schema.json",
  local: {
    "no-rm-rf-outside-project": {
      description: "Block recursive rm aimed at /, ~, $HOME or a parent directory (..).",
      event: "tool_call",
      filter: {
        toolName: "^bash$",
        command: "(^|[;&|(\\s])rm\\s+(-\\S+\\s+)*-[a-zA-Z]*[rR][a-zA-Z]*\\s+(-\\S+\\s+)*[\"']?(/|~|\\$HOME|\\$\\{HOME\\}|\\.\\.)",
      },
      shell: "false",
      default: true,
    },
    "no-env-files": {
      description: "Never read or change .env files (secrets) through the file tools.",
      event: "tool_call",
      filter: { toolName: "^(read|write|edit)$", path: "(^|/)\\.env(\\.[A-Za-z0-9_-]+)?$" },
      shell: "false",
      default: true,
    },
    "no-env-files-in-shell": {
      description: "Never touch .env files from the shell (cat .env, source .env, …).",
      event: "tool_call",
      filter: { toolName: "^bash$", command: "(^|[\\s'\"=/<])\\.env(\\.[A-Za-z0-9_-]+)?($|[\\s'\";|&>)])" },
      shell: "false",
      default: true,
    },
    "no-force-push": {
      description: "Block git push --force / -f (use --force-with-lease by hand if you must).",
      event: "tool_call",
      filter: { toolName: "^bash$", command: "\\bgit\\b.*\\bpush\\b.*(\\s--force(\\s|$)|\\s-[a-zA-Z]*f[a-zA-Z]*(\\s|$))" },
      shell: "false",
      default: true,
    },
    "redact-secrets": {
      description: "Hide tool output that contains a secret (AWS key, private key, GitHub or OpenAI token).",
      event: "tool_result",
      shell:
        "! printf '%s' \"$PI_TOOL_RESULT\" | grep -Eq 'AKIA[0-9A-Z]{16}|-----BEGIN [A-Z ]*PRIVATE KEY-----|gh[pousr]_[A-Za-z0-9]{36}|sk-[A-Za-z0-9_-]{20,}'",
      default: true,
    },
    "tests-pass-before-stopping": {
      description: "Do not stop until `npm test` passes (opt in: set default to true).",
      event: "agent_end",
      when: "test -f package.json",
      shell: "npm test --silent >/dev/null 2>&1",
      default: false,
    },
  },
};

export function starterPolicyText(): string {
  return JSON.stringify(STARTER_POLICY, null, 2) + "\n";
}
