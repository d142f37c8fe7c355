import { DetailNotFound } from "@/components/detail/detail-not-found";

export default function SellerNotFound() {
  return <DetailNotFound list="marketplace" />;
}
