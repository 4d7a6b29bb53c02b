// Programs whose output is their input's text changed in form: encoded (base64, xxd, od, gzip,
// openssl), reordered or cut apart (rev, fold, cut, dd), mapped (tr, sed, awk), or printed by
// inline code. A secret in a file they read reaches the model in a form no redaction of the
// result can recognise, so the facts name such reads (facts/disguised.ts) and the starter's
// no-disguised-secrets refuses them before they run. Plain printers (cat, head, grep, less)
// are not here: what they print still holds the secret as it is, and redact-secrets hides it.
export const TEXT_CHANGERS: readonly string[] = [
  ...["base64", "base32", "basenc", "uuencode", "xxd", "od", "hexdump", "hd", "openssl", "gpg"],
  ...["gzip", "bzip2", "xz", "zstd", "lz4", "zip"],
  ...["rev", "fold", "cut", "dd", "split", "csplit", "shuf", "paste", "column", "pr", "fmt", "expand", "unexpand", "iconv"],
  ...["tr", "sed", "gsed", "awk", "gawk", "mawk", "nawk", "jq", "yq"],
];
