#!/usr/bin/env bash
# Installs the pinned real agent CLIs that the offline e2e suite drives (test/e2e/clis.json is the
# single list of packages and versions). Each CLI gets its own npm prefix under the cache dir, so
# versions never mix and a cached install is reused across runs. Idempotent: an entry whose
# recorded command still answers `--version` with the pinned version is left alone.
#
# Usage: bash scripts/e2e-install.sh [agent ...]     (default: every entry in clis.json)
# Env:   HOOKIT_E2E_CACHE   cache root (default: $HOME/.cache/hookit-e2e)
#        HOOKIT_E2E_LATEST=1  install the newest release of each CLI instead of the pin: the
#                           first package of each entry is looked up with `npm view <name> version`
#                           and the resolved list is written to <cache>/clis-latest.json, which the
#                           suite then reads (test/e2e/clis.ts).
#        HOOKIT_E2E_VERSIONS="codex@0.169.0 pi@1.5.2"  install these releases instead of the pins of
#                           the named CLIs (e.g. the release before the pin, for the version matrix);
#                           the suite reads the same variable.
set -euo pipefail

repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
manifest="$repo_root/test/e2e/clis.json"
cache_root="${HOOKIT_E2E_CACHE:-$HOME/.cache/hookit-e2e}"
mkdir -p "$cache_root"
cache_root="$(cd "$cache_root" && pwd)" # probes run from a scratch dir: keep paths absolute

if [ "${HOOKIT_E2E_LATEST:-}" = "1" ]; then
  latest_manifest="$cache_root/clis-latest.json"
  # One registry look-up per CLI (its first package); the other packages (Pi's Node) stay pinned.
  node -e '
    const fs = require("fs");
    const { execFileSync } = require("child_process");
    const [source, target] = process.argv.slice(1);
    const m = JSON.parse(fs.readFileSync(source, "utf8"));
    const split = (spec) => { const at = spec.lastIndexOf("@"); return [spec.slice(0, at), spec.slice(at + 1)]; };
    for (const [id, entry] of Object.entries(m)) {
      if (id.startsWith("_")) continue;
      const [name] = split(entry.packages[0]);
      const newest = execFileSync("npm", ["view", name, "version"], { encoding: "utf8" }).trim();
      if (!/^[0-9][0-9A-Za-z.+-]*$/.test(newest)) throw new Error(`npm view ${name} version: ${newest}`);
      entry.packages[0] = `${name}@${newest}`;
      entry.dir = `${split(entry.dir)[0]}@${newest}`;
      entry.version = newest;
    }
    fs.writeFileSync(target, JSON.stringify(m, null, 2) + "\n");
  ' "$manifest" "$latest_manifest"
  manifest="$latest_manifest"
fi

if [ -n "${HOOKIT_E2E_VERSIONS:-}" ]; then
  versions_manifest="$(mktemp)"
  trap 'rm -f "$versions_manifest"' EXIT
  # The same override test/e2e/clis.ts applies: <agent>@<version> replaces that entry's first package.
  node -e '
    const fs = require("fs");
    const [source, target, list] = process.argv.slice(1);
    const m = JSON.parse(fs.readFileSync(source, "utf8"));
    const split = (spec) => { const at = spec.lastIndexOf("@"); return [spec.slice(0, at), spec.slice(at + 1)]; };
    for (const item of list.split(/[\s,]+/).filter(Boolean)) {
      const [id, version] = split(item);
      const entry = m[id];
      if (!entry || !/^[0-9][0-9A-Za-z.+-]*$/.test(version)) throw new Error(`HOOKIT_E2E_VERSIONS: bad item ${item}`);
      entry.packages[0] = `${split(entry.packages[0])[0]}@${version}`;
      entry.dir = `${split(entry.dir)[0]}@${version}`;
      entry.version = version;
    }
    fs.writeFileSync(target, JSON.stringify(m, null, 2) + "\n");
  ' "$manifest" "$versions_manifest" "$HOOKIT_E2E_VERSIONS"
  manifest="$versions_manifest"
fi

# Read one field of one entry from the manifest; arrays come out one item per line.
field() {
  node -e '
    const m = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
    const v = m[process.argv[2]]?.[process.argv[3]];
    if (Array.isArray(v)) for (const x of v) console.log(typeof x === "string" ? x : JSON.stringify(x));
    else if (v !== undefined) console.log(String(v));
  ' "$manifest" "$1" "$2"
}

if [ "$#" -gt 0 ]; then
  agents=("$@")
else
  mapfile -t agents < <(node -e '
    const m = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
    for (const k of Object.keys(m)) if (!k.startsWith("_")) console.log(k);
  ' "$manifest")
fi

# Runs a candidate command with `--version` in a scratch HOME, offline where we can isolate the
# network, so probing never writes to the real HOME nor reaches anything but loopback.
probe() {
  local prefix="$1" cmd_json="$2" scratch out
  scratch="$(mktemp -d)"
  local -a argv
  mapfile -t argv < <(node -e '
    const [prefix, json] = process.argv.slice(1);
    for (const part of JSON.parse(json))
      console.log(part === "@node" ? process.execPath : part.startsWith("node_modules/") ? prefix + "/" + part : part);
  ' "$prefix" "$cmd_json")
  [ -e "${argv[-1]}" ] || { rm -rf "$scratch"; return 1; }
  local -a isolate=()
  if unshare -n true 2>/dev/null; then isolate=(unshare -n); fi
  out="$(cd "$scratch" && "${isolate[@]}" env -i PATH="$PATH" HOME="$scratch" TERM=dumb \
    COPILOT_OFFLINE=true COPILOT_AUTO_UPDATE=false COPILOT_CACHE_HOME="$cache_root/copilot-cache" \
    DISABLE_AUTOUPDATER=1 CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 \
    timeout 60 "${argv[@]}" --version </dev/null 2>&1)" || true
  rm -rf "$scratch"
  printf '%s' "$out"
}

failed=0
for agent in "${agents[@]}"; do
  dir="$(field "$agent" dir)"
  if [ -z "$dir" ]; then echo "e2e-install: unknown agent '$agent'" >&2; failed=1; continue; fi
  version="$(field "$agent" version)"
  optional="$(field "$agent" optional)"
  prefix="$cache_root/$dir"
  record="$prefix/.hookit-e2e-cmd.json"
  mapfile -t packages < <(field "$agent" packages)
  mapfile -t candidates < <(field "$agent" run)

  state="cached"
  if [ -f "$record" ] && probe "$prefix" "$(cat "$record")" | grep -qF "$version"; then
    printf '%-8s %-9s %-7s %s\n' "$agent" "$version" "$state" "$(cat "$record")"
    continue
  fi

  state="installed"
  rm -f "$record"
  mkdir -p "$prefix"
  # --ignore-scripts: no CLI needs its install script offline (Claude Code's and OpenCode's
  # postinstall only copy the native binary that their platform package already ships; we run that
  # one directly). Kimi Code's optional native modules (node-pty, @mariozechner/clipboard) are then
  # not built: `kimi -p` and its Bash tool run without them. Kimi needs Node >= 22.19 ("@node" is the
  # node running this script: run it through scripts/node22.mjs).
  if ! npm install --prefix "$prefix" --no-audit --no-fund --no-save --ignore-scripts \
      --loglevel=error "${packages[@]}" >"$prefix/.npm-install.log" 2>&1; then
    state="npm-failed"
  fi

  # First candidate whose `--version` reports the pinned version wins.
  chosen=""
  for cmd in "${candidates[@]}"; do
    if probe "$prefix" "$cmd" | grep -qF "$version"; then chosen="$cmd"; break; fi
  done
  if [ -n "$chosen" ]; then
    printf '%s\n' "$chosen" >"$record"
    printf '%-8s %-9s %-7s %s\n' "$agent" "$version" "$state" "$chosen"
  else
    [ "$state" = "installed" ] && state="broken"
    printf '%-8s %-9s %-7s see %s\n' "$agent" "$version" "$state" "$prefix/.npm-install.log"
    [ "$optional" = "true" ] || failed=1
  fi
done
exit "$failed"
