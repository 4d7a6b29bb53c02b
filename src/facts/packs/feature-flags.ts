// Feature flags (LaunchDarkly, Unleash, Flagsmith).
import type { Pack } from "./types.ts";
import { httpDelete, servicePack, ASK_USER } from "./_service.ts";

export const featureFlags = (): Pack =>
  servicePack("feature-flags", "Feature flags (LaunchDarkly, Unleash, Flagsmith)", [
    {
      id: "flag-delete",
      programs: ["ldcli", "unleash", "flagsmith"],
      when: { any: ["delete", "archive", "rm"] },
      reason: "it deletes or archives flags the product reads",
      instead: ASK_USER,
    },
    httpDelete("flag-api-delete", "(/api/v2/flags|/api/admin/(projects|features)|flagsmith|launchdarkly)", "it deletes feature flags"),
  ]);
