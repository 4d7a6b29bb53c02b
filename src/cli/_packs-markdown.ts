// docs/packs.md's list of packs and rules, written from the registry
// (`npm run docs` → `hookit packs --markdown`); test/packs/docs.test.ts fails when
// the page and the registry differ.
import type { Pack } from "../facts/packs/registry.ts";

export const PACKS_START = "<!-- packs:start -->";
export const PACKS_END = "<!-- packs:end -->";

const cell = (text: string) => text.replaceAll("|", "\\|");

export function packsMarkdown(packs: readonly Pack[]): string {
  const out: string[] = [];
  for (const pack of packs) {
    out.push(
      `### ${pack.id} (v${pack.version})`,
      "",
      pack.title,
      "",
      "| rule | programs | fires on | what it destroys | instead |",
      "| --- | --- | --- | --- | --- |",
    );
    for (const rule of pack.rules) {
      const when = [
        rule.sub && `\`${rule.sub.join(" ")}\``,
        rule.when?.any && `any of ${rule.when.any.map((o) => `\`${o}\``).join(", ")}`,
        rule.when?.all && `all of ${rule.when.all.map((o) => `\`${o}\``).join(", ")}`,
        rule.when?.operand && `an operand matching \`${rule.when.operand}\``,
        rule.when?.target && `a last operand matching \`${rule.when.target}\``,
        rule.when?.text && `words matching \`${rule.when.text}\``,
        rule.unless && `not with ${[...(rule.unless.any ?? []), ...(rule.unless.all ?? [])].map((o) => `\`${o}\``).join(", ")}`,
        rule.remote && "run on another machine (`ssh host …`)",
      ].filter(Boolean);
      const id = `\`${pack.id}/${rule.id}\`${rule.ask ? " (asks)" : ""}`;
      out.push(
        `| ${id} | ${rule.programs.map((p) => `\`${p}\``).join(", ")} | ${cell(when.join("; ") || "always")} | ${cell(rule.reason)} | ${cell(rule.instead)} |`,
      );
    }
    out.push("");
  }
  return out.join("\n");
}
