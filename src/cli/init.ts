import { defineCommand } from "citty";
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { writeFileAtomic } from "../fs-atomic.ts";
import { globalPolicyPath, PROJECT_POLICY } from "../paths.ts";
import { findProject } from "../run/policy.ts";
import { trustPolicy } from "../run/trust.ts";
import { starterPolicyText } from "../starter-policy.ts";
import { starterTestsText } from "../starter-tests.ts";
import { fail, logger } from "./_output.ts";

export default defineCommand({
  meta: { name: "init", description: "Write the starter policy to .hookit/hookit.json (or the global policy)" },
  args: {
    global: { type: "boolean", description: "Write the global policy instead (~/.config/hookit/hookit.json)", default: false },
    force: { type: "boolean", description: "Overwrite an existing policy file", default: false },
    dir: { type: "positional", required: false, description: "Project directory (default: the current repository)" },
  },
  run({ args }) {
    const path = args.global ? globalPolicyPath() : join(findProject(resolve(args.dir ?? process.cwd())).root, PROJECT_POLICY);
    if (existsSync(path) && !args.force) return fail(`${path} already exists; use --force to replace it`);
    const text = starterPolicyText();
    writeFileAtomic(path, text);
    // The user just wrote this file with hookit: it is theirs, so it is trusted as written.
    if (!args.global) trustPolicy(path, text);
    logger.success(`wrote ${path}`);
    // Its tests sit next to it (`hookit test` runs them); an existing test file is the user's.
    const tests = join(dirname(path), "tests", "starter-policy.json");
    if (!existsSync(tests) || args.force) {
      writeFileAtomic(tests, starterTestsText());
      logger.success(`wrote ${tests}`);
    }
    logger.info([
      "Next:",
      "  hookit validate                 check the policy",
      "  hookit test                     run its tests (.hookit/tests/) in a sandbox",
      "  hookit install --agent all      enforce it in every agent found on this machine",
      "  hookit doctor                   verify each install end to end",
    ].join("\n"));
  },
});
