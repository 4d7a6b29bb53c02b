// Backups: forgetting snapshots, pruning archives and deleting backups removes
// the copy the user would restore from; removing keys or breaking locks can leave
// the rest unreadable.
import type { Pack } from "./types.ts";
import { pack, showDryRun } from "./_pack.ts";

const ASK = "ask the user";

export const backups = (): Pack =>
  pack({
    id: "backups",
    title: "Backups (restic, borg, velero, kopia, duplicity)",
    valueOptions: {
      restic: ["-r", "--repo", "--repository-file", "-p", "--password-file", "--password-command", "--cache-dir", "-o", "--option"],
      borg: ["-r", "--repo", "--remote-path", "--rsh", "--lock-wait", "--umask", "--upload-ratelimit", "--debug-topic"],
      borgmatic: ["-c", "--config", "--repository"],
      velero: ["-n", "--namespace", "--kubeconfig", "--kubecontext", "--features"],
      kopia: ["--config-file", "--log-level", "--password"],
    },
    rules: [
      showDryRun({
        id: "restic-forget",
        programs: ["restic"],
        sub: ["forget|prune"],
        dryRun: ["--dry-run", "-n"],
        reason: "it forgets snapshots (and with --prune or prune, deletes their data)",
      }),
      showDryRun({
        id: "restic-rewrite-forget",
        programs: ["restic"],
        sub: ["rewrite|repair"],
        when: { any: ["--forget"] },
        dryRun: ["--dry-run", "-n"],
        reason: "it rewrites snapshots and forgets the originals",
      }),
      {
        id: "restic-key-remove",
        programs: ["restic"],
        sub: ["key", "remove|rm"],
        reason: "it deletes a key to the repository; without a key left, no backup in it can be read again",
        instead: ASK,
      },
      {
        id: "restic-unlock-all",
        programs: ["restic"],
        sub: ["unlock"],
        when: { any: ["--remove-all"] },
        reason: "it removes the locks of backups and prunes still running, which can corrupt the repository",
        instead: "run `restic unlock` (it removes stale locks only), or ask the user",
      },
      {
        id: "restic-cache-cleanup",
        programs: ["restic"],
        sub: ["cache"],
        when: { any: ["--cleanup"] },
        ask: true,
        reason: "it deletes the local caches of other repositories",
        instead: ASK,
      },
      showDryRun({
        id: "borg-delete",
        programs: ["borg", "borgmatic"],
        sub: ["delete|prune|compact|recreate|repo-delete|rdelete|repo-compact"],
        dryRun: ["--dry-run", "-n"],
        reason: "it deletes archives from the backup repository (or the repository itself)",
      }),
      {
        id: "borg-break-lock",
        programs: ["borg", "borgmatic"],
        sub: ["break-lock"],
        reason: "it removes the repository's lock even while another borg writes to it, which can corrupt the repository",
        instead: "make sure no borg runs on it, and ask the user",
      },
      {
        id: "velero-delete",
        programs: ["velero"],
        sub: ["backup|restore|schedule|snapshot|backup-location|snapshot-location|plugin", "delete|remove"],
        reason: "it deletes cluster backups, their schedules or where they are kept",
        instead: ASK,
      },
      {
        id: "velero-uninstall",
        programs: ["velero"],
        sub: ["uninstall"],
        reason: "it removes Velero from the cluster with its backups' records, schedules and locations",
        instead: ASK,
      },
      {
        id: "kopia-delete",
        programs: ["kopia"],
        when: { any: ["delete", "--delete"] },
        reason: "it deletes snapshots, policies or the repository's contents",
        instead: ASK,
      },
      {
        id: "duplicity-remove",
        programs: ["duplicity"],
        sub: ["remove-older-than|remove-all-but-n-full|remove-all-inc-of-but-n-full|cleanup"],
        // without --force, duplicity only lists what it would delete
        when: { any: ["--force"] },
        reason: "it deletes backup sets",
        instead: "run it without `--force` (it lists what would go) and ask the user",
      },
    ],
  });
