// Message brokers (Kafka, Redpanda, NATS, RabbitMQ; SQS and SNS are the cloud pack's `aws`
// rule): deletes and purges of topics, streams and queues take the messages with them, and
// rewinding a consumer group's offsets makes its consumers process old messages again.
import type { Pack } from "./types.ts";
import { DRY_RUN, pack, showDryRun } from "./_pack.ts";
import { ASK_USER } from "./_service.ts";

const RABBITMQ_VALUES = ["-n", "--node", "-p", "--vhost", "-t", "--timeout"];
// rabbitmqadmin's connection options, before the command (`rabbitmqadmin -V /prod close connection …`).
const RABBITMQADMIN_VALUES = ["-H", "--host", "-P", "--port", "-V", "--vhost", "-u", "--username", "-p", "--password", "-c", "--config"];

export const messaging = (): Pack =>
  pack({
    id: "messaging",
    title: "Message brokers (Kafka, Redpanda, NATS, RabbitMQ)",
    valueOptions: {
      rabbitmqctl: RABBITMQ_VALUES,
      "rabbitmq-queues": RABBITMQ_VALUES,
      "rabbitmq-streams": RABBITMQ_VALUES,
      rabbitmqadmin: RABBITMQADMIN_VALUES,
    },
    rules: [
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
        when: { any: ["--delete", "--delete-config", "--delete-offsets", "--remove", "--reset-offsets"] },
        unless: DRY_RUN,
        reason: "it deletes topics, consumer groups or their offsets, settings or ACLs (and the messages with them), or rewinds a group",
        instead: ASK_USER,
      },
      {
        id: "kafka-delete-records",
        programs: ["kafka-delete-records", "kafka-delete-records.sh"],
        reason: "it deletes messages from a topic",
        instead: ASK_USER,
      },
      showDryRun({
        id: "kafka-streams-reset",
        programs: ["kafka-streams-application-reset", "kafka-streams-application-reset.sh"],
        dryRun: ["--dry-run"],
        reason: "it deletes a Streams application's internal topics and rewinds its input offsets",
      }),
      {
        // Redpanda's CLI: `rpk topic delete`, `rpk security acl delete`, `rpk topic trim-prefix`, `rpk topic alter-config --delete`.
        id: "rpk-delete",
        programs: ["rpk"],
        when: { any: ["delete", "trim-prefix", "purge", "unsafe-recover", "--delete"] },
        reason: "it deletes topics, records, consumer groups, ACLs, users or schemas (and the messages with them)",
        instead: ASK_USER,
      },
      {
        id: "rpk-group-seek",
        programs: ["rpk"],
        sub: ["group", "seek"],
        reason: "it moves a consumer group's offsets: its consumers skip messages or process old ones again",
        instead: ASK_USER,
      },
      {
        id: "nats-delete",
        programs: ["nats"],
        when: { any: ["rm", "delete", "del", "purge", "rmm", "peer-remove"] },
        unless: { any: ["ls", "list", "info"] },
        reason: "it deletes or purges streams, consumers, messages, key-value entries, objects or accounts",
        instead: ASK_USER,
      },
      {
        // rabbitmqctl's commands are single words: `delete_vhost`, `purge_queue`, `clear_permissions`, `reset`.
        id: "rabbitmq-delete",
        programs: ["rabbitmqctl", "rabbitmq-queues", "rabbitmq-streams"],
        sub: ["delete_*|purge_*|clear_*|reset|force_reset|forget_cluster_node|shrink"],
        reason: "it deletes or purges queues, exchanges, vhosts, users or permissions, or wipes a node",
        instead: ASK_USER,
      },
      {
        // `rabbitmqadmin delete queue name=jobs`, and the newer `rabbitmqadmin queues delete --name jobs`.
        id: "rabbitmqadmin-delete",
        programs: ["rabbitmqadmin"],
        when: { any: ["delete", "purge"] },
        reason: "it deletes or purges queues, exchanges, bindings, vhosts or users",
        instead: ASK_USER,
      },
      {
        id: "rabbitmq-stop",
        programs: ["rabbitmqctl", "rabbitmqadmin", "rabbitmq-plugins", "rabbitmq-upgrade"],
        sub: ["stop|stop_app|shutdown|close*|disable|drain"],
        ask: true,
        reason: "it stops the broker or drains it, closes its clients' connections or disables a plugin",
        instead: "let the user confirm it",
      },
    ],
  });
