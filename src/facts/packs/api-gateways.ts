// API gateways: AWS API Gateway, Google's API Gateway and Apigee, Azure API Management, Kong.
// Deleting an API, a product or a route breaks its clients at once; Kong's own tools also
// replace the whole configuration (`deck gateway reset`, `deck gateway sync`).
import type { Pack } from "./types.ts";
import { pack } from "./_pack.ts";
import { ASK_USER, httpDelete } from "./_service.ts";

/** apigeecli's verbs that take something away: `clean` deletes the revisions no environment runs. */
const APIGEECLI_LOSS = "delete|delete-*|undeploy|clean|detach|remove";
const APIGEE_REASON =
  "it deletes (or undeploys) an Apigee proxy, product, developer, app, environment, organization or its settings: clients get errors";

export const apiGateways = (): Pack =>
  pack({
    id: "api-gateways",
    title: "API gateways (API Gateway, Apigee, Azure API Management, Kong)",
    valueOptions: {
      aws: ["--region", "--profile", "--output", "--endpoint-url", "--query"],
      apigeecli: ["-o", "--org", "-e", "--env", "-t", "--token", "-a", "--account", "-n", "--name", "-r", "--rev"],
    },
    rules: [
      {
        id: "aws-gateway-delete",
        programs: ["aws"],
        sub: ["apigateway|apigatewayv2", "delete-*"],
        reason: "it deletes an API or its stages, routes, integrations, keys or domain names: its clients get errors",
        instead: ASK_USER,
      },
      {
        id: "aws-gateway-overwrite",
        programs: ["aws"],
        sub: ["apigateway", "put-rest-api"],
        when: { text: "--mode[=\\s]+overwrite" },
        reason: "it replaces the API's whole definition with the file's: the routes the file lacks are gone",
        instead: "import it in `merge` mode, or ask the user",
      },
      {
        id: "aws-gateway-reimport",
        programs: ["aws"],
        sub: ["apigatewayv2", "reimport-api"],
        ask: true,
        reason: "it replaces the API's whole definition with the file's: the routes the file lacks are gone",
        instead: ASK_USER,
      },
      {
        id: "cloud-gateway-delete",
        programs: ["gcloud", "az"],
        // `gcloud [beta] apigee apis delete`, `gcloud api-gateway gateways delete`, `az apim api delete`,
        // `az apim deletedservice purge` (a soft-deleted service, for good)
        when: { text: "(^|\\s)(api-gateway|apigee|endpoints|apim)\\s(.*\\s)?(delete|undeploy|purge)(\\s|$)" },
        reason: "it deletes (or undeploys) an API, gateway, proxy or API Management service: its clients get errors",
        instead: ASK_USER,
      },
      {
        id: "apigeecli-delete",
        programs: ["apigeecli"],
        sub: ["*", APIGEECLI_LOSS],
        reason: APIGEE_REASON,
        instead: ASK_USER,
      },
      {
        id: "apigeecli-delete-nested",
        programs: ["apigeecli"],
        // `apigeecli kvms entries delete`, `apigeecli apps keys delete`, `apigeecli sharedflows … undeploy`
        sub: ["*", "*", APIGEECLI_LOSS],
        reason: APIGEE_REASON,
        instead: ASK_USER,
      },
      {
        id: "apigee-tools-delete",
        programs: ["apigeetool", "apigeectl"],
        // apigeetool's verbs are one word (`deleteProduct`, `undeploySharedflow`); apigeectl's
        // `delete` takes the hybrid runtime out of the cluster
        sub: ["delete*|undeploy*"],
        reason: APIGEE_REASON,
        instead: ASK_USER,
      },
      {
        id: "kong-reset",
        programs: ["deck", "kongctl"],
        when: { any: ["reset", "delete"] },
        reason: "it deletes the gateway's whole configuration (or the entities named)",
        instead: ASK_USER,
      },
      {
        id: "kong-sync",
        programs: ["deck", "kongctl"],
        when: { any: ["sync"] },
        ask: true,
        reason:
          "it makes the gateway match the state files: every entity they do not list (with `--select-tag`, every tagged one) is deleted",
        instead: "run `deck gateway diff` (or `kongctl diff`) with the same files and show the user what it would delete",
      },
      {
        id: "kong-migrations-reset",
        programs: ["kong"],
        sub: ["migrations", "reset"],
        reason: "it drops Kong's database: every service, route, consumer, plugin and certificate is gone",
        instead: ASK_USER,
      },
      // Kong's Admin API listens on 8001 (8444 with TLS); Konnect's is at *.konghq.com
      httpDelete(
        "kong-admin-delete",
        "(:(8001|8444)(/|\\s|$)|//[\\w.-]*kong[\\w.-]*[:/])",
        "Kong's Admin API deletes the service, route, plugin, consumer, upstream, target, certificate or SNI: the traffic it served fails",
      ),
    ],
  });
