// The secrets hookit recognizes in text, as data: one list for everything that hides them — the
// decision log and decision export (src/run/redact.ts) and the `hookit.secrets` fact a
// tool_result hook filters on (src/engine/result-facts.ts), which the starter policy's
// `redact-secrets` hook uses. Tested once, with texts that must and must not match
// (test/secrets.test.ts). The model is told a kind's label, never its pattern.
//
// A pattern runs only on a text that holds one of its `screen` strings: most texts hold none,
// and a plain search is far cheaper than compiling and running an expression in a hook process
// (docs/performance.md, "What runs cold is counted").

// Names a `.env`-style line gives a secret: the whole name holds one of these words.
const SECRET_WORDS = ["SECRET", "PASSWORD", "PASSWD", "TOKEN", "API_KEY", "APIKEY", "ACCESS_KEY", "PRIVATE_KEY", "AUTH_KEY"];
const NAME_WORDS = [...SECRET_WORDS, ...SECRET_WORDS.map((word) => word.toLowerCase())];
// The value: 8 characters or more, not a reference or a placeholder (`$VAR`, `${VAR}`, `<your key>`, `[REDACTED…]`).
const ENV_LINE = () =>
  `^([ \\t]*(?:export[ \\t]+)?[A-Za-z0-9_.-]*(?:${NAME_WORDS.join("|")})[A-Za-z0-9_.-]*[ \\t]*=[ \\t]*["']?)[^\\s"'#$<{%[][^\\s"'#]{7,}`;
// The same names in a YAML, JSON or properties setting (`password: …`, `"clientSecret": "…"`), in
// every case a key is written in. The value is one run of 8 characters or more that holds a digit
// (random keys and most passwords do; a type such as `password: SecretStr` does not), ends the line
// (a trailing comma or comment aside), and is not code (`process.env.TOKEN`, `getToken()`), a
// reference or a template (`${DB_PASSWORD}`, `{{ .Values.token }}`).
const SETTING_WORDS = [
  ...NAME_WORDS,
  ...[
    "Secret",
    "Password",
    "Passwd",
    "Token",
    "ApiKey",
    "apiKey",
    "AccessKey",
    "accessKey",
    "PrivateKey",
    "privateKey",
    "AuthKey",
    "authKey",
  ],
];
const SETTING_LINE = () =>
  `^([ \\t]*(?:-[ \\t]+)?["']?[A-Za-z0-9_.-]*(?:${SETTING_WORDS.join("|")})[A-Za-z0-9_.-]*["']?[ \\t]*:[ \\t]*["']?)` +
  `(?=[^\\s"']*\\d)[^\\s"'#$<{%[(][^\\s"'#,;()[\\]{}.]{7,}(?=["']?[ \\t]*,?[ \\t]*(?:#.*)?$)`;

/**
 * A kind whose expression is made the first time a text holds one of its `screen` strings: a hook
 * call that meets none never parses it. The 25 expressions made at load cost every hook call about
 * 0.3 M instructions in hook.cjs, and as much again where facts.cjs loads (Node 22.23.5). A class,
 * not an object literal with a getter: those gave each kind a shape of its own, 11 kB of young
 * memory a bundle, which put the compound Bash line past a scavenge (2 M instructions).
 */
export class SecretKind {
  /** What the model and the user are told was withheld. */
  readonly label: string;
  /** Text every match holds; the pattern is not run on a text holding none of them. */
  readonly screen: readonly string[];
  private readonly make: () => RegExp;
  private made: RegExp | undefined;
  constructor(label: string, screen: readonly string[], make: () => RegExp) {
    this.label = label;
    this.screen = screen;
    this.make = make;
  }
  /** Every match is a secret. With a first group, that group is kept and only the rest is hidden (`NAME=`). */
  get pattern(): RegExp {
    this.made ??= this.make();
    return this.made;
  }
}
// Not inside a longer word (`task-runner-…` holds `sk-`).
const START = "(?<![A-Za-z0-9_-])";

export const SECRET_KINDS: readonly SecretKind[] = [
  // From its header to its footer, or to the end of the text when the footer is cut off.
  new SecretKind(
    "private key",
    ["PRIVATE KEY-----"],
    () => /-----BEGIN [A-Z ]*PRIVATE KEY-----(?:[\s\S]*?-----END [A-Z ]*PRIVATE KEY-----|[\s\S]*$)/g,
  ),
  new SecretKind("AWS access key", ["AKIA", "ASIA"], () => /(?<![0-9A-Z])(?:AKIA|ASIA)[0-9A-Z]{16}(?![0-9A-Z])/g),
  new SecretKind(
    "GitHub token",
    ["ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"],
    () => /(?<![A-Za-z0-9])(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{22,})/g,
  ),
  new SecretKind(
    "GitLab token",
    ["glpat-", "gldt-", "glrt-", "glptt-"],
    () => /(?<![A-Za-z0-9])(?:glpat|gldt|glrt|glptt)-[A-Za-z0-9_-]{20,}/g,
  ),
  new SecretKind("Slack token", ["xox"], () => /(?<![A-Za-z0-9])xox[abposr]-[A-Za-z0-9-]{10,}/g),
  new SecretKind("Slack webhook", ["hooks.slack.com/services/"], () => /https:\/\/hooks\.slack\.com\/services\/[A-Za-z0-9_/-]{20,}/g),
  new SecretKind("Stripe key", ["k_live_", "k_test_"], () => /(?<![A-Za-z0-9])(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}/g),
  new SecretKind("Anthropic API key", ["sk-ant-"], () => new RegExp(`${START}sk-ant-[A-Za-z0-9_-]{20,}`, "g")),
  new SecretKind("OpenAI API key", ["sk-"], () => new RegExp(`${START}sk-(?!ant-)[A-Za-z0-9_-]{20,}`, "g")),
  new SecretKind("Google API key", ["AIza"], () => /(?<![A-Za-z0-9])AIza[0-9A-Za-z_-]{35}/g),
  new SecretKind("npm token", ["npm_"], () => /(?<![A-Za-z0-9])npm_[A-Za-z0-9]{36}(?![A-Za-z0-9])/g),
  // Other registries', platforms' and services' tokens, by the prefix each gives them.
  new SecretKind("PyPI token", ["pypi-AgEIcHlwaS5vcmc"], () => /(?<![A-Za-z0-9])pypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,}/g),
  new SecretKind("Docker Hub token", ["dckr_pat_"], () => /(?<![A-Za-z0-9])dckr_pat_[A-Za-z0-9_-]{27,}/g),
  new SecretKind("Hugging Face token", ["hf_"], () => /(?<![A-Za-z0-9])hf_[A-Za-z0-9]{30,}(?![A-Za-z0-9])/g),
  new SecretKind("SendGrid key", ["SG."], () => /(?<![A-Za-z0-9])SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}/g),
  new SecretKind("Google OAuth token", ["ya29."], () => /(?<![A-Za-z0-9])ya29\.[A-Za-z0-9_-]{20,}/g),
  new SecretKind("HashiCorp Vault token", ["hvs.", "hvb.", "hvr."], () => /(?<![A-Za-z0-9])hv[sbr]\.[A-Za-z0-9_-]{24,}/g),
  new SecretKind("DigitalOcean token", ["_v1_"], () => /(?<![A-Za-z0-9])do[por]_v1_[a-f0-9]{64}/g),
  new SecretKind("age secret key", ["AGE-SECRET-KEY-1"], () => /AGE-SECRET-KEY-1[0-9A-Z]{58}/g),
  // A storage or Service Bus connection string's key: the name stays, the key goes.
  new SecretKind("Azure key", ["AccountKey=", "SharedAccessKey="], () => /((?:AccountKey|SharedAccessKey)=)[A-Za-z0-9+/]{30,}={0,2}/g),
  new SecretKind("JSON Web Token", ["eyJ"], () => /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g),
  new SecretKind(
    "authorization header",
    ["uthorization"],
    () => /([Aa]uthorization["']?[ \t]*[:=][ \t]*["']?(?:Bearer|bearer|Basic|basic|Token|token)[ \t]+)[A-Za-z0-9._~+/=-]{12,}/g,
  ),
  new SecretKind("password in a URL", ["://"], () => /(\b[A-Za-z][A-Za-z0-9+.-]*:\/\/[^\s:/@]+:)[^\s:/@]{3,}(?=@)/g),
  new SecretKind("secret variable", NAME_WORDS, () => new RegExp(ENV_LINE(), "gm")),
  new SecretKind("secret setting", SETTING_WORDS, () => new RegExp(SETTING_LINE(), "gm")),
];

/**
 * The values of the environment's secret-named variables (`GITHUB_TOKEN`, `DB_PASSWORD`, …) that
 * look like a key rather than a word or a path: 16 characters or more of a token's characters, a
 * letter and a digit among them, none that JSON escapes (the decision log screens JSON text). A
 * tool can print one (`printenv GITHUB_TOKEN`, `echo "$API_KEY"`) in a form no pattern above knows.
 */
export function environmentKinds(env: Readonly<Record<string, string | undefined>>): SecretKind[] {
  const kinds: SecretKind[] = [];
  for (const name of Object.keys(env)) {
    const value = env[name];
    if (value === undefined || value.length < 16) continue;
    const upper = name.toUpperCase();
    if (!SECRET_WORDS.some((word) => upper.includes(word)) || !/^[A-Za-z0-9_+=:@%-][A-Za-z0-9_+=:@%~./-]*$/.test(value)) continue;
    if (!/[A-Za-z]/.test(value) || !/\d/.test(value)) continue;
    const source = value.replace(/[+.]/g, "\\$&");
    kinds.push(new SecretKind("secret in the environment", [value], () => new RegExp(source, "g")));
  }
  return kinds;
}

/** The built-in kinds and this process's environment's secret values (the hook's environment is the agent's). */
let kindsNow: readonly SecretKind[] | undefined;
const allKinds = (): readonly SecretKind[] => (kindsNow ??= [...SECRET_KINDS, ...environmentKinds(process.env)]);

function screened(kind: SecretKind, text: string): boolean {
  const screen = kind.screen;
  for (const hint of screen) if (text.includes(hint)) return true;
  return false;
}

/** Whether `text` could hold a secret: some kind's screen string is in it (no expression runs). */
export function mayHoldSecret(text: string): boolean {
  for (const kind of allKinds()) if (screened(kind, text)) return true;
  return false;
}

/** The labels of the kinds of secret in `text`, in the list's order. */
export function secretKinds(text: string): string[] {
  const found: string[] = [];
  for (const kind of allKinds()) {
    if (!screened(kind, text) || found.includes(kind.label)) continue;
    kind.pattern.lastIndex = 0;
    if (kind.pattern.test(text)) found.push(kind.label);
  }
  return found;
}

/** `text` with every secret replaced by `mark(label)`, and the labels of the kinds that were. */
export function redactText(text: string, mark: (label: string) => string): { text: string; kinds: string[] } {
  const kinds: string[] = [];
  let out = text;
  for (const kind of allKinds()) {
    if (!screened(kind, out)) continue;
    kind.pattern.lastIndex = 0;
    if (!kind.pattern.test(out)) continue;
    if (!kinds.includes(kind.label)) kinds.push(kind.label);
    const hidden = mark(kind.label);
    out = out.replace(kind.pattern, (_match: string, kept: unknown) => (typeof kept === "string" ? kept + hidden : hidden));
  }
  return { text: out, kinds };
}

/** Whether some string inside `value` could hold a secret; a value deeper than 64 levels is assumed to. */
function mayHoldAnySecret(value: unknown, depth: number): boolean {
  if (typeof value === "string") return mayHoldSecret(value);
  if (value === null || typeof value !== "object") return false;
  if (depth > 64) return true;
  const inner: unknown[] = Array.isArray(value) ? value : Object.values(value);
  for (let i = 0; i < inner.length; i++) if (mayHoldAnySecret(inner[i], depth + 1)) return true;
  return false;
}

/** Every string inside `value` redacted as `redactText` does (`value` itself when none could hold a secret). */
export function redactDeep<T>(value: T, mark: (label: string) => string): { value: T; kinds: string[] } {
  if (!mayHoldAnySecret(value, 0)) return { value, kinds: [] }; // nothing to copy
  const kinds = new Set<string>();
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") {
      const redacted = redactText(v, mark);
      for (const kind of redacted.kinds) kinds.add(kind);
      return redacted.kinds.length > 0 ? redacted.text : v;
    }
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === "object") {
      const out: Record<string, unknown> = {};
      for (const [key, inner] of Object.entries(v)) out[key] = walk(inner);
      return out;
    }
    return v;
  };
  return { value: walk(value) as T, kinds: [...kinds] };
}
