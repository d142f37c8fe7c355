import "server-only";
import { LayoutDashboard, Settings, type LucideIcon } from "lucide-react";
import type { NavItem } from "@/components/layout/sidebar";
import { spriteId } from "@/components/ui/sprite";
import type { Role } from "@/lib/auth/roles";
import { LISTS, type RegisteredList } from "./lists";

// The sidebar's entries: the pages that are not lists, and every declared list at its place (its nav.order).

type Entry = { href: string; key: NavItem["key"]; icon: LucideIcon; role: Role; order: number };

const PAGES: Entry[] = [
  { href: "/", key: "overview", icon: LayoutDashboard, role: "viewer", order: 0 },
  { href: "/settings", key: "settings", icon: Settings, role: "admin", order: 100 },
];

/** Every icon the sidebar shows: the sprite (app/icons.svg) draws each. */
export const navIcons = (lists: readonly RegisteredList[] = LISTS): LucideIcon[] => [...PAGES.map(({ icon }) => icon), ...lists.map(({ list }) => list.nav.icon)];

let registered: NavItem[] | undefined;

/**
 * In order, each icon as its id in the sprite (a component cannot cross to the client sidebar; its name can). The
 * registered lists' entries are built once per process, and the sidebar and the mobile menu get the same array: a page's
 * payload then carries it once, the second as a reference to the first.
 */
export function navItems(lists?: readonly RegisteredList[]): NavItem[] {
  if (lists) return buildNavItems(lists);
  return (registered ??= buildNavItems(LISTS));
}

function buildNavItems(lists: readonly RegisteredList[]): NavItem[] {
  const entries = [...PAGES, ...lists.map(({ list }): Entry => ({ href: list.path, key: list.name, icon: list.nav.icon, role: "viewer", order: list.nav.order }))];
  return entries
    .sort((a, b) => a.order - b.order)
    .map(({ href, key, icon, role }) => ({ href, key, role, icon: spriteId(icon) }));
}
