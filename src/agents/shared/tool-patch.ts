// A tool that takes Codex's patch envelope (apply_patch, droid's ApplyPatch): its row in a tool
// table and the reading of its text, the same for every agent that offers one.
import type { MappedTool } from "./tool-classes.ts";
import { parseApplyPatch, PatchSyntaxError, type PatchOperation } from "./apply-patch.ts";
import { PayloadError } from "../../contract/types.ts";

/**
 * The row of a patch tool whose text is in `field`: one `write` or `edit` per file of the patch.
 * Tables mark the call with an `@__PURE__` comment: esbuild does not carry a function's purity across files,
 * and a bundle that never reads the table (droid's hook) should leave it out.
 */
export function patchRow(native: string, field: string): MappedTool {
  return {
    native,
    as: ["write", "edit"],
    perFile: true,
    fields: { [field]: "path" },
    note: "one call per file of the patch, as for Codex",
  };
}

/** The patch's operations; a text that is not a patch is a PayloadError saying `what` cannot be read. */
export function readPatch(text: string, what: string): PatchOperation[] {
  try {
    return parseApplyPatch(text);
  } catch (error) {
    if (error instanceof PatchSyntaxError) throw new PayloadError(`${what} cannot be read: ${error.message}`);
    throw error;
  }
}
