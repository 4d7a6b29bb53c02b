// The services an application runs on, by family: messaging, CI, DNS, CDN,
// email, payments, monitoring, search, load balancers, feature flags and API
// gateways. Each is a pack of its own; their rules share this file because each
// is a few lines.
import type { Pack, Rule } from "./types.ts";
import { DRY_RUN, pack, showDryRun } from "./_pack.ts";

const HTTP = ["curl", "http", "https", "xh", "wget"];
/** An HTTP call that deletes (or replaces) what its URL names, when the URL matches `url`. */
const httpDelete = (id: string, url: string, reason: string): Rule => ({
  id,
  programs: HTTP,
  when: {
    text: `(-X\\s*|--request[=\\s]+|--method[=\\s]+|^|\\s)(DELETE|PURGE)\\b.*${url}|${url}.*(-X\\s*|--request[=\\s]+|^|\\s)(DELETE|PURGE)\\b`,
  },
  reason,
  instead: "ask the user to make the call",
});
/** The packs here read no option values and no script files: each is its id, title and rules. */
const servicePack = (id: string, title: string, rules: Rule[]): Pack => pack({ id, title, rules });
const ASK_USER = "ask the user to do it";

export const messaging = (): Pack =>
  servicePack("messaging", "Message brokers (Kafka, NATS, RabbitMQ, SQS/SNS)", [
    {
      id: "kafka-delete",
      programs: [
        "kafka-topics",
        "kafka-topics.sh",
        "kafka-consumer-groups",
        "kafka-consumer-groups.sh",
        "kafka-configs",
        "kafka-configs.sh",
        "kafka-acls",
        "kafka-acls.sh",
      ],
      when: { any: ["--delete", "--delete-config", "--remove", "--reset-offsets"] },
      unless: DRY_RUN,
      reason: "it deletes topics, consumer groups, settings or ACLs (and the messages with them)",
      instead: ASK_USER,
    },
    {
      id: "kafka-delete-records",
      programs: ["kafka-delete-records", "kafka-delete-records.sh"],
      reason: "it deletes messages from a topic",
      instead: ASK_USER,
    },
    {
      id: "nats-delete",
      programs: ["nats"],
      when: { any: ["rm", "delete", "del", "purge"] },
      unless: { any: ["ls", "list", "info"] },
      reason: "it deletes or purges streams, consumers or key-value buckets",
      instead: ASK_USER,
    },
    {
      id: "rabbitmq-delete",
      programs: ["rabbitmqctl", "rabbitmqadmin", "rabbitmq-plugins"],
      when: { text: "\\b(delete|purge|clear|reset|force_reset|forget_cluster_node|disable)" },
      reason: "it deletes or purges queues, exchanges, vhosts, users or permissions",
      instead: ASK_USER,
    },
  ]);

export const ci = (): Pack =>
  servicePack("ci", "CI systems (CircleCI, GitLab runners, Jenkins, Buildkite)", [
    {
      id: "circleci-delete",
      programs: ["circleci"],
      when: { any: ["delete", "remove-secret", "rm"] },
      reason: "it deletes CI contexts, secrets or orbs others build with",
      instead: ASK_USER,
    },
    {
      id: "jenkins-api-delete",
      programs: HTTP,
      when: { text: "/(doDelete|doWipeOutWorkspace|deleteCredential)\\b" },
      reason: "Jenkins's web API deletes the job, workspace or credential",
      instead: ASK_USER,
    },
    httpDelete("gitlab-api-delete", "/api/v4/(projects|groups)/", "GitLab's API deletes pipelines, jobs, environments or projects"),
    {
      id: "runner-unregister",
      programs: ["gitlab-runner"],
      sub: ["unregister|uninstall|stop"],
      reason: "it takes CI runners away",
      instead: ASK_USER,
    },
    {
      id: "jenkins-delete",
      programs: ["java", "jenkins-cli"],
      when: { text: "\\b(delete-(job|node|view|credentials|builds)|disconnect-node|clear-queue|safe-shutdown|shutdown)\\b" },
      reason: "it deletes Jenkins jobs, nodes or views",
      instead: ASK_USER,
    },
    {
      id: "buildkite-delete",
      programs: ["bk"],
      when: { any: ["delete", "cancel"] },
      reason: "it deletes or cancels pipelines or builds",
      instead: ASK_USER,
    },
  ]);

export const dns = (): Pack =>
  servicePack("dns", "DNS (Route 53, Cloud DNS, Azure DNS, DigitalOcean, Cloudflare)", [
    {
      id: "route53-delete",
      programs: ["aws"],
      sub: ["route53|route53domains", "delete-*|disassociate-*"],
      reason: "it deletes DNS zones or records: a name stops resolving",
      instead: ASK_USER,
    },
    {
      id: "route53-change",
      programs: ["aws"],
      sub: ["route53", "change-resource-record-sets"],
      when: { text: "\\b(DELETE|UPSERT)\\b" },
      reason: "the change batch deletes or replaces DNS records: a name can stop resolving",
      instead: ASK_USER,
    },
    {
      id: "dns-delete",
      programs: ["gcloud", "az", "doctl", "flarectl", "octodns-sync"],
      when: { text: "\\b(dns|domain|record-sets?|managed-zones?|zone)\\b.*\\b(delete|rm|remove|--doit)\\b" },
      reason: "it deletes DNS records or zones: a name stops resolving",
      instead: ASK_USER,
    },
  ]);

export const cdn = (): Pack =>
  servicePack("cdn", "CDNs (CloudFront, Fastly, Cloudflare, Azure CDN)", [
    {
      id: "cdn-delete",
      programs: ["aws", "fastly", "wrangler", "az", "gcloud"],
      when: {
        text: "\\b(cloudfront\\s+delete-|delete-distribution|service\\s+delete|purge\\s+--all|cdn\\s+.*delete|backend-buckets\\s+delete|wrangler\\s+delete|^delete\\b)",
      },
      reason: "it deletes a CDN distribution or service, or purges all its cache at once",
      instead: ASK_USER,
    },
  ]);

export const email = (): Pack =>
  servicePack("email", "Email sending (SES, SendGrid, Mailgun, Postmark)", [
    {
      id: "ses-delete",
      programs: ["aws"],
      sub: ["ses|sesv2", "delete-*|put-account-sending-*|update-account-sending-*"],
      reason: "it deletes sending identities or turns sending off",
      instead: ASK_USER,
    },
    httpDelete("email-api-delete", "(sendgrid|mailgun|postmark)", "it deletes sending domains, keys or templates"),
  ]);

export const payments = (): Pack =>
  servicePack("payments", "Payments (Stripe and others)", [
    {
      id: "stripe-destructive",
      programs: ["stripe"],
      when: { any: ["delete", "cancel", "void", "reject", "close"] },
      reason: "it deletes or cancels payment objects (customers, subscriptions, invoices)",
      instead: "use test mode data, or ask the user",
    },
    {
      id: "stripe-live",
      programs: ["stripe"],
      when: { any: ["--live"] },
      ask: true,
      reason: "it acts on live payment data",
      instead: "use test mode, or let the user confirm",
    },
    httpDelete("payments-api-delete", "(api\\.stripe|braintree|adyen|paypal)", "it deletes payment objects through the API"),
  ]);

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

export const loadBalancers = (): Pack =>
  servicePack("load-balancers", "Load balancers (ELB, Google Cloud, Azure, DigitalOcean)", [
    {
      id: "lb-delete",
      programs: ["aws", "gcloud", "az", "doctl"],
      when: {
        text: "\\b(elb|elbv2|forwarding-rules|target-pools|backend-services|url-maps|target-https?-proxies|lb|load-balancer|application-gateway)\\b.*\\b(delete|deregister|remove)",
      },
      reason: "it deletes a load balancer or takes targets out of it: traffic stops",
      instead: ASK_USER,
    },
  ]);

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

export const apiGateways = (): Pack =>
  servicePack("api-gateways", "API gateways (API Gateway, Kong, Apigee, Azure API Management)", [
    {
      id: "gateway-delete",
      programs: ["aws", "gcloud", "az"],
      when: { text: "\\b(apigateway|apigatewayv2|api-gateway|apigee|apim)\\b.*\\bdelete" },
      reason: "it deletes an API, stage or gateway: its clients get errors",
      instead: ASK_USER,
    },
    {
      id: "kong-reset",
      programs: ["deck", "kongctl"],
      when: { any: ["reset", "delete"] },
      reason: "it deletes the gateway's whole configuration",
      instead: ASK_USER,
    },
  ]);

export const remoteCopy = (): Pack =>
  servicePack("remote-copy", "Remote copies (rsync, scp, rclone to another machine)", [
    showDryRun({
      id: "rsync-remote-delete",
      programs: ["rsync"],
      when: {
        any: ["--delete", "--delete-before", "--delete-during", "--delete-after", "--delete-excluded", "--remove-source-files", "--del"],
        operand: "^[^/]*:",
      },
      dryRun: ["-n", "--dry-run"],
      reason: "it deletes files on another machine (or the sources once sent)",
    }),
  ]);
