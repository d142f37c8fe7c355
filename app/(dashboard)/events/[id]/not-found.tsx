import { DetailNotFound } from "@/components/detail/detail-not-found";

export default function EventNotFound() {
  return <DetailNotFound list="events" />;
}
