import { escapeHtml } from './escape-html';

// Per-page <head> tags for the single-page app's HTML, so that a shared link (WhatsApp, Slack,
// search engines) previews the page without running its JavaScript. Every value is escaped:
// titles and descriptions are written by users.

export type PageMeta = {
  /** The page's own title; " · PawStay" is appended. */
  title: string;
  description: string;
  /** The page's absolute URL. */
  url: string;
  /** An absolute image URL for the preview. */
  image?: string;
  imageAlt?: string;
  type?: 'website' | 'article';
  /**
   * The page's largest image, to fetch with the HTML instead of after the app's code and data:
   * the same URL, srcset and sizes as the page's <img>, so that it is fetched once.
   */
  preloadImage?: { href: string; srcset?: string; sizes: string };
};

const SITE_NAME = 'PawStay';
export const DESCRIPTION_LENGTH = 160;


/** Whitespace collapsed and cut at a word boundary to about `max` characters, with an ellipsis. */
export function summarise(text: string, max = DESCRIPTION_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > max * 0.6 ? cut.slice(0, atWord) : cut).replace(/[\s.,;:!?-]+$/, '')}…`;
}

/**
 * `html` with its <title> replaced and the description and Open Graph tags set from `meta`.
 * Tags of the same names already in the page are removed first, so none is ever doubled.
 */
export function injectPageMeta(html: string, meta: PageMeta): string {
  const title = `${meta.title} · ${SITE_NAME}`;
  const description = summarise(meta.description);
  const tags: [string, string, string][] = [
    ['name', 'description', description],
    ['property', 'og:site_name', SITE_NAME],
    ['property', 'og:type', meta.type ?? 'website'],
    ['property', 'og:title', meta.title],
    ['property', 'og:description', description],
    ['property', 'og:url', meta.url],
    ...(meta.image
      ? ([
          ['property', 'og:image', meta.image],
          ['property', 'og:image:alt', meta.imageAlt || meta.title],
          ['name', 'twitter:card', 'summary_large_image'],
        ] as [string, string, string][])
      : []),
  ];
  const preload = meta.preloadImage
    ? [
        `<link rel="preload" as="image" href="${escapeHtml(meta.preloadImage.href)}"` +
          (meta.preloadImage.srcset ? ` imagesrcset="${escapeHtml(meta.preloadImage.srcset)}"` : '') +
          ` imagesizes="${escapeHtml(meta.preloadImage.sizes)}" fetchpriority="high" />`,
      ]
    : [];
  const head = [...tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`), ...preload].join('\n    ');
  // Replacements are functions: a "$&" in a user's title must stay text, not a regex back-reference.
  return html
    .replace(/<meta\s+(?:name="(?:description|twitter:[^"]*)"|property="og:[^"]*")[^>]*>\s*/gi, () => '')
    .replace(/<title>[\s\S]*?<\/title>/i, () => `<title>${escapeHtml(title)}</title>`)
    .replace(/<\/head>/i, () => `  ${head}\n  </head>`);
}
