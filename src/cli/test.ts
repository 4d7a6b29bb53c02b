import { defineCommand } from "citty";
import { readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { readCaseFile, testFileJsonSchema, type TestCase } from "../policytest/cases.ts";
import { report, REPORTERS, summary, type ReporterName, type Run } from "../policytest/reporters.ts";
import { runCase } from "../policytest/runner.ts";
import { inSandbox } from "../policytest/sandbox.ts";
import { fail, note } from "./_output.ts";
import { triedPolicy, triedPolicyArgs } from "./_tried-policy.ts";

/** Where a project keeps its policy tests. */
const TESTS_DIR = join(".hookit", "tests");

export default defineCommand({
  meta: { name: "test", description: "Run the policy's test cases (.hookit/tests/*.json) in a throwaway sandbox" },
  args: {
    files: { type: "positional", required: false, description: "Test files (default: .hookit/tests/*.json of the project)" },
    reporter: { type: "string", description: `Output format: ${REPORTERS.join(", ")}`, default: "human" },
    ...triedPolicyArgs("Test this policy file (default: the project's .hookit/hookit.json as it is on disk, else the global policy)"),
    schema: { type: "boolean", description: "Print the JSON Schema of a test file and exit", default: false },
  },
  async run({ args }) {
    if (args.schema) {
      process.stdout.write(JSON.stringify(testFileJsonSchema(), null, 2) + "\n");
      return;
    }
    const reporter = args.reporter as ReporterName;
    if (!REPORTERS.includes(reporter)) return fail(`--reporter must be one of ${REPORTERS.join(", ")}, got "${args.reporter}"`);
    const cwd = resolve(args.cwd ?? process.cwd());
    const candidate = triedPolicy(
      cwd,
      { explicit: args.policy, projectOnly: true },
      (diagnostics) => `the policy is invalid, no test can pass:\n${diagnostics}`,
    );
    if (!candidate) return;
    // Tests sit next to the policy they test: .hookit/tests/ (or tests/ beside the global policy).
    const policyFile = candidate.files.at(-1)?.path;
    const testsDir = policyFile ? join(dirname(policyFile), "tests") : join(candidate.projectDir, TESTS_DIR);
    const files = args._.length > 0 ? args._.map((f) => resolve(cwd, String(f))) : defaultFiles(testsDir);
    if (files.length === 0)
      return fail(
        `no test files in ${testsDir}; \`hookit init\` writes tests for the starter policy, docs/testing-policies.md shows the format`,
      );
    const started = performance.now();
    const cases: TestCase[] = [];
    const broken: Run["broken"] = [];
    for (const file of files) {
      const read = readCaseFile(file);
      if ("error" in read) broken.push(read);
      else cases.push(...read.cases);
    }
    if (reporter === "human") note.info(`testing ${candidate.described.join(" + ") || "no policy file (every event passes)"}`);
    const results = await inSandbox(candidate.projectDir, process.env, async (sandbox) => {
      const done = [];
      for (const testCase of cases) done.push(await runCase(testCase, candidate.hooks, { cwd: sandbox.project, env: sandbox.env }));
      return done;
    });
    const run: Run = { results, broken, cwd, durationMs: performance.now() - started };
    process.stdout.write(report(reporter, run, reporter === "human" && process.stdout.isTTY === true && !process.env.NO_COLOR));
    const { failed } = summary(run);
    if (results.length === 0 && broken.length === 0) return fail("the test files hold no cases: nothing was tested");
    process.exitCode = failed > 0 || broken.length > 0 ? 1 : 0;
  },
});

function defaultFiles(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((f) => f.endsWith(".json"))
      .sort()
      .map((f) => join(dir, f));
  } catch {
    return [];
  }
}
