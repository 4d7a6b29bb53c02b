// Feature flags: LaunchDarkly, Unleash, Flagsmith, Flipt, Split. A deleted flag, segment or
// environment changes what the product serves at once; a killed split serves everyone its
// default treatment.
import type { Pack } from "./types.ts";
import { pack } from "./_pack.ts";
import { ASK_USER, httpDelete } from "./_service.ts";

/** What Split's CLI manages, in the spellings it takes (`split splits delete`, `split environments delete`). */
const SPLIT_THINGS =
  "splits|split|flags|flag|feature-flags|environments|environment|envs|env|segments|segment|large-segments|rule-based-segments|traffic-types|traffic-type|workspaces|workspace|attributes|api-keys|apikeys";

export const featureFlags = (): Pack =>
  pack({
    id: "feature-flags",
    title: "Feature flags (LaunchDarkly, Unleash, Flagsmith, Flipt, Split)",
    valueOptions: { flipt: ["--config", "-n", "--namespace", "--address"] },
    rules: [
      {
        id: "flag-delete",
        programs: ["ldcli", "unleash", "flagsmith"],
        when: { any: ["delete", "archive", "rm"] },
        reason: "it deletes or archives flags, segments, environments or projects the product reads",
        instead: ASK_USER,
      },
      {
        id: "flipt-delete",
        programs: ["flipt"],
        // `flipt flag delete`, `flipt segment delete`, `flipt namespace delete` (with everything in it)
        sub: ["*", "delete|rm|remove"],
        reason: "it deletes a Flipt flag, variant, segment, constraint, rule, rollout or namespace the product reads",
        instead: ASK_USER,
      },
      {
        id: "flipt-import-drop",
        programs: ["flipt"],
        sub: ["import"],
        when: { any: ["--drop"] },
        reason: "`--drop` empties Flipt's database before importing: every flag the file lacks is gone",
        instead: "import without `--drop`, or ask the user",
      },
      {
        id: "split-delete",
        programs: ["split"],
        sub: [SPLIT_THINGS, "delete|delete-*|remove|remove-*|rm"],
        reason: "it deletes a Split feature flag, environment, segment, traffic type or workspace the product reads",
        instead: ASK_USER,
      },
      {
        id: "split-kill",
        programs: ["split"],
        sub: ["splits|split|flags|flag|feature-flags", "kill"],
        ask: true,
        reason: "killing a split serves every user its default treatment at once",
        instead: ASK_USER,
      },
      // LaunchDarkly, Flagsmith, Split's API, Unleash's admin API (/api/admin/), Flipt's (/api/v1/)
      httpDelete(
        "flag-api-delete",
        "(launchdarkly|flagsmith|api\\.split\\.io/|/api/admin/|/api/v2/flags|flipt|/api/v1/(namespaces|flags|segments)/)",
        "the service's API deletes feature flags, segments, environments or projects",
      ),
    ],
  });
