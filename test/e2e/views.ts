// What the model was sent, read out of one logged request body, per wire. Tests assert on these
// views instead of on the CLI's exit code (every CLI exits 0 even when a hook stopped it).
import { isRecord, type LoggedRequest, type Wire } from "./servers/types.ts";

/** One conversation item, reduced to who said it and its text. */
export interface ViewItem {
  kind: "toolCall" | "toolResult" | "user" | "assistant" | "other";
  /** The plain text the model reads. */
  text: string;
  /** The item's exact wire form where it is structured (Gemini's functionResponse.response JSON). */
  raw?: string;
}

function textOf(value: unknown): string {
  if (typeof value === "string") return value;
  if (Array.isArray(value))
    return value
      .map(textOf)
      .filter((t) => t !== "")
      .join("\n");
  if (!isRecord(value)) return "";
  if (typeof value.text === "string") return value.text;
  if ("content" in value) return textOf(value.content);
  return "";
}

function anthropicItems(body: Record<string, unknown>): ViewItem[] {
  const items: ViewItem[] = [];
  for (const m of Array.isArray(body.messages) ? body.messages : []) {
    if (!isRecord(m)) continue;
    const blocks = typeof m.content === "string" ? [{ type: "text", text: m.content }] : Array.isArray(m.content) ? m.content : [];
    for (const b of blocks) {
      if (!isRecord(b)) continue;
      if (b.type === "tool_use") items.push({ kind: "toolCall", text: JSON.stringify(b.input) });
      else if (b.type === "tool_result") items.push({ kind: "toolResult", text: textOf(b.content) });
      else if (b.type === "text")
        items.push({ kind: m.role === "assistant" ? "assistant" : m.role === "user" ? "user" : "other", text: textOf(b) });
    }
  }
  return items;
}

function responsesItems(body: Record<string, unknown>): ViewItem[] {
  const items: ViewItem[] = [];
  for (const it of Array.isArray(body.input) ? body.input : []) {
    if (!isRecord(it)) continue;
    if (it.type === "function_call") items.push({ kind: "toolCall", text: String(it.arguments) });
    else if (it.type === "custom_tool_call") items.push({ kind: "toolCall", text: String(it.input) });
    else if (it.type === "function_call_output" || it.type === "custom_tool_call_output")
      items.push({ kind: "toolResult", text: textOf(it.output) });
    else if (it.type === "message")
      items.push({ kind: it.role === "user" ? "user" : it.role === "assistant" ? "assistant" : "other", text: textOf(it.content) });
  }
  return items;
}

function geminiItems(body: Record<string, unknown>): ViewItem[] {
  const items: ViewItem[] = [];
  for (const c of Array.isArray(body.contents) ? body.contents : []) {
    if (!isRecord(c) || !Array.isArray(c.parts)) continue;
    for (const p of c.parts) {
      if (!isRecord(p)) continue;
      if (isRecord(p.functionCall)) items.push({ kind: "toolCall", text: JSON.stringify(p.functionCall.args) });
      else if (isRecord(p.functionResponse)) {
        const response = p.functionResponse.response;
        const text = isRecord(response)
          ? Object.values(response)
              .map((v) => (typeof v === "string" ? v : JSON.stringify(v)))
              .join("\n")
          : "";
        items.push({ kind: "toolResult", text, raw: JSON.stringify(response) });
      } else if (typeof p.text === "string" && p.thought !== true)
        items.push({ kind: c.role === "model" ? "assistant" : "user", text: p.text });
    }
  }
  return items;
}

function chatItems(body: Record<string, unknown>): ViewItem[] {
  const items: ViewItem[] = [];
  for (const m of Array.isArray(body.messages) ? body.messages : []) {
    if (!isRecord(m)) continue;
    if (m.role === "tool") items.push({ kind: "toolResult", text: textOf(m.content) });
    else if (m.role === "assistant") {
      if (Array.isArray(m.tool_calls))
        for (const c of m.tool_calls)
          items.push({ kind: "toolCall", text: isRecord(c) && isRecord(c.function) ? String(c.function.arguments) : "" });
      const text = textOf(m.content);
      if (text !== "") items.push({ kind: "assistant", text });
    } else items.push({ kind: m.role === "user" ? "user" : "other", text: textOf(m.content) });
  }
  return items;
}

const READERS: Record<Wire, (body: Record<string, unknown>) => ViewItem[]> = {
  anthropic: anthropicItems,
  responses: responsesItems,
  gemini: geminiItems,
  chat: chatItems,
};

/** The conversation a model request carried, oldest first. */
export function conversation(wire: Wire, request: LoggedRequest): ViewItem[] {
  return isRecord(request.body) ? READERS[wire](request.body) : [];
}

/** Everything the model received after its last tool call: tool results and user messages. */
export function afterLastToolCall(items: ViewItem[]): string {
  const last = items.map((i) => i.kind).lastIndexOf("toolCall");
  return items
    .slice(last + 1)
    .filter((i) => i.kind === "toolResult" || i.kind === "user")
    .map((i) => i.text)
    .join("\n");
}

export function toolResults(items: ViewItem[]): string[] {
  return items.filter((i) => i.kind === "toolResult").map((i) => i.text);
}

/** Tool results in their exact wire form (JSON for Gemini, the text elsewhere). */
export function rawToolResults(items: ViewItem[]): string[] {
  return items.filter((i) => i.kind === "toolResult").map((i) => i.raw ?? i.text);
}

export function userTexts(items: ViewItem[]): string[] {
  return items.filter((i) => i.kind === "user").map((i) => i.text);
}
