// The backups pack: what it must refuse (each rule at least once) and the everyday commands of
// the same tools it must let through.
import type { PackCases } from "./_cases.ts";

export const backups: PackCases = {
  block: [
    "restic forget --keep-last 1 --prune",
    "restic -r /srv/repo forget abc123",
    "restic prune",
    "borg delete /backups::2024-01-01",
    "borg prune --keep-daily 7 /backups",
    "velero backup delete nightly --confirm",
    "velero snapshot delete --name snap-01",
    "borg rdelete",
    "kopia snapshot delete k1 --delete",
  ],
  pass: [
    "restic snapshots",
    "restic backup /srv",
    "restic forget --keep-last 1 --dry-run",
    "borg list /backups",
    "borg create /backups::today /srv",
    "velero backup get",
  ],
};
