import type { MobileTransferStatus } from "@/lib/payments/schemas";
import { MERCHANT_PHONE, type SandboxMobileTransfer } from "@/sandbox/model";
import type { ModeContext } from "./context";
import type { Customers } from "./customers";
import { colones } from "./money";
import type { SinpeIntent } from "./payments";
import { SENDER_ID_KINDS, businessName, localPhone, mobileDigits, personName, publicBodyName, senderId, type SenderIdKind } from "./people";
import type { Rng, Weighted } from "./random";
import { DAY, HOUR, MINUTE, SECOND, after, crDateDigits, iso, waking } from "./time";

// Strays are transfers no intent explains (a wrong number, a personal loan, an old invoice): they carry every status
// and every kind of sender id, so the reconciliation screens meet all of them.
const STRAY_STATUSES: Weighted<MobileTransferStatus> = [
  ["received", 30], ["charge_not_found", 20], ["attempt_not_found", 20], ["pending", 10], ["expired", 10], ["canceled", 10],
];
const STRAY_SENDERS: Weighted<SenderIdKind> = SENDER_ID_KINDS.map((kind) => [kind, kind === "physical" ? 50 : 8]);
const STRAY_NOTES = ["Pago", "Transferencia", "Préstamo", "Alquiler", "Cuota", "Abono", "SINPE", "Pedido"] as const;

type Sender = { originId: string; originName: string; originPhone: string };
type Timing = { createdMs: number; authorizedMs: number };

function build(
  ctx: ModeContext, rng: Rng, references: Set<string>, amount: number, status: MobileTransferStatus,
  description: string, sender: Sender, timing: Timing, paymentIntentId: string | null,
): SandboxMobileTransfer {
  let reference: string;
  // 25 characters: the Costa Rican date of authorization and 17 digits, unique like the transfer system's.
  do reference = `${crDateDigits(timing.authorizedMs)}${rng.digits(17)}`;
  while (references.has(reference));
  references.add(reference);
  return {
    id: rng.id("mt"),
    mode: ctx.mode,
    amount,
    currency: "CRC",
    status,
    description,
    SINPERefNumber: reference,
    ...sender,
    destinationPhone: MERCHANT_PHONE,
    authorizationDate: iso(timing.authorizedMs),
    createdAt: iso(timing.createdMs),
    paymentIntentId,
  };
}

/** The bank authorizes a few seconds before the service records the transfer. */
function timed(rng: Rng, createdMs: number): Timing {
  return { createdMs, authorizedMs: createdMs - rng.int(2, 15) * SECOND };
}

function senderOf(rng: Rng, sinpe: SinpeIntent): Sender {
  const { profile } = sinpe;
  return { originId: profile.senderId, originName: profile.record.name ?? "", originPhone: localPhone(rng, profile.phoneDigits ?? "") };
}

export function generateTransfers(
  ctx: ModeContext, customers: Customers, linked: readonly SinpeIntent[], open: readonly SinpeIntent[], strays: number,
): SandboxMobileTransfer[] {
  const rng = ctx.stream("transfers");
  const references = new Set<string>();
  const transfers: SandboxMobileTransfer[] = [];
  // Paid intents: the transfer arrived, and the service linked it.
  for (const sinpe of linked) {
    const timing = timed(rng, sinpe.paidMs - rng.int(2, 20) * SECOND);
    transfers.push(build(ctx, rng, references, sinpe.intent.amount, "received", sinpe.note, senderOf(rng, sinpe), timing, sinpe.intent.id));
  }
  // Open intents: the money arrived but nothing linked it; the customer's phone and the amount give it away.
  for (const sinpe of open) {
    const timing = timed(rng, after(rng, sinpe.createdMs, 2 * MINUTE, 2 * HOUR, ctx.nowMs));
    const status = rng.chance(0.7) ? "received" : "attempt_not_found";
    transfers.push(build(ctx, rng, references, sinpe.intent.amount, status, sinpe.note, senderOf(rng, sinpe), timing, null));
  }
  const statuses = rng.deal(strays, STRAY_STATUSES);
  const kinds = rng.deal(strays, STRAY_SENDERS);
  statuses.forEach((status, index) => {
    const kind = kinds[index] ?? "physical";
    const originName = kind === "legal_public" ? publicBodyName(rng) : kind === "legal_private" ? businessName(rng) : personName(rng);
    // A number no customer has, so no open intent can match it by phone.
    const sender = { originId: senderId(rng, kind), originName, originPhone: localPhone(rng, mobileDigits(rng, customers.phones)) };
    const createdMs = status === "pending" ? waking(rng, ctx.nowMs - 2 * HOUR, ctx.nowMs) : waking(rng, ctx.nowMs - 180 * DAY, ctx.nowMs);
    const note = rng.chance(0.3) ? `${rng.pick(STRAY_NOTES)} ${rng.int(100, 999)}` : rng.pick(STRAY_NOTES);
    transfers.push(build(ctx, rng, references, colones(rng, 2_500, 200_000), status, note, sender, timed(rng, createdMs), null));
  });
  return transfers;
}
