// What `hookit doctor` pipes into the installed hook command: a harmless pre-tool call
// (shell `true`) in the payload shape Codex CLI copies from Claude Code.
export { claudeShapedProbe as default } from "../shared/probe.ts";
