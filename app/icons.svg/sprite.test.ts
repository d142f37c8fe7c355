import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import * as lucide from "lucide-react";
import { describe, expect, it } from "vitest";
import { buildSprite, spriteId } from "@/components/ui/sprite";
import * as sharedIcons from "@/components/ui/sprite-icons";
import { navIcons } from "../(dashboard)/nav";
import { GET } from "./route";

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(path.join(dir, entry.name)) : entry.name.endsWith(".tsx") ? [path.join(dir, entry.name)] : [],
  );

describe("the icon sprite", () => {
  it("draws each icon as lucide does, once, under lucide's name", () => {
    const sprite = buildSprite([lucide.CreditCard, lucide.CreditCard, lucide.Loader2, lucide.LoaderCircle]);
    expect(sprite.match(/<symbol /g)).toHaveLength(2);
    // CreditCard's three shapes, with lucide's stroke: the drawing, not an empty symbol (lucide-react's internals moved).
    expect(sprite).toContain('<symbol id="credit-card" viewBox="0 0 24 24"><g fill="none" stroke="currentColor" stroke-width="2"');
    expect(sprite).toMatch(/id="credit-card"[^]*<rect width="20" height="14" x="2" y="5" rx="2"\/><line [^>]+\/><path d="M6 14h2"\/><\/g><\/symbol>/);
    expect(sprite).toContain('<symbol id="loader-circle"');
  });

  it("holds every icon a <SpriteIcon> points at, the sidebar's included", async () => {
    const served = await GET().text();
    const missing = ["components", "app"].flatMap(sourceFiles).flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/<SpriteIcon(?: key="[^"]*")? icon=\{(\w+)\}/g)]
        .map(([, name]) => name!)
        // Variables (`Icon`, `icon`: an empty state's, the sidebar's) are not icons by name; the sidebar's are checked below.
        .filter((name) => /^[A-Z]/.test(name) && name !== "Icon")
        .filter((name) => {
          const icon = (lucide as unknown as Record<string, lucide.LucideIcon | undefined>)[name];
          return !icon || !served.includes(`<symbol id="${spriteId(icon)}"`);
        })
        .map((name) => `${file}: ${name}`),
    );
    expect(missing, "add them to components/ui/sprite-icons.ts").toEqual([]);
    for (const icon of [...navIcons(), ...Object.values(sharedIcons)]) expect(served).toContain(`<symbol id="${spriteId(icon)}"`);
  });
});
