// The messaging pack: what it must refuse (each rule at least once) and the everyday commands of
// the same tools it must let through.
import type { PackCases } from "./_cases.ts";

export const messaging: PackCases = {
  block: [
    "kafka-topics --bootstrap-server localhost:9092 --delete --topic orders",
    "kafka-topics.sh --bootstrap-server k:9092 --delete --topic t",
    "kafka-consumer-groups --bootstrap-server k:9092 --delete --group billing",
    "kafka-configs --bootstrap-server k:9092 --alter --delete-config retention.ms --entity-type topics --entity-name t",
    "kafka-delete-records --bootstrap-server k:9092 --offset-json-file o.json",
    "nats stream delete ORDERS",
    "nats stream purge ORDERS -f",
    "rabbitmqctl delete_vhost /prod",
    "rabbitmqctl purge_queue jobs",
    "rabbitmqadmin delete queue name=jobs",
  ],
  pass: [
    "kafka-topics --bootstrap-server k:9092 --list",
    "kafka-topics --bootstrap-server k:9092 --describe --topic t",
    "nats stream ls",
    "nats stream info ORDERS",
    "rabbitmqctl list_queues",
    "rabbitmqadmin list queues",
  ],
};
