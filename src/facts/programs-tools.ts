// Tools hookit knows by name — the packs' rules are about them (src/facts/packs),
// or the facts read their own command language (program-commands.ts) — but whose
// words it does not model one by one: their path-like words are read as
// `generic` reads them, and self-protection refuses any of their words that names
// a protected place (`opaque`). Each stays listed here so that a pack, a guard or
// a doc naming a program names one the registry knows (test/facts/registry.test.ts).
import { containerTool, podTool } from "./container-mounts.ts";
import type { Field } from "./expand.ts";
import { generic, mark, type Handler, type Program, type Run } from "./programs-kit.ts";
import { parseOptions } from "./options.ts";
import { packageRunner } from "./package-runners.ts";
import { PROJECT_RUNNERS, projectRunner } from "./project-runners.ts";

const tool = (...names: string[]): Program => ({ names, does: generic, use: "opaque" });
const writesWhatItNames: Handler = (args, run, program) => generic(args, run, program, "write");
const erases = (arg: Field): boolean => arg.text === "--all" || arg.text.startsWith("--offset") || /^-[A-Za-z]*[ao]/.test(arg.text);

export const TOOLS: Program[] = [
  // clouds and platforms
  tool("aws", "sam", "cdk", "az", "azcopy", "gcloud", "gsutil", "bq", "doctl", "flarectl", "wrangler", "fastly", "serverless", "sls"),
  tool("fly", "flyctl", "vercel", "vc", "netlify", "ntl", "firebase", "s3cmd"),
  tool("gh", "glab", "tea", "bb", "bk", "circleci", "gitlab-runner", "jenkins-cli", "stripe", "ldcli", "flagsmith", "unleash"),
  // API gateways and feature flags
  tool("apigeecli", "apigeetool", "apigeectl", "flipt"),
  // MinIO's client (also the name of Midnight Commander, which the packs' subcommands do not name)
  tool("mc"),
  // a self-managed GitLab's own tools
  tool("gitlab-rails", "gitlab-rake", "gitlab-backup", "gitlab-ctl"),
  // containers, Kubernetes, infrastructure
  { names: ["docker", "podman", "nerdctl", "docker-compose", "podman-compose"], does: containerTool, use: "opaque" },
  // `kubectl exec POD -- CMD…`: CMD runs in the pod, read as `docker exec` reads it (container-mounts.ts).
  { names: ["kubectl", "oc", "kubecolor"], does: podTool, use: "opaque" },
  tool("helm", "velero"),
  // load balancers and proxies, and the service managers that stop them
  tool("systemctl", "service", "haproxy", "nginx", "socat", "nc"),
  tool("terraform", "tofu", "terragrunt", "pulumi", "cdktf", "octodns-sync", "deck", "kongctl", "promtool"),
  tool("kong", "dnscontrol"),
  // databases and queues
  tool("psql", "dropdb", "dropuser", "mysql", "mariadb", "mysqladmin", "sqlcmd", "snowsql", "cockroach"),
  // sqlite3's and duckdb's first operand is the database file, opened to write (made when missing).
  { names: ["sqlite3", "duckdb"], does: databaseFile, use: "opaque" },
  tool("clickhouse-client", "mongo", "mongosh", "redis-cli", "keydb-cli", "valkey-cli", "nats", "etcdctl", "consul"),
  tool("rabbitmqctl", "rabbitmqadmin", "rabbitmq-plugins"),
  // the frameworks' and ORMs' database commands
  tool("prisma", "rails", "rake", "manage.py", "django-admin", "sequelize", "sequelize-cli", "knex", "typeorm", "supabase"),
  tool(
    "rpk",
    "rabbitmq-queues",
    "rabbitmq-streams",
    "rabbitmq-upgrade",
    "kafka-streams-application-reset",
    "kafka-streams-application-reset.sh",
  ),
  // SQL typed as a shell command (`DROP TABLE users;`): no such programs, but the databases pack
  // refuses the statement, since a model that types it means it and will try it next in a client
  tool("drop", "delete", "update", "grant"),
  tool(
    "kafka-topics",
    "kafka-topics.sh",
    "kafka-configs",
    "kafka-configs.sh",
    "kafka-acls",
    "kafka-acls.sh",
    "kafka-consumer-groups",
    "kafka-consumer-groups.sh",
    "kafka-delete-records",
    "kafka-delete-records.sh",
  ),
  // monitoring, search engines, payments
  tool("datadog-ci", "dog", "newrelic", "pd", "grafana-cli", "grafana", "splunk"),
  tool("algolia", "solr", "elasticsearch-node", "opensearch-node", "curator_cli", "square"),
  // Braintree's SDK calls typed as a shell command (`gateway.customer.delete('c1')`): the payments pack refuses them
  tool(
    "gateway.customer.delete",
    "gateway.payment_method.delete",
    "gateway.paymentmethod.delete",
    "gateway.credit_card.delete",
    "gateway.creditcard.delete",
    "gateway.address.delete",
    "gateway.merchant_account.delete",
    "gateway.paypal_account.delete",
    "gateway.subscription.cancel",
    "gateway.transaction.void",
    "braintree.customer.delete",
    "braintree.paymentmethod.delete",
    "braintree.creditcard.delete",
    "braintree.address.delete",
    "braintree.subscription.cancel",
    "braintree.transaction.void",
  ),
  // secrets and backups
  tool("vault", "bao", "op", "doppler", "infisical"),
  tool("restic", "borg", "borgmatic", "kopia", "duplicity", "rclone"),
  // package managers and build tools (npm, pnpm, yarn, uv, poetry and pipx also run programs: package-runners.ts)
  { names: ["npm", "pnpm", "yarn", "uv", "uvx", "poetry", "pipx"], does: packageRunner, use: "opaque" },
  tool("cargo", "gem", "twine", "flit", "hatch", "nuget", "dotnet", "mvn", "gradle", "gradlew", "java"),
  // test runners: they run the project's code, and the code the line wrote first
  { names: PROJECT_RUNNERS, does: projectRunner, use: "runs-code" },
  // keychains, password stores and credential helpers: credential-stores.ts records the store a command prints from
  tool("security", "secret-tool", "kwallet-query", "pass", "gopass", "bw", "lpass", "heroku"),
  tool("git-credential-store", "git-credential-cache", "git-credential-osxkeychain", "git-credential-manager", "git-credential-libsecret"),
  tool("docker-credential-osxkeychain", "docker-credential-desktop", "docker-credential-secretservice", "docker-credential-pass"),
  tool("pip", "pip3", "mvnw"),
  // system package managers
  tool("apt", "apt-get", "yum", "dnf", "brew"),
  // the machine's power, run level, sessions and processes (the system pack)
  tool("shutdown", "reboot", "halt", "poweroff", "init", "telinit", "loginctl", "killall", "killall5"),
  // HTTP clients and downloaders
  tool("curlie", "fetch", "lynx", "lwp-request", "GET", "POST", "HEAD"),
  // ssh's key and agent tools
  tool("ssh-add"),
  // ssh-keygen writes the key `-f` names (and its `.pub`) unless it only reads one (`-y`, `-l`, `-e`, …).
  { names: ["ssh-keygen"], does: keygen, use: "opaque" },
  // What makes or wipes a file system writes over the device or image it names (`mkfs.ext4
  // /dev/sdb1`: a write outside the project); the remote-copy pack refuses them on another machine.
  {
    names: ["mkfs", "mkfs.ext2", "mkfs.ext3", "mkfs.ext4", "mkfs.xfs", "mkfs.btrfs", "mkfs.vfat", "mkfs.fat", "mkfs.msdos"],
    does: writesWhatItNames,
    use: "opaque",
  },
  { names: ["mkfs.exfat", "mkfs.ntfs", "mkfs.f2fs", "mke2fs", "mkswap", "blkdiscard"], does: writesWhatItNames, use: "opaque" },
  // wipefs only lists the signatures it finds unless told to erase them (`-a`, `-o OFFSET`).
  { names: ["wipefs"], does: (args, run, program) => generic(args, run, program, args.some(erases) ? "write" : "read"), use: "opaque" },
  // DNS clients and a server's update tool
  tool("nsupdate", "dig", "host", "drill"),
  // hookit itself: the commands that change what it enforces are refused by self-protection
  // (src/protect/admin.ts); the others (`validate`, `test`, `check`) read the files they name.
  { names: ["hookit"], does: (args, run, program) => generic(args, run, program, "read") },
];

/** sqlite3's and duckdb's options that take the next word (`-cmd SQL`, `-separator ,`). */
const DB_VALUES = new Set([
  "-cmd",
  "-separator",
  "-nullvalue",
  "-newline",
  "-init",
  "-escape",
  "-vfs",
  "-mmap",
  "-maxsize",
  "-heap",
  "-lookaside",
  "-pagecache",
  "-c",
  "-s",
]);

function databaseFile(args: Field[], run: Run, program: string): void {
  generic(args, run, program);
  for (let k = 0; k < args.length; k++) {
    const text = args[k]!.text;
    if (DB_VALUES.has(text)) k++;
    else if (!text.startsWith("-")) {
      if (text !== ":memory:" && text !== "") mark(run, [args[k]!], "write", program);
      return;
    }
  }
}

function keygen(args: Field[], run: Run, program: string): void {
  generic(args, run, program);
  const parsed = parseOptions(args, { short: "abCEfFIJjKmNnOPrSstwYz" });
  if (["y", "l", "e", "i", "B", "F", "H", "Q", "D", "L"].some((flag) => parsed.flags.has(flag))) return;
  for (const file of parsed.values.get("f") ?? []) mark(run, [file, { ...file, text: `${file.text}.pub` }], "write", program);
}
