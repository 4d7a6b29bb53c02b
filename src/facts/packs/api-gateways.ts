// API gateways (API Gateway, Kong, Apigee, Azure API Management).
import type { Pack } from "./types.ts";
import { servicePack, ASK_USER } from "./_service.ts";

export const apiGateways = (): Pack =>
  servicePack("api-gateways", "API gateways (API Gateway, Kong, Apigee, Azure API Management)", [
    {
      id: "gateway-delete",
      programs: ["aws", "gcloud", "az"],
      when: { text: "\\b(apigateway|apigatewayv2|api-gateway|apigee|apim)\\b.*\\bdelete" },
      reason: "it deletes an API, stage or gateway: its clients get errors",
      instead: ASK_USER,
    },
    {
      id: "kong-reset",
      programs: ["deck", "kongctl"],
      when: { any: ["reset", "delete"] },
      reason: "it deletes the gateway's whole configuration",
      instead: ASK_USER,
    },
  ]);
