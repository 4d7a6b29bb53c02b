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
      kubectlDelete({
        id: "delete-folder",
        // `-f manifests/`, `-f .`, `-f https://…`: every object a folder (or a URL) holds, not one manifest
        when: { text: "(^|\\s)(-f|--filename)[=\\s]+(?!\\S+\\.(ya?ml|json)(\\s|$))\\S+" },
        reason: "it deletes every object the manifests of a folder describe",
        instead: "delete with one manifest file at a time, or ask the user",
      }),
      kubectlDelete({
        id: "delete-recursive",
        when: { any: ["-R", "--recursive", "-k", "--kustomize"] },
        reason: "it deletes every object a folder's manifests (or a kustomization) describe",
        instead: "delete with one manifest file at a time, or ask the user",
      }),
      kubectlDelete({
        id: "delete-volume-claim",
        when: { operand: "^(pvc|persistentvolumeclaims?)(/|$)" },
        reason: "a volume claim holds a workload's data: with the usual reclaim policy, deleting it deletes the volume",
        instead: "ask the user to delete it",
      }),
      {
        ...kubectlDelete({
          id: "delete-workload",
          when: { operand: "^(deploy|deployments?|sts|statefulsets?|ds|daemonsets?|rs|replicasets?)(/|$)" },
          reason: "it deletes a workload and every pod it runs",
          instead: "ask the user, or scale it down",
        }),
        ask: true,
      },
      {
        ...kubectlDelete({
          id: "delete-force-now",
          when: { all: ["--force"], text: "--grace-period[=\\s]+0(\\s|$)" },
          reason: "it removes the objects at once, without letting their pods stop cleanly",
          instead: "delete them without --force --grace-period=0, or ask the user",
        }),
        ask: true,
      },
      {
        id: "replace-force",
        programs: KUBECTL,
        sub: ["apply|replace"],
        when: { any: ["--force"] },
        unless: DRY_RUN,
        ask: true,
        reason: "`--force` deletes the objects and makes them again: their pods restart and what they held is lost",
        instead: "apply without --force, or ask the user",
      },
      {
        id: "taint-evict",
        programs: KUBECTL,
        sub: ["taint"],
        when: { text: ":NoExecute(\\s|$)" },
        ask: true,
        reason: "a NoExecute taint evicts every pod on the node that does not tolerate it",
        instead: "ask the user",
      },
      {
        id: "scale-to-zero",
        programs: KUBECTL,
        sub: ["scale"],
        when: { text: "--replicas[=\\s]+0(\\s|$)" },
        unless: DRY_RUN,
        ask: true,
        reason: "scaling to zero replicas stops every pod of the workload",
        instead: "ask the user",
      },
      {
        id: "helm-rollback",
        programs: ["helm"],
        sub: ["rollback"],
        unless: DRY_RUN,
        ask: true,
        reason: "it puts a release back to an earlier revision: its objects are replaced, its data migrations are not undone",
        instead: "show the user `helm history` and ask",
      },
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
