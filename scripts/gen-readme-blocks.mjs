// Rewrites README.md's table "What a block looks like" (between `<!-- block-table:start -->` and
// `<!-- block-table:end -->`) from the starter policy run through each agent's real encoder
// (test/docs/readme-blocks.ts, bundled here with esbuild). test/docs/readme-blocks.test.ts fails
// when the README and this output differ.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL, fileURLToPath } from "node:url";
import { buildSync } from "esbuild";

const root = fileURLToPath(new URL("..", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "hookit-readme-"));
try {
  const out = join(dir, "readme-blocks.mjs");
  buildSync({
    entryPoints: [join(root, "test/docs/readme-blocks.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    outfile: out,
    logLevel: "error",
  });
  const { renderBlockTable, withBlockTable } = await import(pathToFileURL(out).href);
  const path = join(root, "README.md");
  const before = readFileSync(path, "utf8");
  const after = withBlockTable(before, await renderBlockTable());
  if (after !== before) writeFileSync(path, after);
  console.log(after === before ? "README.md block table is current" : "README.md block table updated");
} finally {
  rmSync(dir, { recursive: true, force: true });
}
