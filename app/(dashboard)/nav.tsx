import "server-only";
import { LayoutDashboard, Settings, type LucideIcon } from "lucide-react";
import type { NavLink } from "@/components/layout/sidebar";
import { spriteId } from "@/components/ui/sprite";
import { hasRole, type Role } from "@/lib/auth/roles";
import type { Translator } from "@/lib/i18n/server";
import type { Messages } from "@/lib/i18n/messages/es";
import { LISTS, type RegisteredList } from "./lists";

// The sidebar's entries: the pages that are not lists, and every declared list at its place (its nav.order).

/** One entry: its page, its name (nav.<key>), its icon's id in the sprite (components/ui/sprite.tsx), and the least role that sees it. */
export type NavItem = { href: string; key: Exclude<keyof Messages["nav"], "label">; icon: string; role: Role };

type Entry = { href: string; key: NavItem["key"]; icon: LucideIcon; role: Role; order: number };

const PAGES: Entry[] = [
  { href: "/", key: "overview", icon: LayoutDashboard, role: "viewer", order: 0 },
  { href: "/settings", key: "settings", icon: Settings, role: "admin", order: 100 },
];

/** Every icon the sidebar shows: the sprite (app/icons.svg) draws each. */
export const navIcons = (lists: readonly RegisteredList[] = LISTS): LucideIcon[] => [...PAGES.map(({ icon }) => icon), ...lists.map(({ list }) => list.nav.icon)];

/** In order, each icon as its id in the sprite (a component cannot cross to the client sidebar; its name can). */
export function navItems(lists: readonly RegisteredList[] = LISTS): NavItem[] {
  const entries = [...PAGES, ...lists.map(({ list }): Entry => ({ href: list.path, key: list.name, icon: list.nav.icon, role: "viewer", order: list.nav.order }))];
  return entries
    .sort((a, b) => a.order - b.order)
    .map(({ href, key, icon, role }) => ({ href, key, role, icon: spriteId(icon) }));
}

const links = new Map<string, NavLink[]>();

/**
 * The links a role sees, in the operator's language: built once per process for each language and role, and the same
 * array for the sidebar and the mobile menu, so that a page's payload carries it once (the second as a reference).
 */
export function navLinks(role: Role, locale: string, t: Translator): NavLink[] {
  const id = `${locale}:${role}`;
  let built = links.get(id);
  if (!built) {
    built = navItems()
      .filter((item) => hasRole(role, item.role))
      .map(({ href, key, icon }) => ({ href, label: t(`nav.${key}`), icon }));
    links.set(id, built);
  }
  return built;
}
