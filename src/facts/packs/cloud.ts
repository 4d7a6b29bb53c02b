// The clouds' own CLIs: AWS, Google Cloud, Azure, DigitalOcean. Deletes,
// terminations and de-registrations of what they run.
import type { Pack } from "./types.ts";
import { pack } from "./_pack.ts";

const AWS_VALUES = ["--region", "--profile", "--output", "--endpoint-url", "--query", "--cli-input-json", "--ca-bundle", "--color"];
const GCLOUD_VALUES = ["--project", "--account", "--configuration", "--format", "--zone", "--region"];

export const cloud = (): Pack =>
  pack({
    id: "cloud",
    title: "AWS, Google Cloud, Azure and DigitalOcean",
    valueOptions: {
      aws: AWS_VALUES,
      gcloud: GCLOUD_VALUES,
      az: ["--subscription", "-o", "--output", "--query"],
      doctl: ["--context", "-t", "--access-token", "-o", "--output", "--format"],
    },
    rules: [
      {
        id: "aws-delete",
        programs: ["aws"],
        sub: [
          "*",
          "delete-*|batch-delete-*|terminate-*|deregister-*|purge-*|remove-*|destroy-*|disable-*|schedule-key-deletion|unsubscribe|release-address|close-account|leave-organization",
        ],
        unless: { any: ["--dry-run", "--generate-cli-skeleton"] },
        reason: "it deletes, terminates or de-registers a cloud resource",
        instead: "ask the user to run it (or to change it through the project's infrastructure code)",
      },
      {
        id: "gcloud-delete",
        programs: ["gcloud"],
        when: { any: ["delete", "bulk-delete", "remove", "untag", "reset", "stop", "destroy", "disable"] },
        unless: { any: ["describe", "list", "--dry-run"] },
        reason: "it deletes or stops a cloud resource (an image's tags, a project with everything in it)",
        instead: "ask the user to run it",
      },
      {
        id: "az-delete",
        programs: ["az"],
        when: { any: ["delete", "purge", "remove", "untag", "deallocate", "stop", "reimage"] },
        unless: { any: ["show", "list", "what-if", "--what-if"] },
        reason: "it deletes or stops an Azure resource (`az group delete` takes everything in the group)",
        instead: "ask the user to run it",
      },
      {
        id: "az-acr-purge",
        programs: ["az"],
        sub: ["acr", "run"],
        when: { text: "\\bacr\\s+purge\\b" },
        unless: { text: "\\bacr\\s+purge\\b.*--dry-run\\b" },
        reason: "`acr purge` deletes every image its filter matches from the registry",
        instead: "run the purge with `--dry-run` and show the user",
      },
      {
        id: "az-deploy-complete",
        programs: ["az"],
        sub: ["deployment", "group", "create"],
        when: { text: "--mode(=|\\s+)complete\\b" },
        unless: { any: ["--what-if", "-c", "--confirm-with-what-if"] },
        reason: "a deployment in complete mode deletes every resource of the group its template does not name",
        instead: "run `az deployment group what-if` with the same template and show the user",
      },
      {
        id: "doctl-delete",
        programs: ["doctl"],
        // doctl's delete answers to `del`, `rm` and `d` too
        when: { any: ["delete", "del", "rm", "d", "destroy", "delete-tag", "delete-manifest"] },
        reason: "it deletes a DigitalOcean resource",
        instead: "ask the user to run it",
      },
    ],
  });
