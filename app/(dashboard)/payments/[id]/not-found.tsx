import { DetailNotFound } from "@/components/detail/detail-not-found";

export default function PaymentNotFound() {
  return <DetailNotFound list="payments" />;
}
