// The backups pack: what it must refuse (each rule at least once) and the everyday commands of
// the same tools it must let through.
import type { PackCases } from "./_cases.ts";

export const backups: PackCases = {
  block: [
    "restic forget --keep-last 1 --prune",
    "restic -r /srv/repo forget abc123",
    "restic prune",
    "restic rewrite --forget --exclude '*.log' latest",
    "restic key remove 1",
    "restic unlock --remove-all",
    "restic cache --cleanup",
    "borg delete /backups::2024-01-01",
    "borg prune --list --keep-daily 7 /backups",
    "borg rdelete",
    "borg break-lock repo",
    "velero backup delete nightly --confirm",
    "velero snapshot delete --name snap-01",
    "velero uninstall",
    "kopia snapshot delete k1 --delete",
    "duplicity remove-older-than 6M --force file:///backups",
  ],
  pass: [
    "restic snapshots",
    "restic backup /srv",
    "restic forget --keep-last 1 --dry-run",
    "restic restore latest --target /tmp/out",
    "restic unlock",
    "restic key list",
    "restic check --read-data",
    "borg list /backups",
    "borg create /backups::today /srv",
    "borg prune --dry-run --list --keep-daily 7 /backups",
    "borg extract repo::archive",
    "velero backup get",
    "velero backup create nightly",
    "velero restore create restore-1",
    "velero version",
    "kopia snapshot list",
    "kopia maintenance info",
    "duplicity remove-older-than 6M file:///backups",
  ],
};
