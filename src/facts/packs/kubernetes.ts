// Kubernetes and Helm: deletes of whole namespaces, of everything of a kind, and
// releases; drains of nodes.
import type { Pack, Rule } from "./types.ts";
import { DRY_RUN, pack } from "./_pack.ts";
import { KUBECTL_VALUES } from "./_clients.ts";

const KUBECTL = ["kubectl", "oc"];
/** A `kubectl delete` (or `oc delete`) of what `when` names, harmless as a dry run. */
const kubectlDelete = ({ id, when, reason, instead }: Pick<Rule, "id" | "when" | "reason" | "instead">): Rule => ({
  id,
  programs: KUBECTL,
  sub: ["delete"],
  when,
  unless: DRY_RUN,
  reason,
  instead,
});

export const kubernetes = (): Pack =>
  pack({
    id: "kubernetes",
    title: "Kubernetes and Helm",
    valueOptions: { kubectl: KUBECTL_VALUES, oc: KUBECTL_VALUES, helm: ["-n", "--namespace", "--kube-context", "--kubeconfig"] },
    rules: [
      kubectlDelete({
        id: "delete-namespace",
        when: { operand: "^(ns|namespaces?|project|projects)(/|$)" },
        reason: "deleting a namespace deletes every object in it",
        instead: "delete the objects by name, or ask the user",
      }),
      kubectlDelete({
        id: "delete-all",
        when: { any: ["--all", "-A", "--all-namespaces"] },
        reason: "`--all` deletes every object of the kind",
        instead: "delete the objects by name, or ask the user",
      }),
      kubectlDelete({
        id: "delete-cluster-scope",
        when: { operand: "^(nodes?|pv|persistentvolumes?|crd|customresourcedefinitions?|storageclass(es)?|clusterroles?)(/|$)" },
        reason: "it deletes cluster-wide objects (nodes, volumes, resource definitions)",
        instead: "ask the user to delete them",
      }),
      {
        id: "drain",
        programs: KUBECTL,
        sub: ["drain|cordon"],
        unless: DRY_RUN,
        reason: "it evicts every workload from a node",
        instead: "ask the user to drain the node",
      },
      {
        id: "helm-uninstall",
        programs: ["helm"],
        sub: ["uninstall|delete|del|un"],
        unless: DRY_RUN,
        reason: "it uninstalls a release and deletes its objects",
        instead: "ask the user to uninstall it",
      },
    ],
  });
