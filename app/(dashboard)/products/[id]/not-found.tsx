import { DetailNotFound } from "@/components/detail/detail-not-found";

export default function ProductNotFound() {
  return <DetailNotFound list="products" />;
}
