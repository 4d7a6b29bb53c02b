// Monitoring and alerting (Prometheus and its operator, Grafana, Loki, Datadog, New Relic,
// PagerDuty, Splunk): deletes of stored series, logs and indexes, and of the dashboards,
// monitors, alert rules and on-call set-up the team relies on to hear of an outage.
import type { Pack } from "./types.ts";
import { DRY_RUN, pack } from "./_pack.ts";
import { KUBECTL_VALUES } from "./_clients.ts";
import { HTTP, httpDelete, ASK_USER } from "./_service.ts";

/** Uninstalling a Grafana plugin (`grafana-cli plugins uninstall`, `grafana cli plugins uninstall`) is ordinary upkeep, hence the ask. */
const UNINSTALLS_PLUGIN = {
  ask: true,
  reason: "the dashboards' panels and data sources that use the plugin stop working",
  instead: "let the user confirm it",
} as const;

const LOSES_ALERTING = "it deletes dashboards, monitors, alerting or on-call set-up: the team stops hearing of outages";

export const monitoring = (): Pack =>
  pack({
    id: "monitoring",
    title: "Monitoring (Prometheus, Grafana, Datadog, New Relic, PagerDuty, Splunk)",
    valueOptions: {
      kubectl: KUBECTL_VALUES,
      oc: KUBECTL_VALUES,
      "grafana-cli": ["--pluginsDir", "--homepath", "--config", "--repo", "--pluginUrl"],
      splunk: ["-auth", "-uri", "-app", "-owner"],
    },
    rules: [
      {
        // Prometheus's admin API (and Mimir's, VictoriaMetrics' under the same path), and Loki's log deletion.
        id: "tsdb-admin",
        programs: HTTP,
        when: { text: "/api/v1/admin/tsdb/(delete_series|clean_tombstones)|/loki/api/v1/delete\\b" },
        reason: "the admin API deletes stored series or logs",
        instead: ASK_USER,
      },
      httpDelete(
        "metrics-delete",
        "(/api/(dashboards|datasources|folders|alert|annotations|playlists|snapshots|library-elements|teams|serviceaccounts|orgs|admin/users|v1/provisioning)|/api/v1/(monitor|dashboard)|datadoghq\\.|ddog-gov\\.|newrelic\\.com|pagerduty)",
        LOSES_ALERTING,
      ),
      {
        // Datadog deletes some objects in bulk with a POST (`/api/v1/synthetics/tests/delete`).
        id: "datadog-api-bulk-delete",
        programs: HTTP,
        when: { text: "(datadoghq|ddog-gov)\\.\\S*/delete\\b" },
        reason: LOSES_ALERTING,
        instead: "ask the user to make the call",
      },
      {
        // NerdGraph (New Relic's GraphQL API) deletes through a mutation: `mutation { dashboardDelete(…) }`.
        id: "nerdgraph-delete",
        programs: [...HTTP, "newrelic"],
        when: {
          text: "(newrelic\\.com\\S*/graphql|\\bnerdgraph\\b).*\\bmutation\\b.*(delete|remove|purge)|\\bmutation\\b.*(delete|remove|purge).*newrelic\\.com\\S*/graphql",
        },
        reason: LOSES_ALERTING,
        instead: "ask the user to make the call",
      },
      { id: "promtool-delete", programs: ["promtool"], when: { any: ["delete"] }, reason: "it deletes stored metrics", instead: ASK_USER },
      {
        // The Prometheus Operator's objects, alone or in a list: `prometheusrule/x`, `servicemonitors.monitoring.coreos.com`.
        id: "prometheus-operator-delete",
        programs: ["kubectl", "oc"],
        sub: ["delete"],
        when: {
          operand:
            "(^|,)(prometheusrules?|servicemonitors?|podmonitors?|probes?|scrapeconfigs?|alertmanagerconfigs?|prometheus(es)?|prometheusagents?|alertmanagers?|thanosrulers?)(\\.monitoring\\.coreos\\.com)?(/|,|$)",
        },
        unless: DRY_RUN,
        reason: "it deletes alert rules, scrape targets or the Prometheus and Alertmanager servers the operator runs",
        instead: "change them in the manifests the cluster is deployed from, or ask the user",
      },
      {
        id: "grafana-plugin-uninstall",
        programs: ["grafana-cli"],
        sub: ["plugins", "uninstall|remove"],
        ...UNINSTALLS_PLUGIN,
      },
      {
        id: "grafana-cli-plugin-uninstall",
        programs: ["grafana"],
        sub: ["cli", "plugins", "uninstall|remove"],
        ...UNINSTALLS_PLUGIN,
      },
      {
        // `datadog-ci monitors delete 123`, `dog downtime delete 1`.
        id: "datadog-delete",
        programs: ["datadog-ci", "dog"],
        sub: ["*", "delete"],
        reason: LOSES_ALERTING,
        instead: ASK_USER,
      },
      {
        // The CLI's commands nest to any depth: `newrelic entity delete`, `newrelic apm application delete`.
        id: "newrelic-delete",
        programs: ["newrelic"],
        when: { any: ["delete", "delete-values", "remove"] },
        unless: { any: ["profile", "profiles"] },
        reason: LOSES_ALERTING,
        instead: ASK_USER,
      },
      {
        // `pd service delete P123`, and the colon-joined spelling of the same commands (`pd user:delete`).
        id: "pagerduty-delete",
        programs: ["pd"],
        when: { text: "(^|[\\s:])(delete|remove)(\\s|$)" },
        reason: "it deletes PagerDuty services, schedules, escalation policies, users or teams: incidents stop reaching anyone",
        instead: ASK_USER,
      },
      {
        id: "splunk-remove",
        programs: ["splunk"],
        sub: ["remove|delete"],
        reason: "it removes Splunk indexes (and the events in them), users, roles, apps or inputs",
        instead: ASK_USER,
      },
      {
        id: "splunk-clean",
        programs: ["splunk"],
        sub: ["clean"],
        reason: "it deletes indexed events (or users' data, the KV store, everything) for good",
        instead: ASK_USER,
      },
      {
        // The search language's `delete` command makes the events it is piped unsearchable for good.
        id: "splunk-search-delete",
        programs: ["splunk"],
        sub: ["search|dispatch"],
        when: { text: "\\|\\s*delete\\b" },
        reason: "the search pipes its events into `delete`, which removes them from every search",
        instead: "run the search without `| delete` and show the user what it finds",
      },
      httpDelete(
        "splunk-api-delete",
        "(splunk\\S*|:8089)/services(NS)?/",
        "it deletes Splunk indexes, users or saved objects through the REST API",
      ),
    ],
  });
