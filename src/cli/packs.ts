import { defineCommand } from "citty";
import { allPacks } from "../facts/packs/registry.ts";
import { packsMarkdown } from "./_packs-markdown.ts";

export default defineCommand({
  meta: { name: "packs", description: "List hookit's packs and their rules (turn them on with hookit init --packs)" },
  args: {
    json: { type: "boolean", description: "Print the packs as JSON", default: false },
    markdown: { type: "boolean", description: "Print the packs as docs/packs.md's tables", default: false },
    pack: { type: "positional", required: false, description: "Show one pack's rules in full" },
  },
  run({ args }) {
    const packs = args.pack ? allPacks().filter((p) => p.id === args.pack) : allPacks();
    if (args.pack && packs.length === 0) {
      process.stderr.write(
        `hookit packs: unknown pack "${args.pack}"; the packs are ${allPacks()
          .map((p) => p.id)
          .join(", ")}\n`,
      );
      process.exitCode = 1;
      return;
    }
    if (args.json) return void process.stdout.write(JSON.stringify(packs, null, 2) + "\n");
    if (args.markdown) return void process.stdout.write(packsMarkdown(packs));
    const lines: string[] = [];
    for (const pack of packs) {
      lines.push(`${pack.id} v${pack.version} — ${pack.title}`);
      for (const rule of pack.rules)
        lines.push(
          args.pack
            ? `  ${pack.id}/${rule.id}${rule.ask ? " (asks)" : ""}: ${rule.programs.join(", ")}${rule.sub ? " " + rule.sub.join(" ") : ""} — ${rule.reason}; instead, ${rule.instead}`
            : `  ${pack.id}/${rule.id}${rule.ask ? " (asks)" : ""}`,
        );
    }
    lines.push("", "Turn packs on: hookit init --packs <names|all> (docs/packs.md: narrowing a pack, one rule off or to ask)");
    process.stdout.write(lines.join("\n") + "\n");
  },
});
