// Monitoring (Prometheus, Grafana, Datadog, PagerDuty).
import type { Pack } from "./types.ts";
import { HTTP, httpDelete, servicePack, ASK_USER } from "./_service.ts";

export const monitoring = (): Pack =>
  servicePack("monitoring", "Monitoring (Prometheus, Grafana, Datadog, PagerDuty)", [
    {
      id: "tsdb-admin",
      programs: HTTP,
      when: { text: "/api/v1/admin/tsdb/(delete_series|clean_tombstones)" },
      reason: "Prometheus's admin API deletes stored series",
      instead: ASK_USER,
    },
    httpDelete(
      "metrics-delete",
      "(/api/(dashboards|datasources|folders|alert)|/api/v1/(monitor|dashboard)|pagerduty)",
      "it deletes dashboards, data sources, monitors or alerting",
    ),
    { id: "promtool-delete", programs: ["promtool"], when: { any: ["delete"] }, reason: "it deletes stored metrics", instead: ASK_USER },
  ]);
