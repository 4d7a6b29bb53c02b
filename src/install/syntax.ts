// How strictly each agent reads its own config file. Claude Code and Codex parse
// strict JSON and ignore the whole file over one comment or trailing comma (Claude:
// "Invalid or malformed JSON"; Codex: "key must be a string", 0 hooks load); Gemini
// CLI strips comments first (strip-json-comments) but still rejects a trailing
// comma. hookit reads each file the way its agent does, so `doctor` never says ✓
// about a file the agent ignores and `install` never edits one into a working state
// it is not in.
import { parseTree, printParseErrorCode, type ParseError } from "jsonc-parser/lib/esm/main.js";
import { lineStart } from "./splice.ts";

/** `json`: strict JSON; `json-comments`: comments allowed, no trailing commas; `jsonc`: both allowed. */
export type ConfigSyntax = "json" | "json-comments" | "jsonc";

export interface SyntaxProblem {
  line: number;
  column: number;
  /** What is wrong, in words: "a comment", "a trailing comma", "ValueExpected"… */
  what: string;
}

/** The first thing in `text` that `syntax` does not allow, or undefined. */
export function syntaxProblem(text: string, syntax: ConfigSyntax): SyntaxProblem | undefined {
  if (syntax === "jsonc") return undefined;
  const errors: ParseError[] = [];
  parseTree(text.replace(/^\uFEFF/, ""), errors, { disallowComments: syntax === "json", allowTrailingComma: false });
  const first = errors[0];
  if (!first) return undefined;
  const before = text.slice(0, first.offset).trimEnd();
  const what =
    first.error === 10 /* InvalidCommentToken */
      ? "a comment"
      : before.endsWith(",") && /^\s*[}\]]/.test(text.slice(first.offset))
        ? "a trailing comma"
        : printParseErrorCode(first.error);
  const offset = what === "a trailing comma" ? before.length - 1 : first.offset;
  return { ...lineColumnAt(text, offset), what };
}

/** 1-based line and column of `offset`, as editors count them. */
export function lineColumnAt(text: string, offset: number): { line: number; column: number } {
  return { line: text.slice(0, offset).split("\n").length, column: offset - lineStart(text, offset) + 1 };
}

/** One sentence: where, what, and that the agent ignores the file. */
export function describeSyntaxProblem(file: string, agentTitle: string, syntax: ConfigSyntax, problem: SyntaxProblem): string {
  const reads = syntax === "json" ? "strict JSON (no comments, no trailing commas)" : "JSON with comments but no trailing commas";
  return `${file}:${problem.line}:${problem.column}: ${problem.what}. ${agentTitle} reads this file as ${reads} and ignores all of it, hookit's hooks included`;
}
