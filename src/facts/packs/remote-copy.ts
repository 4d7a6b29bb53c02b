// Remote copies (rsync, scp, rclone to another machine).
import type { Pack } from "./types.ts";
import { showDryRun } from "./_pack.ts";
import { servicePack } from "./_service.ts";

export const remoteCopy = (): Pack =>
  servicePack("remote-copy", "Remote copies (rsync, scp, rclone to another machine)", [
    showDryRun({
      id: "rsync-remote-delete",
      programs: ["rsync"],
      when: {
        any: ["--delete", "--delete-before", "--delete-during", "--delete-after", "--delete-excluded", "--remove-source-files", "--del"],
        operand: "^[^/]*:",
      },
      dryRun: ["-n", "--dry-run"],
      reason: "it deletes files on another machine (or the sources once sent)",
    }),
  ]);
