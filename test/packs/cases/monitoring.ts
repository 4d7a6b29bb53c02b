// The monitoring pack: what it must refuse (each rule at least once) and the everyday commands of
// the same tools it must let through.
import type { PackCases } from "./_cases.ts";

export const monitoring: PackCases = {
  block: [
    "curl -X POST 'http://localhost:9090/api/v1/admin/tsdb/delete_series?match[]=up'",
    "curl -X DELETE http://grafana.local/api/dashboards/uid/abc",
    "promtool tsdb delete --match up",
  ],
  pass: [
    "curl http://localhost:9090/api/v1/query?query=up",
    "curl http://grafana.local/api/dashboards/uid/abc",
    "promtool check config prometheus.yml",
  ],
};
