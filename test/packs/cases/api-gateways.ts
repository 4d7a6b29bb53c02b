// The api-gateways pack: what it must refuse (each rule at least once) and the everyday commands of
// the same tools it must let through.
import type { PackCases } from "./_cases.ts";

export const apiGateways: PackCases = {
  block: [
    "aws apigateway delete-rest-api --rest-api-id a1",
    "aws apigatewayv2 delete-api --api-id a1",
    "gcloud api-gateway gateways delete gw --location=l",
    "az apim delete -n apim -g rg",
    "deck gateway reset --force",
  ],
  pass: ["aws apigateway get-rest-apis", "deck gateway dump", "az apim list"],
};
