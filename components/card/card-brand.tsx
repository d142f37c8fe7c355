import { CreditCard } from "lucide-react";

// A card's brand as its mark (drawn here: no picture is fetched), with the brand's name for screen readers and on
// hover. A brand without a mark gets a generic card and its name as the service sent it.

const NAMES: Record<string, string> = { visa: "Visa", mastercard: "Mastercard", amex: "American Express" };

export function brandName(brand: string): string {
  return NAMES[brand.toLowerCase()] ?? brand;
}

export function CardBrandIcon({ brand }: { brand: string | null | undefined }) {
  const name = brand ? brandName(brand) : null;
  const frame = "h-6 w-9 shrink-0 rounded ring-1 ring-slate-200";
  switch (brand?.toLowerCase()) {
    case "visa":
      return (
        <svg viewBox="0 0 36 24" role="img" aria-label={name!} className={`${frame} bg-white`}>
          <title>{name}</title>
          <text x="18" y="16" textAnchor="middle" fontFamily="Arial, Helvetica, sans-serif" fontSize="11" fontStyle="italic" fontWeight="800" fill="#1a1f71">
            VISA
          </text>
        </svg>
      );
    case "mastercard":
      return (
        <svg viewBox="0 0 36 24" role="img" aria-label={name!} className={`${frame} bg-white`}>
          <title>{name}</title>
          <circle cx="14.5" cy="12" r="7" fill="#eb001b" />
          <circle cx="21.5" cy="12" r="7" fill="#f79e1b" fillOpacity="0.9" />
        </svg>
      );
    default:
      return (
        <span role="img" aria-label={name ?? undefined} title={name ?? undefined} className={`${frame} grid place-items-center bg-slate-50`}>
          <CreditCard aria-hidden className="size-4 text-slate-500" />
        </span>
      );
  }
}
