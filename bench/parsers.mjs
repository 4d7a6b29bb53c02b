// The shell-parser comparison behind src/facts/parse.ts (results: bench/parsers.md).
// tree-sitter-bash (web-tree-sitter + its wasm grammar) and mvdan/sh (sh-syntax)
// are not dependencies of hookit; install them anywhere and pass that folder:
//
//   npm install --prefix /tmp/parsers web-tree-sitter@0.25 tree-sitter-bash sh-syntax
//   npm run build && node bench/parsers.mjs /tmp/parsers/node_modules
//
// Measured: cold start (a fresh process that loads the parser and parses one
// command, CPU ms, next to bare `node -e 0`), warm parse time over the corpus,
// and which corpus entries each parser reads without an error.
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { LONG } from "./facts.mjs";

const modules = process.argv[2];
if (!modules) throw new Error("usage: node bench/parsers.mjs <node_modules folder holding web-tree-sitter, tree-sitter-bash, sh-syntax>");
const root = new URL("..", import.meta.url).pathname;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 11);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export const CORPUS = [
  "cat .env*",
  "cat .e''nv",
  "cat .en[v]",
  "/bin/rm -rf ~",
  "\\rm -rf ~",
  "rm ~ -rf",
  "rm $'-rf' ~",
  "bash -c 'rm -rf ~'",
  "find ~ -delete",
  "git push origin +main",
  'git commit -m "do not rm -rf ~/ ever"',
  "cat > notes.md <<'EOF'\nnever rm -rf ~ or cat .env\nEOF",
  "git commit -m \"$(cat <<'EOF'\nmsg\nEOF\n)\"",
  'for f in *.ts; do wc -l "$f"; done',
  "case $x in a|b) rm x;; *) echo;; esac",
  "[[ -f a && $(id -u) -eq 0 ]] && rm a",
  "echo $(( 1 + $(echo 2) ))",
  "diff <(sort a) <(sort b)",
  'f() { rm -rf "$1"; }; f ~',
  'a=(x y z); echo "${a[@]}"',
  "echo ${HOME:-/tmp}/x ${#PATH} ${PATH//:/ }",
  "sudo -u root env X=1 timeout 5 nohup rm -rf / &",
  "echo `echo \\`id\\``",
  "cmd 2>&1 | tee -a log >/dev/null",
  "{ echo a; echo b; } > out",
  "(cd src && make) || exit 1",
  'echo "unterminated',
  "if then fi",
  "echo $'\\x72\\x6d' \\\n  -rf",
  "x=$'a\\'b'; echo \"$x\"",
  LONG,
];

/** One fresh process: load the parser, parse one command; prints CPU ms (user+sys) measured by bash. */
function coldCpu(script) {
  const run = spawnSync("bash", ["-c", `TIMEFORMAT='%3U %3S'; time "${process.execPath}" --input-type=module -e "$SCRIPT" >/dev/null`], {
    env: { PATH: process.env.PATH, SCRIPT: script },
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(run.stderr);
  const [user, sys] = run.stderr.trim().split("\n").at(-1).split(" ").map(Number);
  return (user + sys) * 1000;
}

const ts = (m) => JSON.stringify(m);
const SCRIPTS = {
  baseline: "0",
  hand: `import { createRequire } from "node:module"; createRequire(import.meta.url)(${ts(join(root, "dist/facts.cjs"))}).parseScript("cd src && rm -rf ../dist");`,
  "tree-sitter-bash": `import { Parser, Language } from ${ts(join(modules, "web-tree-sitter/tree-sitter.js"))}; await Parser.init(); const p = new Parser(); p.setLanguage(await Language.load(${ts(join(modules, "tree-sitter-bash/tree-sitter-bash.wasm"))})); p.parse("cd src && rm -rf ../dist");`,
  "sh-syntax (mvdan/sh)": `import { parse } from ${ts(join(modules, "sh-syntax/lib/index.js"))}; await parse("cd src && rm -rf ../dist");`,
};

async function warm() {
  const require = createRequire(import.meta.url);
  const hand = require(join(root, "dist/facts.cjs"));
  const { Parser, Language } = await import(join(modules, "web-tree-sitter/tree-sitter.js"));
  await Parser.init();
  const tree = new Parser();
  tree.setLanguage(await Language.load(join(modules, "tree-sitter-bash/tree-sitter-bash.wasm")));
  const { parse } = await import(join(modules, "sh-syntax/lib/index.js"));
  const parsers = {
    hand: async (text) => hand.parseScript(text).errors.length === 0,
    "tree-sitter-bash": async (text) => {
      const t = tree.parse(text);
      const ok = !t.rootNode.hasError;
      t.delete();
      return ok;
    },
    "sh-syntax (mvdan/sh)": async (text) => {
      try {
        await parse(text);
        return true;
      } catch {
        return false;
      }
    },
  };
  const out = {};
  for (const [name, run] of Object.entries(parsers)) {
    const ok = [];
    for (const text of CORPUS) ok.push(await run(text));
    const times = [];
    for (let i = 0; i < 20; i++) {
      const t = performance.now();
      for (const text of CORPUS.slice(0, -1)) await run(text);
      times.push((performance.now() - t) / (CORPUS.length - 1));
    }
    const long = [];
    for (let i = 0; i < 20; i++) {
      const t = performance.now();
      await run(LONG);
      long.push(performance.now() - t);
    }
    out[name] = { ok, perCommand: median(times), long: median(long) };
  }
  return out;
}

const cold = Object.fromEntries(Object.keys(SCRIPTS).map((k) => [k, []]));
for (let i = 0; i < ROUNDS; i++) for (const [name, script] of Object.entries(SCRIPTS)) cold[name].push(coldCpu(script));
const coldMs = Object.fromEntries(Object.entries(cold).map(([k, v]) => [k, median(v)]));
const warmStats = await warm();
const f = (x) => x.toFixed(x < 1 ? 3 : 1);
const names = Object.keys(warmStats);
const lines = [
  "# Shell parsers for command facts",
  "",
  `Command: \`node bench/parsers.mjs <modules>\` (${ROUNDS} alternating rounds; medians), Node ${process.version}.`,
  "",
  "## Cold start: a fresh process that loads the parser and parses one command (CPU ms, user+sys)",
  "",
  "| parser | CPU ms | over bare node |",
  "| --- | --- | --- |",
  ...Object.entries(coldMs).map(
    ([k, v]) => `| ${k === "baseline" ? "bare `node -e 0`" : k} | ${f(v)} | ${k === "baseline" ? "" : `+${f(v - coldMs.baseline)}`} |`,
  ),
  "",
  "## Warm parse (ms)",
  "",
  "| parser | per corpus command | one 10 kB command |",
  "| --- | --- | --- |",
  ...names.map((k) => `| ${k} | ${f(warmStats[k].perCommand)} | ${f(warmStats[k].long)} |`),
  "",
  "## Corpus: read without an error (✓) or rejected (✗)",
  "",
  `| command | ${names.join(" | ")} |`,
  `| --- | ${names.map(() => "---").join(" | ")} |`,
  ...CORPUS.map(
    (text, i) =>
      `| \`${(text.length > 60 ? `${text.slice(0, 57)}…` : text).replaceAll("\n", "⏎").replaceAll("|", "\\|").replaceAll("`", "ˋ")}\` | ${names.map((k) => (warmStats[k].ok[i] ? "✓" : "✗")).join(" | ")} |`,
  ),
  "",
];
writeFileSync(join(root, "bench", "parsers.md"), lines.join("\n"));
console.log(lines.join("\n"));
