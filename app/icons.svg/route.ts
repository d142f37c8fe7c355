// GET /icons.svg — the icon sprite (components/ui/sprite.tsx), built once with the app: the shared icons and the sidebar's.
import { buildSprite } from "@/components/ui/sprite";
import * as sharedIcons from "@/components/ui/sprite-icons";
import { navIcons } from "../(dashboard)/nav";

export const dynamic = "force-static";

export function GET() {
  return new Response(buildSprite([...Object.values(sharedIcons), ...navIcons()]), {
    headers: { "content-type": "image/svg+xml; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}
