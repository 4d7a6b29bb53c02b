// Search engines (Elasticsearch, OpenSearch, Solr, Meilisearch).
import type { Pack } from "./types.ts";
import { HTTP, httpDelete, servicePack, ASK_USER } from "./_service.ts";

export const search = (): Pack =>
  servicePack("search", "Search engines (Elasticsearch, OpenSearch, Solr, Meilisearch)", [
    httpDelete(
      "index-delete",
      "(:9200|:9243|:7700|:8983|/_all\\b|/solr/|elastic|opensearch|meili|algolia|typesense)",
      "it deletes indexes or documents",
    ),
    {
      id: "delete-by-query",
      programs: HTTP,
      when: { text: "_delete_by_query|/_close\\b|_update_by_query" },
      reason: "it deletes or rewrites every document a query matches",
      instead: ASK_USER,
    },
  ]);
