import { defineCommand } from "citty";
import { existsSync } from "node:fs";
import { fail, logger } from "./_output.ts";
import { formatDiagnostic, loadEffectivePolicy, loadSingleFile } from "./_policy.ts";

export default defineCommand({
  meta: { name: "validate", description: "Validate a hookit.json (default: the global and the project policy)" },
  args: {
    file: { type: "positional", required: false, description: "A policy file to validate on its own" },
  },
  run({ args }) {
    if (args.file && !existsSync(args.file)) return fail(`${args.file}: no such file`);
    const catalog = args.file ? loadSingleFile(args.file).catalog : loadEffectivePolicy(process.cwd()).catalog;
    if (!catalog.ok) {
      const n = catalog.diagnostics.length;
      logger.error(`hookit: ${n} problem${n === 1 ? "" : "s"} found; no hook runs until ${n === 1 ? "it is" : "they are"} fixed:`);
      for (const d of catalog.diagnostics) process.stderr.write(`  • ${formatDiagnostic(d)}\n`);
      process.exitCode = 1;
      return;
    }
    const hooks = catalog.entries.filter((e) => e.kind === "hook").length;
    const presets = catalog.entries.length - hooks;
    const enabled = catalog.entries.filter((e) => e.default).length;
    logger.success(`valid: ${hooks} hook${hooks === 1 ? "" : "s"}, ${presets} preset${presets === 1 ? "" : "s"}, ${enabled} enabled by default`);
  },
});
