// The remote-copy pack: what it must refuse (each rule at least once) and the everyday commands of
// the same tools it must let through.
import type { PackCases } from "./_cases.ts";

export const remoteCopy: PackCases = {
  block: [
    "rsync -a --delete ./site/ deploy@web:/srv/site/",
    "rsync -av --remove-source-files /data/ backup:/data/",
    "rsync -a --delete-after ./ host:/srv/",
  ],
  pass: ["rsync -a ./site/ deploy@web:/srv/site/", "rsync -an --delete ./site/ web:/srv/site/", "rsync -a --delete ./a/ ./b/"],
};
