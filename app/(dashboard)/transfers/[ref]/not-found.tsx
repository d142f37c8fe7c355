import { DetailNotFound } from "@/components/detail/detail-not-found";

export default function TransferNotFound() {
  return <DetailNotFound list="transfers" />;
}
