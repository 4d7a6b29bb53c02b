// Kubernetes and Helm: deletes of whole namespaces, of everything of a kind, and
// releases; drains of nodes.
import type { Pack } from "./types.ts";

const KUBE_VALUES = [
  "-n",
  "--namespace",
  "--context",
  "--cluster",
  "--kubeconfig",
  "-l",
  "--selector",
  "-o",
  "--output",
  "-f",
  "--filename",
  "-s",
  "--server",
  "--user",
  "--token",
];

export const kubernetes = (): Pack => ({
  id: "kubernetes",
  version: 1,
  family: "kubernetes",
  title: "Kubernetes and Helm",
  valueOptions: { kubectl: KUBE_VALUES, oc: KUBE_VALUES, helm: ["-n", "--namespace", "--kube-context", "--kubeconfig"] },
  rules: [
    {
      id: "delete-namespace",
      programs: ["kubectl", "oc"],
      sub: ["delete"],
      when: { operand: "^(ns|namespaces?|project|projects)(/|$)" },
      unless: { any: ["--dry-run"] },
      reason: "deleting a namespace deletes every object in it",
      instead: "delete the objects by name, or ask the user",
    },
    {
      id: "delete-all",
      programs: ["kubectl", "oc"],
      sub: ["delete"],
      when: { any: ["--all", "-A", "--all-namespaces"] },
      unless: { any: ["--dry-run"] },
      reason: "`--all` deletes every object of the kind",
      instead: "delete the objects by name, or ask the user",
    },
    {
      id: "delete-cluster-scope",
      programs: ["kubectl", "oc"],
      sub: ["delete"],
      when: { operand: "^(nodes?|pv|persistentvolumes?|crd|customresourcedefinitions?|storageclass(es)?|clusterroles?)(/|$)" },
      unless: { any: ["--dry-run"] },
      reason: "it deletes cluster-wide objects (nodes, volumes, resource definitions)",
      instead: "ask the user to delete them",
    },
    {
      id: "drain",
      programs: ["kubectl", "oc"],
      sub: ["drain|cordon"],
      unless: { any: ["--dry-run"] },
      reason: "it evicts every workload from a node",
      instead: "ask the user to drain the node",
    },
    {
      id: "helm-uninstall",
      programs: ["helm"],
      sub: ["uninstall|delete|del|un"],
      unless: { any: ["--dry-run"] },
      reason: "it uninstalls a release and deletes its objects",
      instead: "ask the user to uninstall it",
    },
  ],
});
