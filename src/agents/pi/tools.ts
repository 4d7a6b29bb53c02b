// Pi's tools, classified (see ../shared/tool-classes.ts). Pi's tool names and input shapes are hookit's
// vocabulary, so its calls reach policies as they are.
import type { ToolClass } from "../shared/tool-classes.ts";

/** Every tool Pi offered in a captured release (test/fixtures/tool-lists/pi-*.json), plus the ones Pi enables on request. */
export const TOOL_CLASSES: ToolClass[] = [
  { native: "bash", as: "bash", fields: { command: "command", timeout: "timeout" } },
  { native: "read", as: "read", fields: { path: "path", offset: "offset", limit: "limit" } },
  { native: "write", as: "write", fields: { path: "path", content: "content" } },
  { native: "edit", as: "edit", fields: { path: "path", edits: "edits" } },
  {
    native: "grep",
    as: "grep",
    fields: { pattern: "pattern", path: "path", glob: "glob" },
    rest: ["ignoreCase", "literal", "context", "limit"],
  },
  { native: "find", as: "find", fields: { pattern: "pattern", path: "path" }, rest: ["limit"] },
  { native: "ls", as: "ls", fields: { path: "path" }, rest: ["limit"] },
];
