// The clouds' own CLIs: AWS, Google Cloud, Azure, DigitalOcean. Deletes,
// terminations and de-registrations of what they run.
import type { Pack } from "./types.ts";
import { pack } from "./_pack.ts";

const AWS_VALUES = ["--region", "--profile", "--output", "--endpoint-url", "--query", "--cli-input-json"];
const GCLOUD_VALUES = ["--project", "--account", "--configuration", "--format", "--zone", "--region"];

export const cloud = (): Pack =>
  pack({
    id: "cloud",
    title: "AWS, Google Cloud, Azure and DigitalOcean",
    valueOptions: {
      aws: AWS_VALUES,
      gcloud: GCLOUD_VALUES,
      az: ["--subscription", "-o", "--output", "--query"],
      doctl: ["--context", "-t", "--access-token"],
    },
    rules: [
      {
        id: "aws-delete",
        programs: ["aws"],
        sub: ["*", "delete-*|terminate-*|deregister-*|purge-*|remove-*|destroy-*|disable-*|schedule-key-deletion|unsubscribe"],
        unless: { any: ["--dry-run", "--generate-cli-skeleton"] },
        reason: "it deletes, terminates or de-registers a cloud resource",
        instead: "ask the user to run it (or to change it through the project's infrastructure code)",
      },
      {
        id: "gcloud-delete",
        programs: ["gcloud"],
        when: { any: ["delete", "remove", "reset", "stop", "destroy", "disable", "undelete"] },
        unless: { any: ["describe", "list", "--dry-run"] },
        reason: "it deletes or stops a cloud resource",
        instead: "ask the user to run it",
      },
      {
        id: "az-delete",
        programs: ["az"],
        when: { any: ["delete", "purge", "remove", "deallocate", "stop"] },
        unless: { any: ["show", "list", "what-if"] },
        reason: "it deletes or stops an Azure resource (`az group delete` takes everything in the group)",
        instead: "ask the user to run it",
      },
      {
        id: "doctl-delete",
        programs: ["doctl"],
        when: { any: ["delete", "rm", "destroy"] },
        reason: "it deletes a DigitalOcean resource",
        instead: "ask the user to run it",
      },
    ],
  });
