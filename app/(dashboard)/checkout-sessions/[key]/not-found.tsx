import { DetailNotFound } from "@/components/detail/detail-not-found";

export default function CheckoutSessionNotFound() {
  return <DetailNotFound list="checkout-sessions" />;
}
