// OpenAI Responses, as Codex 0.171.0 speaks it (real-cli-recipes §3.5): streaming `POST /v1/responses`.
import { isRecord, jsonReply, sseReply, turnAt, type LoggedRequest, type ModelTurn, type WireHandler } from "./types.ts";

const MODEL_ITEMS = new Set(["message", "function_call", "custom_tool_call", "local_shell_call", "reasoning"]);

/** Model turns in `input`: runs of consecutive model items count once. */
function stepOf(input: unknown[]): number {
  let turns = 0;
  let inModelRun = false;
  for (const item of input) {
    const isModel =
      isRecord(item) &&
      typeof item.type === "string" &&
      MODEL_ITEMS.has(item.type) &&
      (item.type !== "message" || item.role === "assistant");
    if (isModel && !inModelRun) turns++;
    inModelRun = isModel;
  }
  return turns;
}

function toolNames(tools: unknown): Set<string> {
  const names = new Set<string>();
  if (Array.isArray(tools)) for (const t of tools) if (isRecord(t) && typeof t.name === "string") names.add(t.name);
  return names;
}

/** The shell call in whichever form the request offers. */
function shellCall(cmd: string, offered: Set<string>): { name: string; args: Record<string, unknown> } {
  if (offered.has("exec_command")) return { name: "exec_command", args: { cmd, yield_time_ms: 10000 } };
  if (offered.has("shell_command")) return { name: "shell_command", args: { command: cmd } };
  return { name: "shell", args: { command: ["bash", "-lc", cmd] } };
}

function itemFor(turn: ModelTurn, step: number, tools: unknown): Record<string, unknown> {
  const callId = `call_fake${String(step + 1).padStart(4, "0")}`;
  if ("say" in turn) {
    return {
      type: "message",
      role: "assistant",
      id: `msg_fake${step}`,
      status: "completed",
      content: [{ type: "output_text", text: turn.say, annotations: [] }],
    };
  }
  if ("patch" in turn) {
    const asFunction = Array.isArray(tools) && tools.some((t) => isRecord(t) && t.name === "apply_patch" && t.type === "function");
    return asFunction
      ? {
          type: "function_call",
          id: `fc_fake${step}`,
          call_id: callId,
          name: "apply_patch",
          arguments: JSON.stringify({ input: turn.patch }),
          status: "completed",
        }
      : { type: "custom_tool_call", id: `ctc_fake${step}`, call_id: callId, name: "apply_patch", input: turn.patch, status: "completed" };
  }
  const { name, args } = "shell" in turn ? shellCall(turn.shell, toolNames(tools)) : { name: turn.tool, args: turn.input };
  return { type: "function_call", id: `fc_fake${step}`, call_id: callId, name, arguments: JSON.stringify(args), status: "completed" };
}

function event(type: string, data: Record<string, unknown>): string {
  return `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
}

function stream(model: unknown, item: Record<string, unknown>, step: number): string {
  const id = `resp_fake${step}`;
  const usage = {
    input_tokens: 10,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: 5,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: 15,
  };
  const parts = [
    event("response.created", { response: { id, object: "response", model, status: "in_progress", output: [] } }),
    event("response.output_item.added", {
      output_index: 0,
      item: item.type === "message" ? { ...item, status: "in_progress", content: [] } : item,
    }),
  ];
  if (item.type === "message" && Array.isArray(item.content) && isRecord(item.content[0])) {
    parts.push(event("response.output_text.delta", { output_index: 0, content_index: 0, item_id: item.id, delta: item.content[0].text }));
  }
  parts.push(
    event("response.output_item.done", { output_index: 0, item }),
    event("response.completed", { response: { id, object: "response", model, status: "completed", output: [item], usage } }),
  );
  return parts.join("");
}

export const responsesHandler: WireHandler = (request: LoggedRequest, turns) => {
  const path = request.url.split("?")[0];
  if (request.method === "GET" && path === "/v1/models") return jsonReply(200, { object: "list", data: [], models: [] }, "models");
  if (request.method !== "POST" || path !== "/v1/responses" || !isRecord(request.body)) {
    return jsonReply(404, { error: { message: `no fake for ${request.method} ${path}`, type: "not_found" } }, "404");
  }
  const body = request.body;
  const input = Array.isArray(body.input) ? body.input : [];
  const side = !Array.isArray(body.tools) || body.tools.length === 0;
  const step = stepOf(input);
  const item = side ? itemFor({ say: "ok" }, step, []) : itemFor(turnAt(turns, step), step, body.tools);
  const answer = side ? "side" : `step:${step}`;
  if (body.stream === false) {
    return jsonReply(200, { id: `resp_fake${step}`, object: "response", model: body.model, status: "completed", output: [item] }, answer);
  }
  return sseReply(stream(body.model, item, step), answer);
};
