// The kubernetes pack: what it must refuse (each rule at least once) and the everyday commands of
// the same tools it must let through.
import type { PackCases } from "./_cases.ts";

export const kubernetes: PackCases = {
  block: [
    "kubectl delete namespace prod",
    "kubectl -n prod delete ns/prod",
    "kubectl delete pods --all -n prod",
    "kubectl delete deploy -A --all",
    "kubectl delete node worker-1",
    "kubectl delete crd widgets.example.com",
    "kubectl drain worker-1 --ignore-daemonsets",
    "helm uninstall api -n prod",
    "oc delete project staging",
    // kubecolor is kubectl with colours: the same words do the same
    "kubecolor delete namespace prod",
    "kubecolor -n prod delete pods --all",
    "sudo -u deploy kubectl delete ns x",
    "kubectl delete -f manifests/",
    "kubectl delete -f .",
    "kubectl delete -R -f k8s",
    "kubectl delete -k overlays/prod",
    "kubectl scale deploy app --replicas=0",
    "kubectl -n prod scale statefulset db --replicas 0",
    "helm rollback api 3",
    "kubectl delete pvc data-db-0",
    "kubectl delete deployment api",
    "kubectl -n prod delete sts/db",
    "kubectl delete pod x --force --grace-period=0",
    "kubectl apply -f x.yaml --force",
    "kubectl taint nodes n1 key=v:NoExecute",
  ],
  pass: [
    "kubectl get pods -n prod",
    "kubectl delete pod api-7d9 -n prod",
    "kubectl delete namespace prod --dry-run=client",
    "helm list",
    "kubectl apply -f k8s/",
    "kubectl describe ns prod",
    "kubectl delete -f deploy.yaml",
    "kubectl scale deploy app --replicas=3",
    "kubectl scale deploy app --replicas=10",
    "helm rollback api 3 --dry-run",
    "kubectl delete pod x --grace-period=30",
    "kubectl taint nodes n1 key=v:NoSchedule",
  ],
};
