// Anthropic Messages, as Claude Code 2.1.197 speaks it (real-cli-recipes §2.4): a `HEAD /` probe,
// then one streaming `POST /v1/messages?beta=true` per model turn.
import { isRecord, jsonReply, sseReply, turnAt, type LoggedRequest, type ModelTurn, type WireHandler } from "./types.ts";

type Block = { type: "text"; text: string } | { type: "tool_use"; id: string; name: string; input: Record<string, unknown> };

/** Model turns already in the conversation. Roles are not validated: 2.1.197 sends a `system` item. */
function stepOf(body: Record<string, unknown>): number {
  const messages = Array.isArray(body.messages) ? body.messages : [];
  return messages.filter((m) => isRecord(m) && m.role === "assistant").length;
}

function blockFor(turn: ModelTurn, step: number): Block {
  const id = `toolu_fake${String(step + 1).padStart(4, "0")}`;
  if ("say" in turn) return { type: "text", text: turn.say };
  if ("shell" in turn) return { type: "tool_use", id, name: "Bash", input: { command: turn.shell, description: "Run e2e step" } };
  if ("tool" in turn) return { type: "tool_use", id, name: turn.tool, input: turn.input };
  return { type: "text", text: "e2e: apply_patch is a Codex tool" };
}

function event(type: string, data: Record<string, unknown>): string {
  return `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
}

function stream(model: unknown, block: Block, step: number): string {
  const stopReason = block.type === "tool_use" ? "tool_use" : "end_turn";
  const usage = { input_tokens: 10, output_tokens: 1, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
  const start = block.type === "tool_use" ? { ...block, input: {} } : { type: "text", text: "" };
  const delta =
    block.type === "tool_use"
      ? { type: "input_json_delta", partial_json: JSON.stringify(block.input) }
      : { type: "text_delta", text: block.text };
  return [
    event("message_start", {
      message: {
        id: `msg_fake${step}`,
        type: "message",
        role: "assistant",
        model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage,
      },
    }),
    event("content_block_start", { index: 0, content_block: start }),
    event("ping", {}),
    event("content_block_delta", { index: 0, delta }),
    event("content_block_stop", { index: 0 }),
    event("message_delta", { delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: 5 } }),
    event("message_stop", {}),
  ].join("");
}

export const anthropicHandler: WireHandler = (request: LoggedRequest, turns) => {
  const path = request.url.split("?")[0];
  const notFound = { type: "error", error: { type: "not_found_error", message: `no fake for ${request.method} ${path}` } };
  if (request.method === "POST" && path === "/v1/messages/count_tokens") return jsonReply(200, { input_tokens: 10 }, "count_tokens");
  if (request.method !== "POST" || path !== "/v1/messages" || !isRecord(request.body)) return jsonReply(404, notFound, "404");

  const body = request.body;
  const side = !Array.isArray(body.tools) || body.tools.length === 0;
  const step = stepOf(body);
  const block: Block = side ? { type: "text", text: "ok" } : blockFor(turnAt(turns, step), step);
  const answer = side ? "side" : `step:${step}`;
  if (body.stream === true) return sseReply(stream(body.model, block, step), answer);
  return jsonReply(
    200,
    {
      id: `msg_fake${step}`,
      type: "message",
      role: "assistant",
      model: body.model,
      content: [block],
      stop_reason: block.type === "tool_use" ? "tool_use" : "end_turn",
      stop_sequence: null,
      usage: { input_tokens: 10, output_tokens: 5 },
    },
    answer,
  );
};
