import { defineCommand } from "citty";
import { readFileSync } from "node:fs";
import { findProject } from "../run/policy.ts";
import { revokeTrust, trustPolicy } from "../run/trust.ts";
import { fail, logger } from "./_output.ts";

export default defineCommand({
  meta: { name: "trust", description: "Allow this project's .hookit/hookit.json to run (records its sha256)" },
  args: {
    revoke: { type: "boolean", description: "Forget the trust instead", default: false },
    dir: { type: "positional", required: false, description: "Project directory (default: current)" },
  },
  run({ args }) {
    const project = findProject(args.dir ?? process.cwd());
    if (!project.policy) return fail(`no .hookit/hookit.json found in ${project.root}; create one with \`hookit init\``);
    if (args.revoke) {
      const removed = revokeTrust(project.policy);
      logger.success(removed ? `trust revoked for ${project.policy}` : `${project.policy} was not trusted`);
      return;
    }
    trustPolicy(project.policy, readFileSync(project.policy));
    logger.success(`trusted ${project.policy} as it is now; any edit needs \`hookit trust\` again`);
  },
});
