// Claude Code's two edit tools, which droid copies under other field names: `Edit` (one
// replacement in `file_path`) and `MultiEdit` (a list of them). One spelling of the fields gives
// both tool table rows and MultiEdit's reader, so what the docs table says and what a policy
// receives cannot drift apart.
import type { MappedTool } from "./tool-classes.ts";
import type { FieldReader } from "./fields.ts";
import { isRecord, type Payload } from "./payload.ts";

/** How an agent spells the edit tools' fields. */
export interface EditFields {
  /** The text replaced, and what replaces it. */
  old: string;
  new: string;
  /** Replace every occurrence (kept as it came: it names no file). */
  all: string;
  /** MultiEdit's list of `{old, new}` objects. */
  list: string;
}

/**
 * The rows of the two tools. Tables that a bundle must drop mark the calls with an `@__PURE__`
 * comment: esbuild does not carry a function's purity across files.
 */
export function editRow(fields: EditFields): MappedTool {
  return {
    native: "Edit",
    as: "edit",
    fields: { file_path: "path", [fields.old]: "edits[].oldText", [fields.new]: "edits[].newText" },
    rest: [fields.all],
  };
}

export function multiEditRow(fields: EditFields): MappedTool {
  return { native: "MultiEdit", as: "edit", fields: { file_path: "path", [fields.list]: "edits" } };
}

/** MultiEdit's normalizer: the file and every edit; an edit that is not two strings is a PayloadError naming it. */
export function multiEditNormalizer(fields: EditFields): (input: Payload, f: FieldReader) => Record<string, unknown> {
  return (input, f) => ({ path: f.string("file_path"), edits: editList(input[fields.list], f, fields) });
}

// --- internal ---

function editList(value: unknown, f: FieldReader, { list, old, new: replacement }: EditFields): { oldText: string; newText: string }[] {
  if (!Array.isArray(value) || value.length === 0) throw f.fail(list, "a non-empty array", value);
  return value.map((edit: unknown, index) => {
    if (!isRecord(edit)) throw f.fail(`${list}[${index}]`, "an object", edit);
    const oldText = edit[old];
    const newText = edit[replacement];
    if (typeof oldText !== "string") throw f.fail(`${list}[${index}].${old}`, "a string", oldText);
    if (typeof newText !== "string") throw f.fail(`${list}[${index}].${replacement}`, "a string", newText);
    return { oldText, newText };
  });
}
