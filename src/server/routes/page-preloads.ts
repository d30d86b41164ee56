import fs from 'node:fs';
import path from 'node:path';

/** Vite's build manifest (`build.manifest`): each source module's chunk and the chunks it imports. */
export type ViteManifest = Record<string, { file?: string; imports?: string[] }>;

/** The manifest of the build in `webRoot`, or undefined when the build wrote none. */
export function readViteManifest(webRoot: string): ViteManifest | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(webRoot, '.vite', 'manifest.json'), 'utf8')) as ViteManifest;
  } catch {
    return undefined;
  }
}

/**
 * The chunks of `modules` (manifest keys) and every chunk they import, as the root-relative URLs of
 * their files, leaving out those `loaded` already holds (with what they import: the template
 * preloads the app entry's whole import tree).
 */
function chunksOf(manifest: ViteManifest, modules: readonly string[], loaded: ReadonlySet<string>) {
  const urls: string[] = [];
  const seen = new Set<string>();
  const queue = [...modules];
  for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
    if (seen.has(key)) continue;
    seen.add(key);
    const file = manifest[key]?.file;
    if (!file || loaded.has(`/${file}`)) continue;
    urls.push(`/${file}`);
    queue.push(...(manifest[key]?.imports ?? []));
  }
  return urls;
}

/**
 * index.html for a page the browser renders itself (a signed-in page the server does not render,
 * any page after a sign-in), with `<link rel="modulepreload">` for the page's code. Vite's build
 * leaves a page's chunks to be found as the page's module loads (vite.config.ts, `modulePreload`),
 * one import at a time: a chain of round trips on a phone's network before the page can ask for
 * its data. Listed in the HTML, they load with the app's own code, in parallel, and nothing runs
 * on the main thread to add them (docs/decisions/0013-chunks-and-page-preloads.md).
 */
export class PagePreloads {
  private readonly templates = new Map<string, string>();
  private readonly loaded: ReadonlySet<string>;

  constructor(
    private readonly template: string,
    private readonly manifest: ViteManifest,
    /** The modules (manifest keys) of the pages the app opens at a path: routes.tsx, `pageModulesAt`. */
    private readonly modulesAt: (pathname: string) => string[],
  ) {
    this.loaded = new Set(
      [...template.matchAll(/<(?:script|link)\b[^>]*?\s(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map(
        (match) => match[1] ?? '',
      ),
    );
  }

  /** index.html for `pathname`, with its page's chunks preloaded; kept per page, a few dozen at most. */
  templateFor(pathname: string): string {
    const modules = this.modulesAt(pathname);
    const key = modules.join(' ');
    const kept = this.templates.get(key);
    if (kept !== undefined) return kept;
    const links = chunksOf(this.manifest, modules, this.loaded).map(
      (url) => `<link rel="modulepreload" crossorigin href="${url}">`,
    );
    const html = links.length
      ? this.template.replace('</head>', () => `  ${links.join('\n    ')}\n  </head>`)
      : this.template;
    this.templates.set(key, html);
    return html;
  }
}
