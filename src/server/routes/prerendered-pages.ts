import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { SiteConfigResponse } from '../../domain/api/system';
import type { PublicConfig } from '../../domain/public-config';
import type * as ServerEntry from '../../web/entry-server';
import type { PageData } from '../../web/page-data';
import type { PrerenderedMarkup } from '../public-config';
import { readViteManifest } from './page-preloads';

/** A prerendered page, ready to go into index.html. */
export interface PrerenderedPage extends PrerenderedMarkup {
  /**
   * CSP sources admitting the style attributes in the markup ('unsafe-hashes' and one hash each),
   * for `style-src-attr`; none when it has none. MUI writes a few (a Paper's shadow variable, a
   * collapsed panel's height): React sets them through the CSSOM in the browser, which the CSP
   * does not govern, but in HTML they are attributes, which it does.
   */
  styleAttributeSources: string[];
  /** A page a visitor only reads, sent with the static page's script instead of the app's. */
  static: boolean;
}

const htmlEntities: Record<string, string> = {
  '&amp;': '&',
  '&quot;': '"',
  '&#x27;': "'",
  '&lt;': '<',
  '&gt;': '>',
};

/**
 * The style attributes of React's markup, hashed as the browser hashes them (their value, with
 * React's escapes undone). React escapes quotes in text and attributes alike, so ` style="` is
 * always an attribute.
 */
function styleAttributeSources(markup: string): string[] {
  const values = new Set(
    [...markup.matchAll(/\sstyle="([^"]*)"/g)].map((match) =>
      (match[1] ?? '').replace(/&(?:amp|quot|#x27|lt|gt);/g, (entity) => htmlEntities[entity] ?? entity),
    ),
  );
  if (values.size === 0) return [];
  const hashes = [...values].map(
    (value) => `'sha256-${createHash('sha256').update(value, 'utf8').digest('base64')}'`,
  );
  return ["'unsafe-hashes'", ...hashes];
}

/**
 * index.html as a prerendered page uses it: nothing competes with its first paint.
 * - The app's stylesheets (the font faces) are inlined, as `<style>` tags with the nonce slot,
 *   where they would be the one render-blocking request.
 * - The app's script is fetched at low priority and its modules are not preloaded: the page
 *   paints and reads without them, so they must not hold up what it paints with (the HTML, its
 *   fonts). The entry's imports are found when the entry arrives, one round trip later; the
 *   script still runs before the document's `load`, as it does on every other page.
 */
function prerenderTemplate(template: string, webRoot: string, nonceSlot: string) {
  const html = prerenderAppTemplate(template, webRoot, nonceSlot);
  return { ...html, staticHtml: staticPageTemplate(html.html, webRoot) };
}

/**
 * The prerendered template with the static page's script (static-page.ts, found in Vite's manifest)
 * in place of the app's, or undefined when the build has none: those pages then get the app.
 */
function staticPageTemplate(html: string, webRoot: string): string | undefined {
  const file = readViteManifest(webRoot)?.['static-page.ts']?.file;
  const appScript =
    /<script type="module" fetchpriority="low" crossorigin src="\/assets\/[^"]+\.js"><\/script>/;
  if (!file || !appScript.test(html)) return undefined;
  return html.replace(
    appScript,
    () => `<script type="module" fetchpriority="low" crossorigin src="/${file}"></script>`,
  );
}

function prerenderAppTemplate(template: string, webRoot: string, nonceSlot: string) {
  let styles = '';
  const html = template
    .replace(/<link rel="stylesheet"[^>]*? href="(\/assets\/[^"]+\.css)"[^>]*>/g, (link, href: string) => {
      const css = fs.readFileSync(path.join(webRoot, href), 'utf8');
      if (/<\/style/i.test(css)) return link;
      styles += `<style nonce="${nonceSlot}">${css}</style>`;
      return '';
    })
    .replace(/<link rel="modulepreload"[^>]*>\s*/g, '')
    .replace(/<script type="module" /g, '<script type="module" fetchpriority="low" ');
  return { html, styles };
}

/**
 * The public pages rendered on the server, by the web app's own server entry
 * (src/web/entry-server.tsx, built by `vite build` into dist/web-server beside dist/web). Each
 * page is rendered once per submission mode, on first use, and kept while the site config it was
 * rendered with holds: what it shows depends on the installation's config and the site config
 * (mode, reopening day, response promise), never on who asks. Kept per year too, for the footer's ©.
 */
export class PrerenderedPages {
  private readonly paths: ReadonlySet<string>;
  private readonly staticPaths: ReadonlySet<string>;
  private readonly pages = new Map<
    string,
    { rendersWith: string; page: Promise<PrerenderedPage | undefined> }
  >();
  private year = new Date().getFullYear();

  private constructor(
    private readonly entry: typeof ServerEntry,
    /**
     * index.html for prerendered pages (`prerenderTemplate`), and its inlined stylesheets; the same
     * with the static page's script, when built.
     */
    readonly template: { html: string; styles: string; staticHtml: string | undefined },
    private readonly config: PublicConfig,
    private readonly log: FastifyBaseLogger,
  ) {
    this.paths = new Set(entry.prerenderedPaths(config));
    this.staticPaths = new Set(template.staticHtml ? entry.staticPagePaths(config) : []);
  }

  /**
   * The server entry built beside `webRoot` (whose index.html is `template`), or undefined (with
   * a warning) when it is not built.
   */
  static async load(
    webRoot: string,
    template: string,
    config: PublicConfig,
    log: FastifyBaseLogger,
  ): Promise<PrerenderedPages | undefined> {
    const file = path.join(path.dirname(webRoot), 'web-server', 'entry-server.js');
    if (!fs.existsSync(file)) {
      log.warn(`The prerender is not built (${file} is missing): pages are rendered in the browser only.`);
      return undefined;
    }
    const entry = (await import(pathToFileURL(file).href)) as typeof ServerEntry;
    return new PrerenderedPages(
      entry,
      prerenderTemplate(template, webRoot, entry.NONCE_PLACEHOLDER),
      config,
      log,
    );
  }

  /** The index.html `page` goes into: with the static page's script, or the app's. */
  templateFor(page: PrerenderedPage): string {
    return page.static && this.template.staticHtml ? this.template.staticHtml : this.template.html;
  }

  /** The modules of the pages the app opens at `pathname` (routes.tsx, `pageModulesAt`). */
  pageModulesAt(pathname: string): string[] {
    return this.entry.pageModulesAt(this.config, pathname);
  }

  has(pathname: string): boolean {
    return this.paths.has(pathname);
  }

  /**
   * The page at `pathname` as `siteConfig` (the mode, the reopening day, the response promise and
   * its record: `readSiteConfig`) has it, rendered on first use and kept until that config changes;
   * undefined when rendering failed (logged once), and the browser renders the page as it would
   * without a prerender. One page is kept per path and mode, so a changed record replaces its page.
   */
  get(pathname: string, siteConfig: SiteConfigResponse): Promise<PrerenderedPage | undefined> {
    const year = new Date().getFullYear();
    if (year !== this.year) {
      this.pages.clear();
      this.year = year;
    }
    const key = `${siteConfig.submissionsEnabled ? 'submissions' : 'waiting-list'} ${pathname}`;
    const rendersWith = JSON.stringify(siteConfig);
    const kept = this.pages.get(key);
    if (kept?.rendersWith === rendersWith) return kept.page;
    const page = this.render(pathname, siteConfig);
    this.pages.set(key, { rendersWith, page });
    return page;
  }

  /**
   * Renders every page in both modes, one after another, so that no visitor waits for a first
   * render: in `siteConfig`'s mode as it is, in the other with no reopening day.
   */
  async renderAll(siteConfig: SiteConfigResponse): Promise<void> {
    const other = { ...siteConfig, submissionsEnabled: !siteConfig.submissionsEnabled, reopensOn: null };
    for (const pathname of this.paths) {
      for (const config of [siteConfig, other]) await this.get(pathname, config);
    }
  }

  /**
   * Renders `url` (path and query) with `pageData` now, for one response only: a signed-in page
   * with its reader's data (signed-in-pages.ts). Nothing of it is kept. Throws when rendering fails.
   */
  async renderNow(url: string, pageData: PageData): Promise<PrerenderedPage> {
    const page = await this.entry.renderPage(url, this.config, pageData);
    return {
      markup: page.html,
      styles: this.template.styles + page.styles,
      nonceSlot: this.entry.NONCE_PLACEHOLDER,
      pageData: page.pageData,
      title: page.title,
      styleAttributeSources: styleAttributeSources(page.html),
      static: false,
    };
  }

  private async render(
    pathname: string,
    siteConfig: SiteConfigResponse,
  ): Promise<PrerenderedPage | undefined> {
    try {
      const page = await this.renderNow(pathname, { siteConfig });
      return { ...page, static: this.staticPaths.has(pathname) };
    } catch (error) {
      this.log.error(
        { err: error, path: pathname },
        'Prerendering failed: the page is rendered in the browser',
      );
      return undefined;
    }
  }
}
