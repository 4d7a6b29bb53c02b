// Backups: forgetting snapshots, pruning archives and deleting backups removes
// the copy the user would restore from.
import type { Pack } from "./types.ts";
import { pack, showDryRun } from "./_pack.ts";

export const backups = (): Pack =>
  pack({
    id: "backups",
    title: "Backups (restic, borg, velero, kopia, duplicity, rclone's backup remotes)",
    valueOptions: { restic: ["-r", "--repo", "-p", "--password-file"], kopia: ["--config-file"] },
    rules: [
      showDryRun({
        id: "restic-forget",
        programs: ["restic"],
        sub: ["forget|prune"],
        dryRun: ["--dry-run", "-n"],
        reason: "it forgets snapshots (and with --prune or prune, deletes their data)",
      }),
      showDryRun({
        id: "borg-delete",
        programs: ["borg", "borgmatic"],
        sub: ["delete|prune|compact|recreate|repo-delete|rdelete"],
        dryRun: ["--dry-run", "-n", "--list"],
        reason: "it deletes archives from the backup repository",
      }),
      {
        id: "velero-delete",
        programs: ["velero"],
        sub: ["backup|restore|schedule|snapshot|backup-location|snapshot-location", "delete"],
        reason: "it deletes cluster backups",
        instead: "ask the user",
      },
      {
        id: "kopia-delete",
        programs: ["kopia", "duplicity"],
        when: { any: ["delete", "remove-older-than", "remove-all-but-n-full", "prune", "maintenance"] },
        reason: "it deletes snapshots or backup sets",
        instead: "ask the user",
      },
    ],
  });
