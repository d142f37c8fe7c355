import { DetailNotFound } from "@/components/detail/detail-not-found";

export default function SubscriptionNotFound() {
  return <DetailNotFound list="subscriptions" />;
}
