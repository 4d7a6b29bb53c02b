// Message brokers (Kafka, NATS, RabbitMQ, SQS/SNS).
import type { Pack } from "./types.ts";
import { DRY_RUN } from "./_pack.ts";
import { servicePack, ASK_USER } from "./_service.ts";

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
