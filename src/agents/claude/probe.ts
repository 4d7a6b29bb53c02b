// What `hookit doctor` pipes into the installed hook command: a harmless pre-tool call
// (shell `true`) in Claude Code's payload shape.
export { claudeShapedProbe as default } from "../shared/probe.ts";
