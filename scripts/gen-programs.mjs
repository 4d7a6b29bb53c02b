// docs/programs.md's table, made from the program registry (src/facts/programs.ts):
// each family, one line on what hookit reads from its programs, and their names.
import { buildSync } from "esbuild";

/** The registry, bundled from src/ (the docs read the source, not a build). */
async function loadRegistry(root) {
  const out = buildSync({
    stdin: { contents: 'export { FAMILIES, FAMILY_NOTES } from "./src/facts/programs.ts";', resolveDir: root, loader: "ts" },
    bundle: true,
    platform: "node",
    format: "esm",
    write: false,
    logLevel: "error",
  });
  return import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString("base64")}`);
}

const MARK = { "runs-code": " (runs code)", "changes-below": " (`-R` reaches below)", opaque: "" };

/** The markdown table: a row per family. */
export async function renderPrograms(root) {
  const { FAMILIES, FAMILY_NOTES } = await loadRegistry(root);
  const rows = ["| family | what hookit reads from them | programs |", "| --- | --- | --- |"];
  for (const [family, entries] of Object.entries(FAMILIES)) {
    const names = entries.map((entry) => `${entry.names.map((n) => `\`${n}\``).join(" / ")}${MARK[entry.use] ?? ""}`).join(", ");
    rows.push(`| ${family} | ${FAMILY_NOTES[family]} | ${names.replaceAll("|", "\\|")} |`);
  }
  return rows.join("\n");
}
