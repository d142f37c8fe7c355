import type { LucideIcon, LucideIconData } from "lucide-react";
import { cn } from "./cn";

// Icons drawn once, in a static SVG sprite (app/icons.svg/route.ts, built with the app), and pointed at from the page:
// `<svg><use href="/icons.svg#credit-card"/></svg>` is about 70 bytes where the inline drawing was 300 to 900, and the
// shell repeats its icons on every page (in the HTML and again in the page's RSC payload). Same origin, no inline
// style or script: the pages' CSP (img-src 'self') allows it.

export const SPRITE_URL = "/icons.svg";

/** The symbol's id in the sprite: lucide's own name of the icon (CreditCard → credit-card). */
export function spriteId(icon: LucideIcon): string {
  return iconData(icon).name ?? String(icon.displayName);
}

/**
 * A lucide icon's drawing. lucide-react 1.x builds each icon with forwardRef around `<Icon icon={data}>`; calling the
 * render function (it uses no hook) hands back that element, whose `icon` prop is the data. The sprite's test breaks
 * first if a new lucide release changes this.
 */
export function iconData(icon: LucideIcon): LucideIconData {
  const render = (icon as unknown as { render: (props: object, ref: null) => { props: { icon: LucideIconData } } }).render;
  return render({}, null).props.icon;
}

/** A sprite icon; decorative (aria-hidden) like every icon here: the words beside it name the control. */
export function SpriteIcon({ icon, className }: { icon: LucideIcon | string; className?: string }) {
  return (
    <svg aria-hidden className={cn("shrink-0", className)}>
      <use href={`${SPRITE_URL}#${typeof icon === "string" ? icon : spriteId(icon)}`} />
    </svg>
  );
}

const escape = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

type Node = [string, Record<string, unknown>, Node[]?];

function drawNode([tag, attributes, children = []]: Node): string {
  const attrs = Object.entries(attributes)
    .filter(([name]) => name !== "key")
    .map(([name, value]) => ` ${name}="${escape(String(value))}"`)
    .join("");
  return children.length > 0 ? `<${tag}${attrs}>${children.map(drawNode).join("")}</${tag}>` : `<${tag}${attrs}/>`;
}

/** The sprite: one <symbol> per icon (each once), drawn as lucide draws it (24 × 24, stroke 2, round ends). */
export function buildSprite(icons: readonly LucideIcon[]): string {
  const symbols = new Map<string, string>();
  for (const icon of icons) {
    const id = spriteId(icon);
    if (symbols.has(id)) continue;
    const { node, size = 24 } = iconData(icon) as LucideIconData & { size?: number };
    symbols.set(
      id,
      `<symbol id="${id}" viewBox="0 0 ${size} ${size}"><g fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${(node as Node[]).map(drawNode).join("")}</g></symbol>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg">${[...symbols.values()].join("")}</svg>`;
}
