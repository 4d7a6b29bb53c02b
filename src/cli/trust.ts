// `hookit trust`: the one way a project policy (or an edit of one) starts to
// run. It is a human's decision, so it shows what changed since the version
// last trusted and asks on a terminal; without one it refuses unless `--yes`
// says the caller has reviewed the file. An invalid policy is never trusted.
import { defineCommand } from "citty";
import { readFileSync } from "node:fs";
import { loadCatalog } from "../engine/catalog.ts";
import { findProject } from "../policy/policy.ts";
import { revokeTrust, trustPolicy, trustReader } from "../policy/trust.ts";
import { confirmed, reviewText } from "./_confirm.ts";
import { fail, logger } from "./_output.ts";
import { diagnosticLines } from "./_policy.ts";

export default defineCommand({
  meta: { name: "trust", description: "Review this project's .hookit/hookit.json and allow it to run" },
  args: {
    revoke: { type: "boolean", description: "Forget the trust (and the kept trusted copy) instead", default: false },
    yes: { type: "boolean", description: "Trust without asking (you reviewed the file yourself; for scripts and CI)", default: false },
    "no-replay": { type: "boolean", description: "Do not replay logged tool calls against a changed policy", default: false },
    dir: { type: "positional", required: false, description: "Project directory (default: current)" },
  },
  async run({ args }) {
    const project = findProject(args.dir ?? process.cwd());
    const trust = trustReader();
    const path = project.policy ?? `${project.root}/.hookit/hookit.json`;
    if (args.revoke) {
      const removed = revokeTrust(path);
      logger.success(removed ? `trust revoked for ${path}` : `${path} was not trusted`);
      return;
    }
    if (!project.policy) return fail(`no .hookit/hookit.json found in ${project.root}; create one with \`hookit init\``);
    const text = readFileSync(project.policy, "utf8");
    if (trust.trusted(project.policy, text)) {
      logger.success(`${project.policy} is already trusted as it is now`);
      return;
    }
    const catalog = loadCatalog([{ storage: "project", path: project.policy, text }]);
    if (!catalog.ok) {
      return fail(
        `not trusted: ${project.policy} is invalid, so no hook of it could run:\n${diagnosticLines(catalog.diagnostics, [{ storage: "project", path: project.policy, text }])}\nFix it (\`hookit validate\`), then run \`hookit trust\` again.`,
      );
    }
    const previous = trust.lastTrusted(project.policy);
    process.stdout.write(
      reviewText({
        previous,
        text,
        labels: [`${project.policy} (trusted)`, `${project.policy} (now)`],
        intro: `${project.policy} has not been trusted before. Its hooks run shell commands on every matching event:`,
        changed: `${project.policy} changed since you trusted it:`,
      }),
    );
    if (previous !== undefined && !args["no-replay"]) {
      // What the change would have done to the last week's recorded tool calls, before anyone says yes.
      const { replaySummary } = await import("../policytest/replay.ts");
      process.stdout.write(
        `\nReplaying the last 7 days of logged tool calls against the changed policy:\n${(await replaySummary(project.policy, text)).text}\n`,
      );
    }
    const ok = await confirmed({
      yes: args.yes,
      question: `Trust ${project.policy} and let its hooks run? [y/N] `,
      noTerminal:
        "not trusted: `hookit trust` asks a person to confirm, and there is no terminal here. Review the file and run `hookit trust --yes` yourself, or run `hookit trust` in a terminal.",
      declined: "not trusted (answered no)",
    });
    if (!ok) return;
    trustPolicy(project.policy, text);
    logger.success(`trusted ${project.policy} as it is now; any edit needs \`hookit trust\` again`);
  },
});
