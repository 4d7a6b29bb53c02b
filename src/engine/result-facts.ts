// Facts of a tool's result (hookit extension): `hookit.secrets`, the kinds of secret hookit
// recognizes in the text the model would read (src/base/secrets.ts), and the redaction a
// `redact: true` tool_result hook asks for when it fails. No parser, no shell: a scan with
// plain searches first, an expression only where a kind's text is present.
import { redactDeep, redactText, secretKinds } from "../base/secrets.ts";
import type { Failure } from "./texts.ts";
import type { ContentBlock, NativeEventOutcome, NormalizedEvent } from "./types.ts";

/** The result facts a filter may use (tool_result only), with what they list. */
export const RESULT_FACT_KEYS: Readonly<Record<string, string>> = {
  "hookit.secrets":
    "tool_result only: the kinds of secret hookit recognizes in the result text (private key, AWS access key, GitHub token, …; docs/events.md)",
};

const SECRETS_KEY = "hookit.secrets";

/** Whether a filter looks at a result fact. */
export const usesResultFacts = (filter: Readonly<Record<string, unknown>> | undefined): boolean =>
  filter !== undefined && Object.hasOwn(filter, SECRETS_KEY);

/** The text the model would read: the text blocks, one per line (PI_TOOL_RESULT). */
function resultText(content: readonly ContentBlock[]): string {
  let text = "";
  for (let i = 0; i < content.length; i++) {
    const block = content[i]!;
    if (block.type !== "text" || typeof block.text !== "string") continue;
    text = text === "" && i === 0 ? block.text : `${text}\n${block.text}`;
  }
  return text;
}

/** The `hookit.*` result keys of one tool result. */
export function resultFacts(event: Extract<NormalizedEvent, { event: "tool_result" }>): Record<string, string[]> {
  return { [SECRETS_KEY]: secretKinds(resultText(event.content)) };
}

const hiddenAs = (label: string) => `[REDACTED: ${label}]`;

const listOf = (kinds: readonly string[]) =>
  kinds.length === 1 ? kinds[0]! : `${kinds.slice(0, -1).join(", ")} and ${kinds[kinds.length - 1]}`;

/** The reason of a redaction: which hook, which kinds, on which result; never how they were found. */
function redactionReason(hookNames: readonly string[], toolName: string, kinds: readonly string[]): string {
  const hooks = hookNames.map((name) => `"${name}"`).join(", ");
  return `hookit: hook ${hooks} withheld secrets from the ${toolName} result (${listOf(kinds)})`;
}

/** What the model reads after the redacted result. */
function redactionNote(kinds: readonly string[]): string {
  return `[hookit] Secrets in this output were withheld (${listOf(kinds)}); each one shows as [REDACTED: <kind>]. Do not try to read them another way: if the task needs one, ask the user.`;
}

/**
 * The patch of a result whose failing hooks all redact (`redact: true`): the result with each
 * secret replaced, its other text kept, and a note saying what was withheld. `undefined` when
 * the result holds no secret hookit recognizes: then the failure suppresses it as HooKit does.
 */
export function redactedOutcome(
  event: Extract<NormalizedEvent, { event: "tool_result" }>,
  failures: readonly Failure[],
): NativeEventOutcome | undefined {
  for (const failure of failures) if (failure.hook.redact !== true) return undefined;
  const kinds = new Set<string>();
  const content: ContentBlock[] = [];
  for (const block of event.content) {
    if (block.type !== "text" || typeof block.text !== "string") {
      content.push(block);
      continue;
    }
    const redacted = redactText(block.text, hiddenAs);
    for (const kind of redacted.kinds) kinds.add(kind);
    content.push(redacted.kinds.length > 0 ? { ...block, text: redacted.text } : block);
  }
  if (kinds.size === 0) return undefined;
  const found = [...kinds];
  content.push({ type: "text", text: `\n${redactionNote(found)}` });
  const reason = redactionReason(
    failures.map((f) => f.hook.name),
    event.toolName,
    found,
  );
  const patch: { content: ContentBlock[]; details?: unknown; isError: boolean } = { content, isError: event.isError };
  if (event.details !== undefined) patch.details = redactDeep(event.details, hiddenAs).value;
  return { event: "tool_result", outcome: "patch", reason, patch };
}
