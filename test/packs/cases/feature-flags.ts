// The feature-flags pack: what it must refuse (each rule at least once) and the everyday commands of
// the same tools it must let through.
import type { PackCases } from "./_cases.ts";

export const featureFlags: PackCases = {
  block: [
    "ldcli flags delete --project p --flag new-ui",
    "ldcli flags archive --project p --flag old",
    "curl -X DELETE https://app.launchdarkly.com/api/v2/flags/p/f -H 'Authorization: x'",
  ],
  pass: ["ldcli flags list --project p", "curl https://app.launchdarkly.com/api/v2/flags/p -H 'Authorization: x'"],
};
