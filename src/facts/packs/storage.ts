// Object storage: recursive deletes of buckets and prefixes, syncs that delete
// on the far side.
import type { Pack } from "./types.ts";
import { pack, showDryRun } from "./_pack.ts";

export const storage = (): Pack =>
  pack({
    id: "storage",
    title: "Object storage (S3, GCS, Azure Blob, rclone)",
    valueOptions: { aws: ["--region", "--profile", "--endpoint-url"], gsutil: ["-o", "-h", "-u"] },
    rules: [
      {
        id: "s3-rm",
        programs: ["aws"],
        sub: ["s3", "rm|rb"],
        when: { any: ["--recursive", "--force"] },
        unless: { any: ["--dryrun"] },
        reason: "it deletes every object under the prefix (or the bucket itself)",
        instead: "list what would go with `--dryrun` and ask the user",
      },
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
        id: "gsutil-rm",
        programs: ["gsutil", "gcloud"],
        when: { any: ["rm", "rb", "-m"], text: "(^|\\s)(rm|rb)\\b.*(-r|-R|--recursive|\\*)|\\brb\\b|rsync.*\\s-d\\b" },
        reason: "it deletes objects or buckets recursively",
        instead: "ask the user to delete them",
      },
      showDryRun({
        id: "rclone-delete",
        programs: ["rclone"],
        sub: ["purge|delete|deletefile|rmdir|rmdirs|cleanup|sync|move|dedupe"],
        dryRun: ["--dry-run", "-n", "--interactive", "-i"],
        reason: "it deletes files on the remote (`sync` deletes what the source lacks)",
      }),
      {
        id: "azcopy-remove",
        programs: ["azcopy"],
        when: { any: ["remove", "rm", "--delete-destination=true"] },
        reason: "it deletes blobs",
        instead: "ask the user to remove them",
      },
    ],
  });
