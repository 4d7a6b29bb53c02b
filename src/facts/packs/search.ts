// Search engines (Elasticsearch, OpenSearch, Solr, Meilisearch, Algolia, Typesense): deletes of
// indexes and of the documents a query or a list names, through their HTTP APIs, their CLIs and
// their SDKs' calls in inline code. An index is rebuilt only from a source the project may lack.
import type { Pack } from "./types.ts";
import { pack, showDryRun } from "./_pack.ts";
import { sdkCall } from "./_clients.ts";
import { HTTP, httpCall, httpDelete, ASK_USER } from "./_service.ts";

export const search = (): Pack =>
  pack({
    id: "search",
    title: "Search engines (Elasticsearch, OpenSearch, Solr, Meilisearch, Algolia, Typesense)",
    valueOptions: { algolia: ["-p", "--profile", "--application-id", "--api-key", "--admin-api-key"] },
    rules: [
      httpDelete(
        "index-delete",
        "(:9200|:9243|:7700|:8983|:8108|/_all\\b|/solr/|/1/indexes/|elastic|opensearch|meili|algolia|typesense)",
        "it deletes indexes, documents, snapshots or keys",
      ),
      {
        // Elasticsearch's and OpenSearch's requests that delete, close or rewrite whatever a query matches.
        id: "delete-by-query",
        programs: HTTP,
        when: { text: "_delete_by_query|/_close\\b|_update_by_query" },
        reason: "it deletes or rewrites every document a query matches, or closes the index",
        instead: ASK_USER,
      },
      {
        // Meilisearch deletes documents with a POST: `/indexes/products/documents/delete-batch`, `…/documents/delete` (by filter).
        id: "meilisearch-documents-delete",
        programs: HTTP,
        when: { text: "/indexes/[^\\s/]+/documents/delete(-batch)?\\b" },
        reason: "it deletes the documents a list or a filter names",
        instead: ASK_USER,
      },
      {
        // Algolia's REST API clears with a POST: `/1/indexes/products/clear`, `…/deleteByQuery`, `…/rules/clear`.
        id: "algolia-api-clear",
        programs: HTTP,
        when: { text: "/1/indexes/[^\\s/]+/(clear|deleteByQuery|rules/clear|synonyms/clear)\\b" },
        reason: "it deletes every record (or rule, or synonym) of an index, or those a query matches",
        instead: ASK_USER,
      },
      {
        // Solr's update handler takes a delete in its body; its admin API deletes collections and cores with a GET.
        id: "solr-delete",
        programs: HTTP,
        when: {
          text: '/solr/\\S*/update.*(<delete>|"delete"\\s*:)|(<delete>|"delete"\\s*:).*/solr/\\S*/update|/admin/(collections|cores)\\S*[?&]action=(delete\\w*|unload)\\b',
        },
        reason: "it deletes documents, a collection, a shard or a core",
        instead: ASK_USER,
      },
      {
        id: "cluster-settings",
        programs: HTTP,
        when: { text: httpCall("PUT", "/_(cluster/settings|nodes/\\S*shutdown)") },
        ask: true,
        reason: "it changes the whole cluster's settings (allocation, read-only blocks) or shuts nodes down",
        instead: "let the user confirm it, or show the request for them to send",
      },
      {
        // `_cluster/reroute` with an empty or stale primary: Elasticsearch's own word for it is `accept_data_loss`.
        id: "reroute-data-loss",
        programs: HTTP,
        when: { text: "allocate_(empty|stale)_primary|accept_data_loss" },
        reason: "it allocates an empty or stale copy as a shard's primary, discarding the data the shard held",
        instead: ASK_USER,
      },
      {
        id: "algolia-delete",
        programs: ["algolia"],
        sub: ["indices|rules|synonyms|apikeys|objects|dictionary|dictionaries|crawler|crawlers", "delete|clear|remove|rm"],
        reason: "it deletes an Algolia index, its records, rules or synonyms, or API keys",
        instead: ASK_USER,
      },
      {
        id: "algolia-replace",
        programs: ["algolia"],
        sub: ["indices", "move|copy"],
        ask: true,
        reason: "it replaces the destination index with the source (a move deletes the source too)",
        instead: "let the user confirm it",
      },
      sdkCall(
        "sdk-index-delete",
        "\\.(deleteIndex|delete_index|clearObjects|clear_objects|clearRules|clear_rules|clearSynonyms|clear_synonyms|deleteAllDocuments|delete_all_documents|deleteByQuery|delete_by_query)\\b|\\bindices\\.delete\\b",
        "the code deletes an index, or every document (rule, synonym) in it, through the search engine's SDK",
      ),
      {
        id: "solr-cli-delete",
        programs: ["solr"],
        sub: ["delete"],
        reason: "it deletes a Solr collection or core and its index",
        instead: ASK_USER,
      },
      {
        // The offline node tools: `repurpose` deletes the node's data, the others can lose the cluster's.
        id: "node-tool",
        programs: ["elasticsearch-node", "opensearch-node"],
        sub: ["repurpose|unsafe-bootstrap|detach-cluster|remove-settings|remove-customs|override-version"],
        reason: "it rewrites or deletes a node's data and cluster state, which can lose indexes",
        instead: ASK_USER,
      },
      showDryRun({
        id: "curator-delete",
        programs: ["curator_cli"],
        sub: ["delete_indices|delete_snapshots|close"],
        dryRun: ["--dry-run"],
        reason: "it deletes (or closes) every index or snapshot its filters select",
      }),
    ],
  });
