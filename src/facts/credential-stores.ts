// Commands that print a credential the user keeps outside any project: a keychain entry, a
// personal password store's secret, a cloud CLI's login token. A team's secrets manager (Vault,
// AWS Secrets Manager, Doppler, 1Password's `op read`) is how a project is meant to get its
// secrets, and is left to the secrets pack (which refuses deleting them). Each is recorded as a
// read of the store it comes from, so the starter's guard on credential files
// (no-credential-files) refuses `aws configure get aws_secret_access_key` as it refuses
// `cat ~/.aws/credentials`, and `security find-generic-password -w` as it would refuse reading the
// keychain file itself.
import type { Field } from "./expand.ts";
import { ruleFires } from "./packs/match.ts";
import type { Rule } from "./packs/types.ts";
import type { Run } from "./programs-kit.ts";

/** A command that prints a credential, said as a pack rule says a command (its subcommand, `when`), and where the credential is kept. */
type StoreRead = Pick<Rule, "programs" | "sub" | "when"> & {
  /** Where the credential is kept, from the home directory. */
  store: string;
};

const KEYCHAINS = "Library/Keychains"; // macOS
const KEYRINGS = ".local/share/keyrings"; // GNOME keyring, libsecret

/** What each command reads. The password stores' (pass, gopass) show is their default: see PASSWORD_STORES. */
const STORE_READS: readonly StoreRead[] = [
  { programs: ["security"], sub: ["find-generic-password|find-internet-password|dump-keychain|export"], store: KEYCHAINS },
  { programs: ["secret-tool"], sub: ["lookup|search"], store: KEYRINGS },
  { programs: ["kwallet-query"], when: { any: ["-r", "--read-password"] }, store: ".local/share/kwalletd" },
  { programs: ["git"], sub: ["credential|credential-store|credential-cache", "fill|get"], store: ".git-credentials" },
  { programs: ["git"], sub: ["credential-osxkeychain", "get"], store: KEYCHAINS },
  { programs: ["git"], sub: ["credential-libsecret", "get"], store: KEYRINGS },
  { programs: ["git-credential-store", "git-credential-cache"], sub: ["get"], store: ".git-credentials" },
  { programs: ["git-credential-osxkeychain", "git-credential-manager"], sub: ["get"], store: KEYCHAINS },
  { programs: ["git-credential-libsecret"], sub: ["get"], store: KEYRINGS },
  { programs: ["docker-credential-osxkeychain", "docker-credential-desktop"], sub: ["get"], store: KEYCHAINS },
  { programs: ["docker-credential-secretservice"], sub: ["get"], store: KEYRINGS },
  { programs: ["docker-credential-pass"], sub: ["get"], store: ".password-store" },
  { programs: ["gh"], sub: ["auth", "token"], store: ".config/gh/hosts.yml" },
  { programs: ["gh"], sub: ["auth", "status"], when: { any: ["-t", "--show-token"] }, store: ".config/gh/hosts.yml" },
  { programs: ["glab"], sub: ["auth", "status"], when: { any: ["-t", "--show-token"] }, store: ".config/glab-cli/config.yml" },
  { programs: ["gpg", "gpg2"], when: { any: ["--export-secret-keys", "--export-secret-subkeys", "--export-secret-key"] }, store: ".gnupg" },
  { programs: ["aws"], sub: ["configure", "get"], when: { operand: "secret|token|access_key" }, store: ".aws/credentials" },
  { programs: ["aws"], sub: ["configure", "export-credentials"], store: ".aws/credentials" },
  // New temporary credentials, printed: made from (and as good as) the login they come from.
  { programs: ["aws"], sub: ["sts", "get-session-token|get-federation-token"], store: ".aws/credentials" },
  { programs: ["aws"], sub: ["sso", "get-role-credentials"], store: ".aws/credentials" },
  { programs: ["kubectl", "oc"], sub: ["create", "token"], store: ".kube/config" },
  { programs: ["npm"], sub: ["token", "create"], store: ".npmrc" },
  { programs: ["gcloud"], sub: ["auth", "print-access-token|print-identity-token|print-refresh-token"], store: ".config/gcloud" },
  { programs: ["gcloud"], sub: ["auth", "application-default", "print-access-token"], store: ".config/gcloud" },
  { programs: ["az"], sub: ["account", "get-access-token"], store: ".azure" },
  { programs: ["kubectl", "oc"], sub: ["config", "view"], when: { any: ["--raw"] }, store: ".kube/config" },
  { programs: ["npm", "pnpm"], sub: ["config", "get"], when: { operand: "_auth" }, store: ".npmrc" },
  { programs: ["heroku"], sub: ["auth:token"], store: ".netrc" },
  { programs: ["vault", "bao"], sub: ["print", "token"], store: ".vault-token" },
  { programs: ["bw"], sub: ["get"], store: ".config/Bitwarden CLI" },
  { programs: ["lpass"], sub: ["show"], store: ".lpass" },
];

/**
 * pass and gopass show a secret by default (`pass github/token`): every first word but their
 * other subcommands reads the store (and `pass` alone only lists it).
 */
const PASSWORD_STORES = ["pass", "gopass"];
const PASS_OTHERS = new Set(
  "init ls list find search insert add edit generate rm remove delete mv rename cp copy git help version sync setup config mounts templates recipients fsck audit".split(
    " ",
  ),
);

/** Options before a subcommand that take the next word as their value (`git -C repo credential fill`). */
const VALUE_OPTIONS: Readonly<Record<string, readonly string[]>> = {
  git: ["-C", "-c", "--git-dir", "--work-tree"],
  aws: ["--profile", "--region"],
  gcloud: ["--project"],
  kubectl: ["--context", "--kubeconfig", "-n", "--namespace"],
  oc: ["--context", "--kubeconfig", "-n", "--namespace"],
};

/** Each program's reads, made on the first lookup of a process. */
let byProgram: Map<string, StoreRead[]> | undefined;
function readsOf(program: string): StoreRead[] | undefined {
  if (!byProgram) {
    byProgram = new Map();
    for (const read of STORE_READS)
      for (const name of read.programs) {
        const list = byProgram.get(name);
        if (list) list.push(read);
        else byProgram.set(name, [read]);
      }
  }
  return byProgram.get(program);
}

/** Records the credential store a command prints from, when it is one of these. */
export function storeReads(program: string, args: readonly Field[], run: Run): void {
  const stores = PASSWORD_STORES.includes(program);
  const reads = stores ? undefined : readsOf(program);
  if (!stores && !reads) return;
  const texts = args.map((a) => a.text);
  const read = (store: string) =>
    run.walker.path({ text: `${run.walker.expand.home}/${store}`, resolved: true }, "read", program, run.state.cwd);
  // pass and gopass show a secret by default: any first word but their other subcommands.
  if (stores) {
    const first = texts.find((t) => !t.startsWith("-"));
    if (first !== undefined && !PASS_OTHERS.has(first)) read(".password-store");
    return;
  }
  for (const r of reads as StoreRead[]) if (ruleFires(r, texts, VALUE_OPTIONS[program] ?? [])) read(r.store);
}
