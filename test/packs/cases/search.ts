// The search pack: what it must refuse (each rule at least once) and the everyday commands of
// the same tools it must let through.
import type { PackCases } from "./_cases.ts";

export const search: PackCases = {
  block: [
    "curl -X DELETE 'http://localhost:9200/logs-2024'",
    "curl -XDELETE localhost:9200/_all",
    "curl -X POST 'http://localhost:9200/logs/_delete_by_query' -d '{\"query\":{\"match_all\":{}}}'",
    "curl --request DELETE http://localhost:7700/indexes/movies",
    "curl -X DELETE 'https://APPID-dsn.algolia.net/1/indexes/products'",
  ],
  pass: [
    "curl http://localhost:9200/_cat/indices",
    "curl -X GET 'http://localhost:9200/logs/_search'",
    "curl -X POST http://localhost:9200/logs/_doc -d '{}'",
  ],
};
