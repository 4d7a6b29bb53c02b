import { defineCommand } from "citty";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileJsonSchema } from "../engine/schema.ts";
import { writeFileAtomic } from "../base/fs-atomic.ts";
import { globalPolicyPath, PROJECT_POLICY } from "../base/paths.ts";
import { findProject } from "../policy/policy.ts";
import { trustPolicy } from "../policy/trust.ts";
import { choosePacks, packHooks, suggestedPacks } from "../policy/pack-hooks.ts";
import { STARTER_POLICY, starterPolicyText } from "../base/starter-policy.ts";
import { starterTestsText } from "../base/starter-tests.ts";
import { fail, logger } from "./_output.ts";

export default defineCommand({
  meta: { name: "init", description: "Write the starter policy to .hookit/hookit.json (or the global policy)" },
  args: {
    global: { type: "boolean", description: "Write the global policy instead (~/.config/hookit/hookit.json)", default: false },
    force: { type: "boolean", description: "Overwrite an existing policy file", default: false },
    packs: { type: "string", description: "Turn packs on: names separated by commas, or all (hookit packs lists them)" },
    dir: { type: "positional", required: false, description: "Project directory (default: the current repository)" },
  },
  run({ args }) {
    if (args.global && args.dir) return fail("init: give either --global or a project directory, not both");
    const path = args.global ? globalPolicyPath() : join(findProject(resolve(args.dir ?? process.cwd())).root, PROJECT_POLICY);
    const chosen = args.packs === undefined ? [] : choosePacks(args.packs);
    if (typeof chosen === "string") return fail(`init: ${chosen}`);
    const text = chosen.length === 0 ? starterPolicyText() : withPacks(chosen);
    // Running init twice is harmless: the starter is already there, nothing to replace.
    if (existsSync(path) && !args.force && readFileSync(path, "utf8") === text)
      return logger.info(`${path} already holds the starter policy; nothing changed`);
    if (existsSync(path) && !args.force) return fail(`${path} already exists (and is not the starter policy); use --force to replace it`);
    writeFileAtomic(path, text);
    // The starter's "$schema": "./schema.json" (hookit's schema: HooKit's rejects hookit's keys).
    const schema = join(dirname(path), "schema.json");
    if (!existsSync(schema) || args.force) writeFileAtomic(schema, JSON.stringify(fileJsonSchema(), null, 2) + "\n");
    // The user just wrote this file with hookit: it is theirs, so it is trusted as written.
    if (!args.global) trustPolicy(path, text);
    logger.success(`wrote ${path}`);
    // Its tests sit next to it (`hookit test` runs them); an existing test file is the user's.
    const tests = join(dirname(path), "tests", "starter-policy.json");
    if (!existsSync(tests) || args.force) {
      writeFileAtomic(tests, starterTestsText());
      logger.success(`wrote ${tests}`);
    }
    if (chosen.length > 0) logger.info(`packs on: ${chosen.map((p) => p.id).join(", ")}`);
    else if (!args.global) {
      const suggested = suggestedPacks(dirname(dirname(path)));
      if (suggested.length > 0)
        logger.info(
          [
            "Packs that fit this repository (hookit packs lists every one):",
            ...suggested.map((s) => `  ${s.pack.padEnd(16)} (${s.because})`),
            `  turn them on: hookit init --force --packs ${suggested.map((s) => s.pack).join(",")}`,
          ].join("\n"),
        );
    }
    const scope = args.global ? " --global" : "";
    logger.info(
      [
        "Next:",
        "  hookit validate                        check the policy",
        "  hookit test                            run its tests (tests/ next to it) in a sandbox",
        `  hookit install --agent all${scope.padEnd(12)} enforce it in every agent found on this machine${args.global ? " (every project)" : ""}`,
        "  hookit doctor                          verify each install end to end",
      ].join("\n"),
    );
  },
});

/** The starter with the packs' hooks after its own. */
function withPacks(packs: Parameters<typeof packHooks>[0]): string {
  return JSON.stringify({ ...STARTER_POLICY, local: { ...STARTER_POLICY.local, ...packHooks(packs) } }, null, 2) + "\n";
}
