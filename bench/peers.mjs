// The peers' own published cases through the built `hookit hook --agent claude PreToolUse`, with
// the starter policy and every pack on (`hookit init --global --packs all`), in a git project with
// uncommitted work. Not a test: it needs checkouts of the peers, which the repository does not
// hold. The README's comparison quotes what it prints.
//
//   node bench/peers.mjs --dcg <destructive_command_guard checkout> --ccsn <claude-code-safety-net checkout> [--out results.json] [--only storage,remote]
//
// `--only` keeps the cases of the families named (a family is a pack test's folder or file, e.g.
// `storage/minio`, or `corpus/...`; a name keeps every family it starts).
//
// dcg's cases are the commands its pack tests (src/packs/**/*.rs) say a pack must block or allow,
// and its corpus (tests/corpus/**/*.toml);
// cc-safety-net's are the literal commands of its assertBlocked/assertAllowed calls (tests/core).
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import { parse as parseToml } from "smol-toml";

const { values: args } = parseArgs({
  options: { dcg: { type: "string" }, ccsn: { type: "string" }, out: { type: "string" }, only: { type: "string" } },
});
if (!args.dcg && !args.ccsn) {
  console.error("usage: node bench/peers.mjs --dcg <checkout> --ccsn <checkout> [--out results.json] [--only family,…]");
  process.exit(2);
}

const filesUnder = (dir, ending) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path, ending) : name.endsWith(ending) ? [path] : [];
  });

/** A Rust string literal at `at` ("…" with escapes, or r#"…"#): [text, end], or undefined. */
function rustString(s, at) {
  let i = at;
  while (/\s/.test(s[i])) i++;
  if (s[i] === "r") {
    let j = i + 1;
    while (s[j] === "#") j++;
    if (s[j] !== '"') return undefined;
    const close = `"${"#".repeat(j - i - 1)}`;
    const end = s.indexOf(close, j + 1);
    return [s.slice(j + 1, end), end + close.length];
  }
  if (s[i] !== '"') return undefined;
  const ESCAPES = { n: "\n", t: "\t", r: "\r", 0: "\0" };
  let text = "";
  for (i++; s[i] !== '"'; i++) {
    if (s[i] !== "\\") text += s[i];
    else if (s[++i] === "\n") while (/\s/.test(s[i + 1])) i++;
    else if (s[i] === "u") {
      const [whole, hex] = /^u\{([0-9a-fA-F]+)\}/.exec(s.slice(i));
      text += String.fromCodePoint(Number.parseInt(hex, 16));
      i += whole.length - 1;
    } else text += ESCAPES[s[i]] ?? s[i];
  }
  return [text, i + 1];
}

const DCG_BLOCK = new Set(["assert_blocks", "assert_blocks_with_pattern", "assert_blocks_with_severity", "assert_denies_with_rule"]);
const DCG_ALLOW = new Set(["assert_allows", "assert_safe_pattern_matches", "assert_no_match", "assert_allows_command"]);
const DCG_HELPERS = new Set(["test_helpers.rs", "test_template.rs", "regex_engine.rs", "external.rs"]);

function dcgCases(checkout) {
  const root = join(checkout, "src/packs");
  const cases = [];
  for (const file of filesUnder(root, ".rs")) {
    if (DCG_HELPERS.has(file.split("/").at(-1))) continue;
    const s = readFileSync(file, "utf8");
    const family = relative(root, file).replace(/(\/mod)?\.rs$/, "");
    for (const call of s.matchAll(/\b(assert_[a-z_]+)\s*\(/g)) {
      const kind = DCG_BLOCK.has(call[1]) ? "block" : DCG_ALLOW.has(call[1]) ? "allow" : undefined;
      if (!kind) continue;
      // The command is the second argument: skip the first (the pack) to its top-level comma.
      let i = call.index + call[0].length;
      for (let depth = 0; i < s.length; i++) {
        if ("([".includes(s[i])) depth++;
        else if (")]".includes(s[i]) && depth-- === 0) break;
        else if (s[i] === "," && depth === 0) break;
      }
      const literal = s[i] === "," ? rustString(s, i + 1) : undefined;
      if (literal) cases.push({ peer: "dcg", family, kind, command: literal[0] });
    }
    for (const batch of s.matchAll(/\btest_batch_(blocks|allows)\s*\(\s*&?\w+\s*,\s*&\[([\s\S]*?)\]/g)) {
      for (let at = batch[2].search(/r?"/); at >= 0; ) {
        const literal = rustString(batch[2], at);
        if (!literal) break;
        cases.push({ peer: "dcg", family, kind: batch[1] === "blocks" ? "block" : "allow", command: literal[0] });
        const next = batch[2].slice(literal[1]).search(/r?"/);
        at = next < 0 ? -1 : literal[1] + next;
      }
    }
  }
  // Its corpus (tests/corpus/**/*.toml): whole lines, wrappers and spellings, each with what it expects.
  const corpus = join(checkout, "tests/corpus");
  for (const file of filesUnder(corpus, ".toml"))
    for (const entry of parseToml(readFileSync(file, "utf8")).case ?? []) {
      const expected = entry.expected ?? entry.expected_decision;
      if (typeof entry.command === "string" && (expected === "deny" || expected === "allow"))
        cases.push({
          peer: "dcg",
          family: `corpus/${relative(corpus, file)}`,
          kind: expected === "deny" ? "block" : "allow",
          command: entry.command,
        });
    }
  return cases;
}

const JS_ESCAPES = { n: "\n", t: "\t", r: "\r", 0: "\0" };

function ccsnCases(checkout) {
  const root = join(checkout, "tests/core");
  const cases = [];
  for (const file of filesUnder(root, ".ts")) {
    const s = readFileSync(file, "utf8");
    for (const call of s.matchAll(/\bassert(Blocked|Allowed)\(\s*(['"])((?:\\.|(?!\2).)*)\2\s*[,)]/g)) {
      const command = call[3].replaceAll(/\\(u\{?[0-9a-fA-F]+\}?|.)/g, (_, e) =>
        e.startsWith("u") && e.length > 1 ? String.fromCodePoint(Number.parseInt(e.replaceAll(/[u{}]/g, ""), 16)) : (JS_ESCAPES[e] ?? e),
      );
      cases.push({ peer: "cc-safety-net", family: relative(root, file), kind: call[1] === "Blocked" ? "block" : "allow", command });
    }
  }
  return cases;
}

const unique = (cases) => [...new Map(cases.map((c) => [`${c.peer}\0${c.kind}\0${c.command}`, c])).values()];
const only = args.only?.split(",").filter(Boolean);
const cases = unique([...(args.dcg ? dcgCases(resolve(args.dcg)) : []), ...(args.ccsn ? ccsnCases(resolve(args.ccsn)) : [])]).filter(
  (c) => !only || only.some((name) => c.family.startsWith(name)),
);

// A throwaway HOME with every pack on, and a project with a commit, a branch and uncommitted work.
const bin = resolve("dist/bin.cjs");
const home = mkdtempSync(join(tmpdir(), "hookit-peers-"));
const env = { PATH: process.env.PATH, HOME: home, XDG_CONFIG_HOME: join(home, ".config"), XDG_STATE_HOME: join(home, ".state") };
if (process.env.TMPDIR) env.TMPDIR = process.env.TMPDIR;
execFileSync(process.execPath, [bin, "init", "--global", "--packs", "all"], { env, stdio: "ignore" });
const project = join(home, "project");
mkdirSync(join(project, "src"), { recursive: true });
const gitEnv = {
  ...env,
  GIT_AUTHOR_NAME: "a",
  GIT_AUTHOR_EMAIL: "a@example.com",
  GIT_COMMITTER_NAME: "a",
  GIT_COMMITTER_EMAIL: "a@example.com",
};
const git = (...words) => execFileSync("git", words, { cwd: project, env: gitEnv, stdio: "ignore" });
git("init", "-q", "-b", "main");
writeFileSync(join(project, "file.txt"), "one\n");
writeFileSync(join(project, "src/a.ts"), "export {};\n");
git("add", "-A");
git("commit", "-q", "-m", "init");
git("branch", "feature");
writeFileSync(join(project, "file.txt"), "two\n");
writeFileSync(join(project, "untracked.txt"), "new\n");

const fixture = JSON.parse(readFileSync("test/fixtures/claude/PreToolUse-Bash.json", "utf8"));
/** block, ask or pass: what Claude Code would do with hookit's answer. */
const verdict = (command) =>
  new Promise((done) => {
    const child = spawn(process.execPath, [bin, "hook", "--agent", "claude", "PreToolUse"], { cwd: project, env });
    let out = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.on("close", (code) => {
      if (code === 2) return done("block");
      let decision;
      try {
        decision = JSON.parse(out).hookSpecificOutput?.permissionDecision;
      } catch {}
      done(decision === "deny" ? "block" : decision === "ask" ? "ask" : "pass");
    });
    child.stdin.end(JSON.stringify({ ...fixture, cwd: project, tool_input: { ...fixture.tool_input, command } }));
  });

const results = [];
let next = 0;
const worker = async () => {
  while (next < cases.length) {
    const c = cases[next++];
    results.push({ ...c, verdict: await verdict(c.command) });
  }
};
try {
  await Promise.all([worker(), worker()]);
} finally {
  rmSync(home, { recursive: true, force: true });
}

const right = (r) => (r.kind === "block" ? r.verdict !== "pass" : r.verdict === "pass");
for (const peer of new Set(results.map((r) => r.peer))) {
  const of = results.filter((r) => r.peer === peer);
  const count = (kind) => `${of.filter((r) => r.kind === kind && right(r)).length} of ${of.filter((r) => r.kind === kind).length}`;
  console.log(`${peer}: must block, blocked ${count("block")}; must allow, passed ${count("allow")}`);
  for (const r of of.filter((x) => !right(x)).sort((a, b) => a.family.localeCompare(b.family)))
    console.log(`  ${r.kind === "block" ? "passed " : "refused"} ${r.family}: ${JSON.stringify(r.command)}`);
}
if (args.out) writeFileSync(args.out, JSON.stringify(results, null, 1));
