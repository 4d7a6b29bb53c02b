// Copies to and commands on other machines: rsync's deletes, scp into a system
// folder, ssh's key tools, and what `ssh host '…'` runs there. hookit reads the
// remote line as a shell line (src/facts/programs-network.ts marks each of its
// commands with the host) but sees none of that machine's files or repositories,
// so a remote command is judged by its shape alone.
import type { Pack, Rule } from "./types.ts";
import { pack, showDryRun } from "./_pack.ts";

/** The folders of a machine's system (configuration, programs, libraries, boot files, devices), `/var/tmp` aside. */
const SYSTEM = "/+(etc|boot|usr|bin|sbin|lib|lib32|lib64|libx32|dev|sys|proc|var(?!/+tmp(/|$)))(/|$)";

/** `mkfs` and the makers of its common file systems (each its own program name). */
const MKFS = [
  "mkfs",
  ...["ext2", "ext3", "ext4", "xfs", "btrfs", "vfat", "fat", "msdos", "exfat", "ntfs", "f2fs"].map((fs) => `mkfs.${fs}`),
];

const RUN_IT_THERE = "ask the user to run it on that machine";
const FORCED_RM = ["-r", "-R", "--recursive", "-f", "--force"];

/** A git command on another machine that throws away work git cannot bring back. */
const remoteGit = ({ id, sub, when, unless, reason }: Pick<Rule, "id" | "sub" | "when" | "unless" | "reason">): Rule => ({
  id,
  programs: ["git"],
  sub,
  ...(when && { when }),
  remote: true,
  ...(unless && { unless }),
  reason,
  instead: "ask the user, who can check `git status` there first",
});

const GIT_VALUES = ["-C", "-c", "--git-dir", "--work-tree", "--namespace"];

export const remoteCopy = (): Pack =>
  pack({
    id: "remote-copy",
    title: "Remote copies and shells (rsync, scp, ssh, and what ssh runs on another machine)",
    valueOptions: { git: GIT_VALUES },
    rules: [
      showDryRun({
        id: "rsync-delete",
        programs: ["rsync"],
        when: {
          any: [
            "--del",
            "--delete",
            "--delete-before",
            "--delete-during",
            "--delete-delay",
            "--delete-after",
            "--delete-excluded",
            "--delete-missing-args",
            "--remove-source-files",
            "--remove-sent-files",
          ],
        },
        dryRun: ["-n", "--dry-run", "--list-only"],
        reason: "it deletes what the destination has and the source lacks (or the sources once sent), here or on another machine",
      }),
      {
        id: "scp-system-folder",
        programs: ["scp"],
        when: { target: `^([^/]*:)?${SYSTEM}` },
        reason: "it overwrites the files of a system folder (configuration, programs, libraries, boot files) where it copies to",
        instead: "copy to a staging folder (the home, `/tmp`) and ask the user to install it",
      },
      {
        id: "scp-into-root",
        programs: ["scp"],
        when: { any: ["-r"], target: "^([^/]*:)?/+$" },
        reason: "a folder copied into `/` overwrites whatever system folder of the same name is there",
        instead: "copy to a staging folder (the home, `/tmp`) and ask the user to install it",
      },
      {
        id: "ssh-keygen-forget-host",
        programs: ["ssh-keygen"],
        when: { any: ["-R"] },
        ask: true,
        reason: "it removes a host's keys from known_hosts, so the next connection trusts whatever key that host shows",
        instead: "show the user the host's new key (`ssh-keyscan <host>`) and ask",
      },
      {
        id: "ssh-add-remove",
        programs: ["ssh-add"],
        when: { any: ["-d", "-D", "-e"] },
        ask: true,
        reason: "it takes keys out of the SSH agent: what signs in with them stops working until they are added again",
        instead: "list them (`ssh-add -l`) and ask the user",
      },
      // What `ssh host '…'` runs there: nothing of that machine can be seen, the shape decides.
      {
        id: "remote-rm",
        programs: ["rm"],
        when: { any: FORCED_RM },
        remote: true,
        reason: "it deletes files on another machine, recursively or without asking, where hookit cannot see what they are",
        instead: RUN_IT_THERE,
      },
      {
        id: "remote-delete-system",
        programs: ["rm", "rmdir", "unlink"],
        when: { operand: `^${SYSTEM}|^/+$` },
        remote: true,
        reason: "it deletes a system file or folder on another machine",
        instead: RUN_IT_THERE,
      },
      {
        id: "remote-find-delete",
        programs: ["find"],
        when: { any: ["-delete"] },
        remote: true,
        reason: "it deletes every file it finds on another machine, where hookit cannot see what they are",
        instead: "run it there without `-delete` to list them, and ask the user",
      },
      {
        id: "remote-wipe",
        programs: ["shred", "wipefs", "blkdiscard", "mkswap", "mke2fs", ...MKFS],
        remote: true,
        unless: { any: ["--version"] },
        reason: "it destroys a disk's or a file's contents on another machine for good",
        instead: RUN_IT_THERE,
      },
      {
        id: "remote-dd",
        programs: ["dd"],
        when: { operand: "^of=" },
        remote: true,
        reason: "it writes over a file or a disk on another machine",
        instead: RUN_IT_THERE,
      },
      remoteGit({
        id: "remote-git-reset",
        sub: ["reset"],
        when: { any: ["--hard", "--merge"] },
        reason: "it throws away uncommitted changes in a repository on another machine",
      }),
      remoteGit({
        id: "remote-git-clean",
        sub: ["clean"],
        when: { any: ["-f", "--force"] },
        unless: { any: ["-n", "--dry-run"] },
        reason: "it deletes the untracked files of a repository on another machine",
      }),
      remoteGit({
        id: "remote-git-checkout",
        sub: ["checkout"],
        when: { any: ["-f", "--force", "--", "."] },
        reason: "it overwrites uncommitted changes in a repository on another machine",
      }),
      remoteGit({
        id: "remote-git-restore",
        sub: ["restore"],
        // Restoring only the index (`--staged`) leaves the files as they are.
        unless: { any: ["--staged", "-S", "--worktree", "-W"] },
        reason: "it overwrites uncommitted changes in a repository on another machine",
      }),
      remoteGit({
        id: "remote-git-restore-worktree",
        sub: ["restore"],
        when: { any: ["--worktree", "-W"] },
        reason: "it overwrites uncommitted changes in a repository on another machine",
      }),
      remoteGit({
        id: "remote-git-stash-drop",
        sub: ["stash", "drop|clear"],
        reason: "it deletes stashed work in a repository on another machine",
      }),
      remoteGit({
        id: "remote-git-branch-delete",
        sub: ["branch"],
        when: { any: ["-D"] },
        reason: "it deletes a branch whatever it holds that no other branch has, in a repository on another machine",
      }),
    ],
  });
