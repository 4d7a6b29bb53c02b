// OpenAI Chat Completions, as Copilot CLI 1.0.102, Pi 1.6.0 and droid 0.225.2 speak it
// (real-cli-recipes §5.5, §6.4, §7.4): streaming `POST /v1/chat/completions`.
import { fillRequired, isRecord, jsonReply, sseReply, turnAt, type LoggedRequest, type ModelTurn, type WireHandler } from "./types.ts";

/** Shell tool names in the order we prefer them (Copilot and Pi: `bash`, droid: `Execute`). */
const SHELL_TOOLS = ["bash", "Bash", "Execute", "shell"];

function stepOf(messages: unknown[]): number {
  let turns = 0;
  let inModelRun = false;
  for (const m of messages) {
    const isModel = isRecord(m) && m.role === "assistant";
    if (isModel && !inModelRun) turns++;
    inModelRun = isModel;
  }
  return turns;
}

function toolSchemas(tools: unknown): Map<string, unknown> {
  const schemas = new Map<string, unknown>();
  if (!Array.isArray(tools)) return schemas;
  for (const t of tools) {
    if (isRecord(t) && isRecord(t.function) && typeof t.function.name === "string") schemas.set(t.function.name, t.function.parameters);
  }
  return schemas;
}

type Reply = { text: string } | { name: string; args: Record<string, unknown> };

function replyFor(turn: ModelTurn, schemas: Map<string, unknown>): Reply {
  if ("say" in turn) return { text: turn.say };
  if ("tool" in turn) return { name: turn.tool, args: fillRequired(schemas.get(turn.tool), turn.input) };
  if ("patch" in turn) return { text: "e2e: apply_patch is a Codex tool" };
  const name = SHELL_TOOLS.find((n) => schemas.has(n)) ?? "bash";
  const schema = schemas.get(name);
  const props = isRecord(schema) && isRecord(schema.properties) ? schema.properties : {};
  const given: Record<string, unknown> = { command: turn.shell };
  if ("description" in props) given.description = "Run e2e step";
  return { name, args: fillRequired(schema, given) };
}

function stream(model: unknown, reply: Reply, step: number): string {
  const base = { id: `chatcmpl-fake${step}`, object: "chat.completion.chunk", created: 1_700_000_000, model };
  const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) => `data: ${JSON.stringify({ ...base, choices, ...extra })}\n\n`;
  const parts: string[] = [];
  if ("text" in reply) {
    parts.push(chunk([{ index: 0, delta: { role: "assistant", content: reply.text }, finish_reason: null }]));
    parts.push(chunk([{ index: 0, delta: {}, finish_reason: "stop" }]));
  } else {
    const call = { index: 0, id: `call_fake_${step + 1}`, type: "function", function: { name: reply.name, arguments: "" } };
    parts.push(chunk([{ index: 0, delta: { role: "assistant", content: null, tool_calls: [call] }, finish_reason: null }]));
    parts.push(
      chunk([
        { index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: JSON.stringify(reply.args) } }] }, finish_reason: null },
      ]),
    );
    parts.push(chunk([{ index: 0, delta: {}, finish_reason: "tool_calls" }]));
  }
  parts.push(chunk([], { usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 } }));
  parts.push("data: [DONE]\n\n");
  return parts.join("");
}

function completion(model: unknown, reply: Reply, step: number): Record<string, unknown> {
  const message =
    "text" in reply
      ? { role: "assistant", content: reply.text }
      : {
          role: "assistant",
          content: null,
          tool_calls: [
            { id: `call_fake_${step + 1}`, type: "function", function: { name: reply.name, arguments: JSON.stringify(reply.args) } },
          ],
        };
  return {
    id: `chatcmpl-fake${step}`,
    object: "chat.completion",
    created: 1_700_000_000,
    model,
    choices: [{ index: 0, message, finish_reason: "text" in reply ? "stop" : "tool_calls" }],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  };
}

export const chatHandler: WireHandler = (request: LoggedRequest, turns) => {
  const path = (request.url.split("?")[0] ?? "").replace(/\/+$/, "");
  if (request.method === "GET" && path.endsWith("/models")) {
    const ids = ["gpt-4.1", "fake-model", "fake-local-model"];
    return jsonReply(200, { object: "list", data: ids.map((id) => ({ id, object: "model", created: 0, owned_by: "e2e" })) }, "models");
  }
  if (request.method !== "POST" || !path.endsWith("/chat/completions") || !isRecord(request.body)) {
    return jsonReply(404, { error: { message: `no fake for ${request.method} ${path}`, type: "not_found" } }, "404");
  }
  const body = request.body;
  const schemas = toolSchemas(body.tools);
  const side = schemas.size === 0;
  const step = stepOf(Array.isArray(body.messages) ? body.messages : []);
  const reply = side ? { text: "ok" } : replyFor(turnAt(turns, step), schemas);
  const answer = side ? "side" : `step:${step}`;
  if (body.stream === true) return sseReply(stream(body.model, reply, step), answer);
  return jsonReply(200, completion(body.model, reply, step), answer);
};
