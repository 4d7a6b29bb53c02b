// The storage pack: what it must refuse (each rule at least once) and the everyday commands of
// the same tools it must let through.
import type { PackCases } from "./_cases.ts";

export const storage: PackCases = {
  block: [
    "aws s3 rm s3://bucket/logs --recursive",
    "aws s3 rb s3://bucket --force",
    "aws s3 sync ./site s3://bucket --delete",
    "gsutil rm -r gs://bucket/data",
    "gsutil -m rm gs://bucket/**",
    "rclone purge remote:bucket/path",
    "rclone sync /src remote:bucket",
    "rclone delete remote:bucket/old",
    "azcopy remove 'https://acct.blob.core.windows.net/c' --recursive",
  ],
  pass: [
    "aws s3 ls s3://bucket",
    "aws s3 cp file.txt s3://bucket/",
    "aws s3 sync ./site s3://bucket",
    "aws s3 rm s3://bucket/logs --recursive --dryrun",
    "rclone ls remote:bucket",
    "rclone copy /src remote:bucket",
    "rclone sync /src remote:bucket --dry-run",
    "gsutil ls gs://bucket",
  ],
};
