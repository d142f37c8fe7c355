import { DetailNotFound } from "@/components/detail/detail-not-found";

export default function CustomerNotFound() {
  return <DetailNotFound list="customers" />;
}
