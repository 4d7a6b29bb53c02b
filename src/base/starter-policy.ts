// The starter policy `hookit init` writes and `npm run demo` runs. Every hook
// is tested (test/starter/); `default` is chosen per hook: the guards are on,
// the slow agent_end test run is opt-in.
// Command facts (`hookit.*` filter keys, docs/events.md) make the guards match
// what a call does — any spelling, wrapper, symlink or glob — and leave text
// that is only data (commit messages, echo, heredocs) alone.
import { DOWNLOADERS } from "./downloaders.ts";
import { CHANGED_UNREAD, RUNS_FETCHED, RUNS_MADE_UP } from "./changed-unread.ts";

/**
 * `source` with each letter it spells in either case (not those of a class `[…]`, an escape or a
 * group's `(?…` syntax): on macOS's and Windows's usual file systems `~/.SSH/ID_RSA` is the key itself,
 * and `.ENV` is `.env`.
 */
function anyCaseLetters(source: string): string {
  let out = "";
  for (let i = 0; i < source.length; i++) {
    const c = source[i] as string;
    if (c === "\\") out += c + (source[++i] ?? "");
    else if (c === "[") {
      const close = source.indexOf("]", i + 2);
      if (close < 0) return out + source.slice(i); // not a class JavaScript reads: left as it is
      out += source.slice(i, close + 1);
      i = close;
    } else if (c === "(" && source[i + 1] === "?") {
      const syntax = source.startsWith("(?<", i) ? source.slice(i, i + 4) : source.slice(i, i + 3);
      out += syntax;
      i += syntax.length - 1;
    } else out += c.toLowerCase() === c.toUpperCase() ? c : `[${c.toLowerCase()}${c.toUpperCase()}]`;
  }
  return out;
}
// `.env`, `.env.*` and their editor leftovers (`.env~`, `.env ` — a trailing blank is part of the name),
// but not the committed documentation of one: a name whose last suffix is `.example`, `.sample` or
// `.template` (`.env.example`, `.env.local.example`).
// Any letter case: macOS and Windows file systems do not tell `.ENV` from `.env`.
const DOTENV = anyCaseLetters("(^|/)\\.env(?!(\\.[^/]*)?\\.(example|sample|template)$)(\\.[^/]*)?[\\s~]*$");
// Credentials a developer keeps outside any project: SSH private keys (not the `.pub` halves), the
// cloud CLIs' tokens, cluster, registry and package-publishing logins, git's stored passwords, GnuPG's
// keys. A recursive reader of one of these folders (tar, cp -r, grep -r) reads the folder itself.
// The home folder: `~/…` as the facts give a path below the user's own (wherever it is), or a
// usual place of a home.
const HOME_DIR = "^(?:~|/(?:home/[^/]+|root|Users/[^/]+))";
const CREDENTIALS = [
  "(^|/)\\.ssh(/(id_[^/]*|[^/]*_key|[^/]*\\.pem))?$(?<!\\.pub)",
  "(^|/)\\.aws(/(credentials|config|sso/cache/[^/]*))?$",
  "(^|/)\\.config/gcloud(/.*)?$",
  "(^|/)\\.azure(/.*)?$",
  "(^|/)\\.kube/config$",
  "(^|/)\\.docker/config\\.json$",
  "(^|/)\\.gnupg(/.*)?$",
  "(^|/)\\.git-credentials$",
  "(^|/)\\.config/gh/hosts\\.yml$",
  "(^|/)\\.config/glab-cli/config\\.yml$",
  // The OS keychains and password managers' stores: what `security find-generic-password`, `secret-tool
  // lookup`, `pass show` or `bw get` print is read from them (facts/credential-stores.ts).
  "(^|/)Library/Keychains(/.*)?$",
  "(^|/)\\.local/share/(keyrings|kwalletd)(/.*)?$",
  "(^|/)\\.password-store(/.*)?$",
  "(^|/)\\.config/Bitwarden CLI(/.*)?$",
  "(^|/)\\.(lpass|vault-token)(/.*)?$",
  // Browsers' saved passwords and session cookies (Firefox, Chrome and its kin, on Linux and macOS).
  "(^|/)\\.mozilla/firefox/[^/]+/(logins\\.json|key[34]\\.db|cookies\\.sqlite)$",
  "(^|/)(google-chrome|chromium|BraveSoftware/Brave-Browser|Google/Chrome|Microsoft Edge|microsoft-edge)/[^/]+/(Login Data|Cookies)$",
  // The coding agents' own logins: Claude Code's OAuth tokens (Linux), Codex's, Gemini CLI's, OpenCode's.
  "(^|/)\\.claude/\\.credentials\\.json$",
  "(^|/)\\.codex/auth\\.json$",
  "(^|/)\\.gemini/oauth_creds\\.json$",
  "(^|/)\\.local/share/opencode/auth\\.json$",
  "(^|/)\\.pi/agent/auth\\.json$",
  "(^|/)\\.config/github-copilot/(hosts|apps)\\.json$",
  // Package registries', infrastructure and hosting CLIs' tokens, database passwords, object-storage keys.
  "(^|/)\\.terraform\\.d/credentials\\.tfrc\\.json$",
  "(^|/)\\.cargo/credentials(\\.toml)?$",
  "(^|/)\\.gem/credentials$",
  "(^|/)\\.m2/settings-security\\.xml$",
  "(^|/)\\.(config/)?composer/auth\\.json$",
  "(^|/)\\.config/hub$",
  "(^|/)\\.config/rclone/rclone\\.conf$",
  "(^|/)\\.(config/\\.)?wrangler/config/[^/]+\\.toml$",
  "(^|/)\\.config/stripe/config\\.toml$",
  "(^|/)\\.(config/)?netlify/config\\.json$",
  "(^|/)(\\.vercel|\\.local/share/com\\.vercel\\.cli)/auth\\.json$",
  "(^|/)\\.fly/config\\.yml$",
  "(^|/)\\.config/helm/registry/config\\.json$",
  "^/etc/g?shadow$",
  // Often also committed in a project without a secret: only the home directory's.
  `${HOME_DIR}/\\.(npmrc|pypirc|netrc|pgpass|my\\.cnf|mylogin\\.cnf|s3cfg|boto|yarnrc\\.yml)$`,
  `${HOME_DIR}/\\.(m2/settings\\.xml|gradle/gradle\\.properties)$`,
].map(anyCaseLetters);
// A shell or interpreter running what a download prints: `curl … | sh`, `bash <(wget -O- …)`, `python3 - < <(curl …)`,
// `eval "$(curl …)"`; or what a decoder prints, the way a command is hidden from every guard
// (`echo cm0gLXJmIH4= | base64 -d | sh`, `eval "$(xxd -r -p <<< …)"`).
const DECODERS = ["base64", "base32", "basenc", "xxd", "uudecode"];
const DOWNLOADING = `^(${[...DOWNLOADERS, ...DECODERS].join("|")})$`;
const RUNS_INPUT =
  "(reads commands from its input|reads code from its input|runs a command's output|-c of a value hookit cannot know|^eval of a value hookit cannot know|^program: )";
const tell = (message: string) => ({ type: "message", message, delivery: "steer", outcome: "block" }) as const;

export const STARTER_POLICY = {
  // hookit writes its own schema next to the policy: HooKit's rejects hookit's keys (`timeout`).
  $schema: "./schema.json",
  local: {
    "no-recursive-delete-outside-project": {
      description:
        "Block recursive deletes of anything outside the project (rm -r, find -delete, any wrapper or spelling); the system temp directory is fine.",
      event: "tool_call",
      filter: { "hookit.recursiveDeletesOutside": "." },
      shell: "false",
      action: tell(
        "That recursive delete reaches outside this project, so it was not run. Do not retry it another way: ask the user to run it themselves if it is really needed.",
      ),
      default: true,
    },
    "no-dotenv-secrets": {
      description:
        "Never read, write, copy, source or search .env / .env.* files, by any tool, redirect, symlink or glob (.env.example, .env.sample, .env.template stay readable).",
      event: "tool_call",
      filter: { "hookit.paths": DOTENV },
      shell: "false",
      action: tell(
        "Dotenv files hold secrets and are not readable or writable here; a recursive search or copy that would open them (grep -r, rg --hidden, a Grep tool over a folder holding one git does not ignore, tar, cp -r, git add -A or git add . staging one) counts too, so leave them out (for example grep -r --exclude='.env*', a Grep glob of !.env*, or git add with the files named). Do not try another way to reach them: ask the user for the specific value you need, or read .env.example for the variable names.",
      ),
      default: true,
    },
    "no-force-push": {
      description: "Block git push --force / -f / +refspec (git push --force-with-lease passes).",
      event: "tool_call",
      // `--force`, `-f`, `--mirror`, a `+` refspec, or a `-c` setting that makes a push one (facts/force-push.ts).
      filter: { "hookit.forcePushes": "." },
      shell: "false",
      action: tell(
        "Force pushes are blocked. Use git push --force-with-lease if you must overwrite the remote branch, or ask the user to push.",
      ),
      default: true,
    },
    "no-work-loss": {
      description:
        "Block what would lose work git cannot bring back, judged on the repository at the time of the call: uncommitted changes (reset --hard, checkout/restore of modified files, switch -f), untracked files (clean -f, rm -r, find -delete, globs), .git, stash entries, unmerged branches, a changed worktree. Passes when nothing would be lost.",
      event: "tool_call",
      // `hookit.discards`: read from the repository with git, only for a line that could discard work.
      filter: { "hookit.discards": "." },
      shell: "false",
      action: tell(
        "That would lose work git cannot bring back: {hookit.discards}. It was not run. Keep the work first (git stash push --include-untracked, or a commit on a branch), choose a narrower command that leaves these alone, or ask the user whether they may be thrown away.",
      ),
      default: true,
    },
    "no-writes-outside-project": {
      description:
        "Block writes outside the project, through file tools or the shell (redirects, cp, mv, tee, …); the system temp directory is fine.",
      event: "tool_call",
      filter: { "hookit.writesOutside": "." },
      shell: "false",
      action: tell(
        "Writing outside this project is blocked. Keep changes inside the project (or the system temp directory); if a file elsewhere must change, ask the user to do it.",
      ),
      default: true,
    },
    "no-credential-files": {
      description:
        "Never read or copy the credentials kept outside a project (SSH private keys, ~/.aws, gcloud, Azure, ~/.kube/config, ~/.docker/config.json, ~/.npmrc, ~/.pypirc, ~/.netrc, ~/.git-credentials, GnuPG, the OS keychains and password stores, browsers' saved passwords, the coding agents' own logins, package registries' and hosting, infrastructure and database CLIs' tokens and passwords: Terraform, Cargo, RubyGems, Maven, Gradle, Composer, rclone, Wrangler, Stripe, Netlify, Vercel, Fly, ~/.pgpass, ~/.my.cnf, ~/.s3cfg), by any tool, wrapper or symlink, or by a command that prints them (aws configure get, gh auth token, gcloud auth print-access-token, security find-generic-password, secret-tool lookup, pass show, git credential fill).",
      event: "tool_call",
      filter: { "hookit.reads": CREDENTIALS },
      shell: "false",
      action: tell(
        "That file holds the user's credentials, so it was not read. Do not look for another way to reach it: if the task needs access to a service, ask the user to set it up or to give you what you need.",
      ),
      default: true,
    },
    "no-unread-code": {
      description:
        "Block a line that changes a file in a way hookit cannot read and then runs or applies it (sed -i … run.sh && bash run.sh, npm pkg set scripts.test=… && npm test, python3 -c '…' > x.sh; sh x.sh), runs what a program makes up as it runs (python3 -c 'print(…)' | sh, eval \"$(python3 -c …)\", sh -c \"$(rev <<< …)\", code that decodes what it runs), or runs code it fetches itself (deno run https://…): what runs is not what hookit can check. Split it: change the file in one call, run it in the next, where hookit reads it; write a command as plain text.",
      event: "tool_call",
      filter: { "hookit.unresolved": `^(${CHANGED_UNREAD}|${RUNS_MADE_UP}|${RUNS_FETCHED}): ` },
      shell: "false",
      action: tell(
        "That line runs code hookit cannot read before it runs ({hookit.unresolved}), so it was not run. Write a command as plain text, or make a change to a file in one call and run the file in the next: hookit then reads what runs. If that is not possible, ask the user to run it.",
      ),
      default: true,
    },
    "no-disguised-secrets": {
      description:
        "Block reading a file that holds a secret (a private key, a cloud or API key, a NAME=secret line, …) through a program that changes its text (base64, xxd, od, rev, fold, cut, tr, sed, awk, gzip, openssl, inline code): the secret would reach the model in a form redact-secrets cannot recognise. Plain readers (cat, head, grep, less, the Read tool) pass, and their output is redacted.",
      event: "tool_call",
      filter: { "hookit.disguisedSecrets": "." },
      shell: "false",
      action: tell(
        "That file holds a secret ({hookit.disguisedSecrets}), and this command would show it in another form, so it was not run. Read it with a plain reader (cat, head, grep) if you need its other lines: the secret is withheld there. Ask the user for what you need from the secret itself.",
      ),
      default: true,
    },
    "no-download-to-shell": {
      description:
        'Block running what a download prints or saves, or what a decoder prints (curl … | sh, wget -O- … | bash, bash <(curl …), python3 - < <(curl …), eval "$(curl …)", curl -o i.sh … && sh i.sh, base64 -d … | sh).',
      event: "tool_call",
      // Keys are tried in order and the first miss ends the filter: most lines have nothing unresolved,
      // so the long list of programs is not compiled for them (1.3 M instructions on the compound line).
      filter: { "hookit.unresolved": RUNS_INPUT, "hookit.programs": DOWNLOADING },
      shell: "false",
      action: tell(
        "Piping a download (or text a decoder prints) into a shell or interpreter runs code nobody has read, so it was not run. Download it to a file instead, and ask the user to read it and run it themselves if it is needed; write a command as plain text.",
      ),
      default: true,
    },
    "redact-secrets": {
      description:
        "Withhold secrets in tool output (private keys, AWS, GitHub, GitLab, Slack, Stripe, OpenAI, Anthropic, PyPI, Docker Hub, Hugging Face, SendGrid, Vault and Azure keys, JWTs, NAME=secret lines, the secret-named variables of the environment, …): the rest of the output stays readable where the agent can replace a result.",
      event: "tool_result",
      // `hookit.secrets`: the kinds of secret in the result (src/base/secrets.ts); no shell runs.
      filter: { "hookit.secrets": "." },
      shell: "false",
      // hookit extension: the result is shown with each secret replaced, not suppressed whole.
      redact: true,
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
