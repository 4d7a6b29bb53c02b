// Core catalog entries for the ported Core tests, written for hookit from the
// behaviour summary of HooKit's shipped `hooks/*.json` (hookit-semantics.md,
// Appendix A): same names, events, filters and decisions, hookit's own
// commands. Like HooKit's, they depend on nothing but sh, node and the domain
// tool (git, npm, pre-commit), and a missing tool fails the Hook.

type Entry = Record<string, unknown>;
const guard = (description: string, event: string, shell: string, extra: Entry = {}): Entry => ({ description, event, ...extra, shell });

/** `node -e '<script>'`; scripts use double quotes only, so single quotes wrap them safely. */
const node = (script: string) => `node -e '${script.replace(/\s*\n\s*/g, " ")}'`;

const TOOL_PATH = `const input = JSON.parse(process.env.PI_TOOL_INPUT || "{}"); const p = input.path;`;

// Resolves every component against the real filesystem (symlinks followed, at
// most 40 hops) before "..", as the kernel would, so "link/../x" is judged where
// it really lands; components that do not exist yet are taken as written.
const PATHS_IN_CWD = node(`
  const fs = require("fs"), path = require("path");
  ${TOOL_PATH}
  if (p === undefined || p === "") process.exit(0);
  if (typeof p !== "string") process.exit(1);
  const root = fs.realpathSync(process.env.PI_CWD);
  let at = path.isAbsolute(p) ? "/" : root, rest = p.split("/"), hops = 0;
  while (rest.length > 0) {
    const part = rest.shift();
    if (part === "" || part === ".") continue;
    if (part === "..") { at = path.dirname(at); continue; }
    const next = path.join(at, part);
    let link = false;
    try { link = fs.lstatSync(next).isSymbolicLink(); } catch {}
    if (!link) { at = next; continue; }
    if (++hops > 40) process.exit(1);
    const target = fs.readlinkSync(next);
    if (path.isAbsolute(target)) at = "/";
    rest = [...target.split("/"), ...rest];
  }
  const rel = path.relative(root, at);
  process.exit(rel === "" || (rel !== ".." && !rel.startsWith("../") && !path.isAbsolute(rel)) ? 0 : 1);
`);

const WRITE_NEW_FILES_ONLY = node(`
  ${TOOL_PATH}
  if (typeof p !== "string" || p === "") process.exit(1);
  try { require("fs").lstatSync(p); } catch (error) { process.exit(error.code === "ENOENT" ? 0 : 1); }
  process.exit(1);
`);

const readMax = (limit: number) => node(`process.exit([...(process.env.PI_TOOL_RESULT || "")].length <= ${limit} ? 0 : 1);`);

// Parses KEY=VALUE lines (optional "export", spaces around "=", quoted values,
// trailing " # comment") and fails when a key naming a key or secret has a
// value of 8+ characters that occurs literally in the tool output.
const NO_ENV_SECRETS = node(`
  const text = require("fs").readFileSync(".env", "utf8"), output = process.env.PI_TOOL_RESULT || "";
  for (const raw of text.split(/\\r?\\n/)) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) continue;
    const m = /^(?:export\\s+)?([A-Za-z_][A-Za-z0-9_.-]*)\\s*=\\s*(.*)$/.exec(line);
    if (!m || !/(key|secret)/i.test(m[1])) continue;
    let value = m[2].trim();
    const q = value[0];
    if ((q === "\\"" || q === "\\u0027") && value.indexOf(q, 1) > 0) value = value.slice(1, value.indexOf(q, 1));
    else value = value.replace(/\\s+#.*$/, "").trim();
    if (value.length >= 8 && output.includes(value)) process.exit(1);
  }
`);

/** Sums `git diff --numstat HEAD --` (staged and unstaged, tracked only); any row that is not two counts fails. */
const numstat = (condition: string) =>
  node(`
  let out;
  try { out = require("child_process").execFileSync("git", ["diff", "--numstat", "HEAD", "--"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }); }
  catch { process.exit(1); }
  let added = 0, deleted = 0;
  for (const row of out.split("\\n")) {
    if (row === "") continue;
    const m = /^(\\d+)\\t(\\d+)\\t/.exec(row);
    if (!m) process.exit(1);
    added += Number(m[1]); deleted += Number(m[2]);
  }
  process.exit(${condition} ? 0 : 1);
`);

export const general: Record<string, Entry> = {
  "only-md": guard("Only Markdown files may be written or edited", "tool_call", "false", {
    filter: { toolName: ["^write$", "^edit$"], path: "^(?!.*\\.md$)" },
  }),
  "no-env-access": guard("No reading or writing .env files", "tool_call", "false", {
    filter: { toolName: ["^read$", "^write$"], path: "(^|/)\\.env$" },
  }),
  "paths-in-cwd": guard("File tools stay inside the working directory", "tool_call", PATHS_IN_CWD, {
    filter: { toolName: ["^read$", "^write$", "^edit$"] },
  }),
  "write-new-files-only": guard("write may only create new files", "tool_call", WRITE_NEW_FILES_ONLY, {
    filter: { toolName: "^write$" },
  }),
  ...Object.fromEntries(
    [500, 10_000, 20_000, 50_000, 100_000, 200_000].map((limit) => [
      `read-max-${limit}-chars`,
      guard(`read results of at most ${limit} characters`, "tool_result", readMax(limit), { filter: { toolName: "^read$" } }),
    ]),
  ),
  "no-env-secrets-in-output": guard("Tool output must not contain .env secrets", "tool_result", NO_ENV_SECRETS, {
    when: "test -f .env",
  }),
};

const PI_TOOLS = ["read", "bash", "edit", "write", "grep", "find", "ls"];
export const piTools: Record<string, Entry> = {
  ...Object.fromEntries(
    PI_TOOLS.map((tool) => [`block-${tool}`, guard(`Block ${tool}`, "tool_call", "false", { filter: { toolName: `^${tool}$` } })]),
  ),
  "read-only": {
    description: "Block the mutating Pi tools",
    preset: ["meffmadd/HooKit/block-bash", "meffmadd/HooKit/block-write", "meffmadd/HooKit/block-edit"],
  },
};

export const git: Record<string, Entry> = {
  "git-diff-check": guard("No whitespace errors or conflict markers", "agent_end", "git diff --check HEAD --"),
  "require-no-change": guard(
    "The work tree must stay unchanged",
    "agent_end",
    `git rev-parse --verify --quiet HEAD >/dev/null && s=$(git status --porcelain --untracked-files=all) && test -z "$s"`,
  ),
  "require-more-deletions": guard("The diff must delete more than it adds", "agent_end", numstat("deleted > added")),
  ...Object.fromEntries(
    [10, 50, 100, 250, 500, 1_000, 2_000, 5_000].map((limit) => [
      `diff-max-${limit}-lines`,
      guard(`At most ${limit} changed lines`, "agent_end", numstat(`added + deleted <= ${limit}`)),
    ]),
  ),
};

export const npm: Record<string, Entry> = {
  "npm-test": guard("npm test passes", "agent_end", "npm test"),
  "npm-lint": guard("npm run lint passes", "agent_end", "npm run lint"),
  "npm-build": guard("npm run build passes", "agent_end", "npm run build"),
  "npm-typecheck": guard("npm run typecheck passes", "agent_end", "npm run typecheck"),
};

const PRE_COMMIT_CONFIGURED = { when: "test -f .pre-commit-config.yaml" };
export const preCommit: Record<string, Entry> = {
  "pre-commit-run": guard("pre-commit passes", "agent_end", "pre-commit run", PRE_COMMIT_CONFIGURED),
  "pre-commit-run-all-files": guard("pre-commit passes on all files", "agent_end", "pre-commit run --all-files", PRE_COMMIT_CONFIGURED),
};

export const CORE_SOURCE = "meffmadd/HooKit";
export const coreEntries: Record<string, Entry> = { ...general, ...piTools, ...git, ...npm, ...preCommit };
