// Object storage: buckets and containers removed, objects deleted (many at once,
// or one by one), syncs and mirrors that delete on the far side, and the MinIO
// server's own users, policies and bucket rules.
import type { Condition, Pack, Rule } from "./types.ts";
import { pack, showDryRun } from "./_pack.ts";

/**
 * A delete of objects as two rules: refused when `many` holds (recursive, every version, a
 * wildcard: what goes is unseen), asked about when it names its objects, which is often honest
 * clean-up. The dry run makes either harmless.
 */
function objectDeletes(rule: Pick<Rule, "id" | "programs" | "sub">, many: Condition, dryRun: string[]): Rule[] {
  const dry = `(^|\\s)(${dryRun.join("|")})(\\s|$)`;
  return [
    {
      ...rule,
      id: `${rule.id}-many`,
      when: many,
      ...(dryRun.length > 0 && { unless: { any: dryRun } }),
      reason: "it deletes every object it matches, unseen (for good unless the bucket keeps versions)",
      instead: "list what would go and ask the user to delete it",
    },
    {
      ...rule,
      unless: many.any ? { any: [...many.any, ...dryRun] } : { text: dryRun.length > 0 ? `${many.text}|${dry}` : many.text },
      ask: true,
      reason: "it deletes the objects it names (for good unless the bucket keeps versions)",
      instead: "ask the user",
    },
  ];
}

// gsutil and `gcloud storage` take the same spellings: recursive, every version, a list read from
// the input, or a wildcard in the URL.
const GCS_MANY: Condition = { text: "(^|\\s)(-[a-z]*[ra][a-z]*|-I|--recursive|--all-versions|--read-paths-from-stdin)(\\s|$)|[*?]" };

// `mc` is MinIO's client and Midnight Commander: the options of each that take a value (a file
// Midnight Commander is told to edit or view is not a subcommand). Midnight Commander has no
// subcommands, so the rules below fire on MinIO's only.
const MINIO_VALUES = ["--config-dir", "-C", "--limit-upload", "--limit-download", "--custom-header", "-H", "--resolve"];
const MIDNIGHT_COMMANDER_VALUES = ["-e", "--edit", "-v", "--view"];
// what makes `mc rm` delete many objects at once
const MC_MANY = ["--recursive", "-r", "--force", "--dangerous", "--versions", "--non-current", "--stdin", "--bypass", "--purge"];

export const storage = (): Pack =>
  pack({
    id: "storage",
    title: "Object storage (S3, GCS, Azure Blob, MinIO, rclone)",
    valueOptions: {
      aws: ["--region", "--profile", "--endpoint-url", "--output", "--query", "--ca-bundle", "--color"],
      gsutil: ["-o", "-h", "-u", "-i"],
      gcloud: ["--project", "--account", "--configuration", "--format", "--billing-project", "--impersonate-service-account"],
      az: ["--subscription", "-o", "--output", "--query"],
      azcopy: ["--log-level", "--output-type", "--output-level", "--cap-mbps", "--trusted-microsoft-suffixes"],
      mc: [...MINIO_VALUES, ...MIDNIGHT_COMMANDER_VALUES],
      rclone: ["--config", "--log-file", "--log-level", "--transfers", "--checkers", "--bwlimit", "--filter-from"],
    },
    rules: [
      {
        id: "s3-rb",
        programs: ["aws"],
        sub: ["s3", "rb"],
        reason: "it deletes the bucket (with --force, every object in it first), and its name may go to someone else",
        instead: "ask the user to remove the bucket",
      },
      ...objectDeletes({ id: "s3-rm", programs: ["aws"], sub: ["s3", "rm"] }, { any: ["--recursive"] }, ["--dryrun"]),
      {
        id: "s3-sync-delete",
        programs: ["aws"],
        sub: ["s3", "sync"],
        when: { any: ["--delete"] },
        unless: { any: ["--dryrun"] },
        reason: "`sync --delete` deletes what the source lacks",
        instead: "run it with `--dryrun` and show the user",
      },
      {
        id: "s3api-delete",
        programs: ["aws"],
        sub: ["s3api", "delete-*"],
        reason: "it deletes a bucket, its objects or its configuration (policy, lifecycle, replication)",
        instead: "ask the user to run it",
      },
      {
        id: "gsutil-rb",
        programs: ["gsutil"],
        sub: ["rb|deletebucket|removebucket|removebuckets|rmdir"],
        reason: "it deletes the bucket (with -f, every object in it first)",
        instead: "ask the user to remove the bucket",
      },
      ...objectDeletes({ id: "gsutil-rm", programs: ["gsutil"], sub: ["rm|del|delete|remove"] }, GCS_MANY, []),
      {
        id: "gsutil-rsync-delete",
        programs: ["gsutil"],
        sub: ["rsync"],
        when: { any: ["-d"] },
        unless: { any: ["-n"] },
        reason: "`rsync -d` deletes what the source lacks",
        instead: "run it with `-n` (a dry run) and show the user",
      },
      ...objectDeletes({ id: "gcloud-storage-rm", programs: ["gcloud"], sub: ["storage", "rm"] }, GCS_MANY, []),
      {
        id: "gcloud-storage-delete",
        programs: ["gcloud"],
        sub: ["storage", "*", "delete|bulk-delete"],
        reason: "it deletes a bucket, its objects, folders or keys",
        instead: "ask the user to delete them",
      },
      showDryRun({
        id: "gcloud-storage-rsync-delete",
        programs: ["gcloud"],
        sub: ["storage", "rsync"],
        when: { any: ["--delete-unmatched-destination-objects"] },
        dryRun: ["--dry-run"],
        reason: "it deletes what the source lacks",
      }),
      {
        id: "az-storage-delete",
        programs: ["az"],
        sub: ["storage"],
        when: { any: ["delete", "delete-batch", "remove", "purge", "clear"] },
        unless: { any: ["--dryrun", "--dry-run"] },
        reason: "it deletes a storage account, container, share, queue or the blobs and files in them",
        instead: "ask the user to delete them",
      },
      {
        id: "az-storage-sync",
        programs: ["az"],
        sub: ["storage"],
        when: { any: ["sync"] },
        // az's sync deletes what the source lacks unless told not to
        unless: { text: "--delete-destination(=|\\s+)false\\b|(^|\\s)--dryrun(\\s|$)" },
        reason: "`az storage … sync` deletes what the source lacks unless given `--delete-destination false`",
        instead: "add `--delete-destination false`, or run it with `--dryrun` and show the user",
      },
      {
        id: "azcopy-remove",
        programs: ["azcopy"],
        sub: ["remove|rm"],
        unless: { any: ["--dry-run"] },
        reason: "it deletes blobs or files (with --recursive, everything under the path)",
        instead: "run it with `--dry-run` and ask the user to remove them",
      },
      showDryRun({
        id: "azcopy-sync-delete",
        programs: ["azcopy"],
        sub: ["sync"],
        when: { text: "--delete-destination(=|\\s+)true\\b" },
        dryRun: ["--dry-run"],
        reason: "`--delete-destination true` deletes what the source lacks",
      }),
      {
        id: "mc-rb",
        programs: ["mc"],
        sub: ["rb"],
        reason: "it deletes the bucket (with --force, every object in it first)",
        instead: "ask the user to remove the bucket",
      },
      ...objectDeletes({ id: "mc-rm", programs: ["mc"], sub: ["rm"] }, { any: MC_MANY }, ["--dry-run"]),
      showDryRun({
        id: "mc-mirror-remove",
        programs: ["mc"],
        sub: ["mirror"],
        when: { any: ["--remove"] },
        dryRun: ["--dry-run"],
        reason: "`mirror --remove` deletes what the source lacks",
      }),
      {
        id: "mc-admin-remove",
        programs: ["mc"],
        sub: ["admin|ilm|event|replicate|retention|legalhold|encrypt|quota|idp|version|cors"],
        when: { any: ["remove", "rm", "delete", "disable", "unset", "detach", "clear", "reset", "suspend"] },
        reason:
          "it removes the server's buckets, users, keys or policies, or a bucket's rules (lifecycle, replication, retention, versioning)",
        instead: "ask the user to do it",
      },
      {
        id: "mc-admin-service",
        programs: ["mc"],
        sub: ["admin", "service"],
        when: { any: ["stop", "restart", "freeze"] },
        ask: true,
        reason: "it stops or restarts the MinIO server for everyone using it",
        instead: "ask the user",
      },
      showDryRun({
        id: "rclone-delete",
        programs: ["rclone"],
        sub: ["purge|delete|deletefile|rmdir|rmdirs|cleanup|sync|move|moveto|dedupe"],
        dryRun: ["--dry-run", "-n", "--interactive", "-i"],
        reason: "it deletes files on the remote (`sync` deletes what the source lacks, `move` the source)",
      }),
    ],
  });
