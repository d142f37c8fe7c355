// What each route's client components need from the catalog, read from the source: the check behind
// lib/i18n/client-messages.test.ts (a key used on the client but given by no <ClientMessages> above it would show as
// "payments.title" in the page, in production, with only a console error). Node-only; imported by tests, never by the app.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

type Tree = { [key: string]: string | Tree };

/** Every key of the catalog ("search.dialog.title"), and every subtree above a key ("search.dialog", "search"). */
export function catalogPaths(catalog: Tree, prefix = ""): Set<string> {
  const paths = new Set<string>();
  for (const [key, value] of Object.entries(catalog)) {
    const full = prefix ? `${prefix}.${key}` : key;
    paths.add(full);
    if (typeof value === "object") for (const child of catalogPaths(value, full)) paths.add(child);
  }
  return paths;
}

const EXTENSIONS = [".ts", ".tsx", "/index.ts", "/index.tsx"];

/** The project file an import specifier names, or null for a package. */
function resolveImport(root: string, from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("@/")) base = path.join(root, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return null;
  if (/\.(tsx?|mjs)$/.test(base) && existsSync(base)) return base;
  for (const extension of EXTENSIONS) if (existsSync(base + extension)) return base + extension;
  return null;
}

const IMPORT = /(?:^|[\s;])(?:import|export)\s([^'"`;]*?)from\s*["']([^"']+)["']|import\s*\(\s*["']([^"']+)["']\s*\)|^import\s+["']([^"']+)["']/gm;

type Source = { file: string; text: string; client: boolean; imports: string[]; typeImports: string[] };

export class SourceGraph {
  private readonly sources = new Map<string, Source>();
  constructor(private readonly root: string) {}

  source(file: string): Source {
    let source = this.sources.get(file);
    if (!source) {
      const text = readFileSync(file, "utf8");
      const imports: string[] = [];
      const typeImports: string[] = [];
      for (const match of text.matchAll(IMPORT)) {
        const resolved = resolveImport(this.root, file, match[2] ?? match[3] ?? match[4]!);
        // The catalogs themselves are data, not code that uses keys.
        if (!resolved || resolved.includes(`${path.sep}messages${path.sep}`)) continue;
        (/^type\s/.test(match[1] ?? "") ? typeImports : imports).push(resolved);
      }
      const directive = text.match(/^\s*(?:\/\/[^\n]*\n\s*)*["']use (client|server)["']/)?.[1];
      // A "use server" module reaches the browser as references to its actions, not as code.
      source = { file, text, client: directive === "client", imports: directive === "server" ? [] : imports, typeImports };
      this.sources.set(file, source);
    }
    return source;
  }

  /**
   * The modules that run in the browser when this route file renders: every "use client" module reachable through
   * server modules, and everything those import. A lib/ module a client module imports only types from counts too
   * (the keys a server component passes as props are typed there, e.g. PaymentErrorMessageKey for DataTableError's
   * messageKey), but not what it imports; types from app/ are the server's view shapes (already translated text).
   */
  clientModules(entry: string): Set<string> {
    const client = new Set<string>();
    const seenServer = new Set<string>();
    const visitClient = (file: string) => {
      if (client.has(file)) return;
      client.add(file);
      for (const next of this.source(file).imports) visitClient(next);
      for (const next of this.source(file).typeImports) if (next.startsWith(path.join(this.root, "lib") + path.sep)) client.add(next);
    };
    const visitServer = (file: string) => {
      if (seenServer.has(file)) return;
      seenServer.add(file);
      for (const next of this.source(file).imports) (this.source(next).client ? visitClient : visitServer)(next);
    };
    (this.source(entry).client ? visitClient : visitServer)(entry);
    return client;
  }
}

/**
 * The catalog keys (or key prefixes, for `t(\`paymentStatus.${status}\`)`) a module's code can ask for: its string
 * literals that are catalog paths, and the keys of translators bound to a namespace (`useTranslations("search")` then
 * `t("dialog.title")`). Errs towards more: a literal that is also a catalog path counts even if it is not a key there.
 */
export function keysUsed(text: string, paths: Set<string>): { keys: Set<string>; prefixes: Set<string> } {
  const keys = new Set<string>();
  const prefixes = new Set<string>();
  const consider = (value: string, dynamic: boolean) => {
    if (!dynamic) {
      // A dotted path only: a bare word ("payments", "app") is far more often something else than a whole namespace.
      if (value.includes(".") && paths.has(value)) keys.add(value);
    } else if (value.endsWith(".") && paths.has(value.slice(0, -1))) prefixes.add(value);
  };
  for (const match of text.matchAll(/"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'/g)) consider(match[1] ?? match[2]!, false);
  for (const match of text.matchAll(/`([^`$]*)(\$\{)?/g)) consider(match[1]!, match[2] !== undefined);
  // const t = useTranslations("search"); … t("dialog.title"), t.rich(…), t(`kind.${kind}`)
  for (const binding of text.matchAll(/(?:const|let)\s+(\w+)\s*=\s*useTranslations\(\s*["']([\w.]+)["']\s*\)/g)) {
    const [, name, namespace] = binding;
    const call = new RegExp(`\\b${name}(?:\\.(?:rich|markup|raw|has))?\\(\\s*(?:"([^"]*)"|'([^']*)'|\`([^\`$]*)(\\$\\{)?)`, "g");
    for (const use of text.matchAll(call)) {
      const key = use[1] ?? use[2] ?? use[3]!;
      consider(`${namespace}.${key}`, use[4] !== undefined);
    }
    // Called with a key computed at run time (t(item.key)), or handed to another function, it can reach any key under it.
    if (new RegExp(`\\b${name}(?:\\.(?:rich|markup|raw|has))?\\(\\s*[^"'\`\\s)]|[(,]\\s*${name}\\s*[,)]`).test(text)) prefixes.add(`${namespace}.`);
  }
  return { keys, prefixes };
}

/** The paths the <ClientMessages namespaces={[…]}> elements of a file give, with spread groups (...LIST_MESSAGES) expanded. */
export function providedIn(text: string, groups: Record<string, readonly string[]>): string[] {
  return [...text.matchAll(/<ClientMessages\s+namespaces=\{\[([^\]]*)\]\}/g)].flatMap((match) =>
    [...match[1]!.matchAll(/["']([\w.]+)["']|\.\.\.(\w+)/g)].flatMap((m) => {
      if (m[1]) return [m[1]];
      const group = groups[m[2]!];
      if (!group) throw new Error(`<ClientMessages> spreads ${m[2]}, which is not in MESSAGE_GROUPS`);
      return [...group];
    }),
  );
}

/** Whether a key (or, for a prefix like "paymentStatus.", every key under it) is within one of the given paths. */
export function covered(need: string, given: readonly string[]): boolean {
  const key = need.endsWith(".") ? need.slice(0, -1) : need;
  return given.some((path) => key === path || key.startsWith(`${path}.`));
}

/** The route files of app/ that render (pages, layouts and boundaries): not API routes, nor private folders (_name). */
export function routeFiles(appDir: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) {
        if (!(dir === appDir && name === "api") && !name.startsWith("_")) walk(full);
      } else if (/^(page|layout|error|loading|not-found|forbidden|unauthorized|template|default)\.tsx$/.test(name)) files.push(full);
    }
  };
  walk(appDir);
  return files.sort();
}

/**
 * What the providers above a route file give its client components: the <ClientMessages> of every layout from app/
 * down to the file's folder, and of the file itself (a page may wrap its own client components).
 */
export function providedFor(appDir: string, file: string, groups: Record<string, readonly string[]>): string[] {
  const given: string[] = [];
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    const layout = path.join(dir, "layout.tsx");
    if (existsSync(layout)) given.push(...providedIn(readFileSync(layout, "utf8"), groups));
    if (dir === appDir || dir === path.dirname(dir)) break;
  }
  if (!file.endsWith(`${path.sep}layout.tsx`)) given.push(...providedIn(readFileSync(file, "utf8"), groups));
  return given;
}
