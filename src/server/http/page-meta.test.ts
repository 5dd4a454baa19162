import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escape-html';
import { injectPageMeta, summarise } from './page-meta';

const INDEX = `<!doctype html>
<html lang="en-IN">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="PawStay: pet-friendly stays." />
    <meta property="og:title" content="PawStay" />
    <title>PawStay</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

/** The content of every meta tag, unescaped as a browser or a link previewer reads it. */
function metaOf(html: string): Record<string, string[]> {
  const doc: Record<string, string[]> = {};
  for (const m of html.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)" \/>/g)) {
    const value = m[2]!.replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
    (doc[m[1]!] ??= []).push(value);
  }
  return doc;
}

describe('injectPageMeta', () => {
  const meta = {
    title: 'Sunny flat with a garden',
    description: 'A calm flat with a fenced garden.',
    url: 'https://pawstay.in/listing/abc',
    image: 'https://pawstay.in/uploads/photos/x-1600.webp',
  };

  it('replaces the title and sets the description and Open Graph tags once each', () => {
    const html = injectPageMeta(INDEX, meta);
    expect(html).toContain('<title>Sunny flat with a garden · PawStay</title>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(metaOf(html)).toEqual({
      description: ['A calm flat with a fenced garden.'],
      'og:site_name': ['PawStay'],
      'og:type': ['website'],
      'og:title': ['Sunny flat with a garden'],
      'og:description': ['A calm flat with a fenced garden.'],
      'og:url': ['https://pawstay.in/listing/abc'],
      'og:image': ['https://pawstay.in/uploads/photos/x-1600.webp'],
      'og:image:alt': ['Sunny flat with a garden'],
      'twitter:card': ['summary_large_image'],
    });
    expect(html).toContain('<meta charset="UTF-8" />');
    expect(html.indexOf('og:title')).toBeLessThan(html.indexOf('</head>'));
  });

  it('escapes what users wrote, so it cannot break out of the tag', () => {
    const evil = '"><script>alert(1)</script><meta x=\'';
    const html = injectPageMeta(INDEX, { ...meta, title: `Home ${evil} $& $1`, description: `Nice & calm ${evil}` });
    expect(html).not.toContain('<script>');
    expect(html).not.toMatch(/content="[^"]*"><script/);
    expect(html).toContain('<title>Home &quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;meta x=&#39; $&amp; $1 · PawStay</title>');
    const tags = metaOf(html);
    expect(tags['og:title']).toEqual([`Home ${evil} $& $1`]);
    expect(tags['og:description']).toEqual([`Nice & calm ${evil}`]);
    // Exactly the tags we wrote: nothing the title injected became a tag of its own.
    expect(html.match(/<meta /g)).toHaveLength(1 + 9);
  });

  it('leaves out the image tags without a photo', () => {
    const tags = metaOf(injectPageMeta(INDEX, { ...meta, image: undefined }));
    expect(tags['og:image']).toBeUndefined();
    expect(tags['twitter:card']).toBeUndefined();
  });
});

describe('summarise', () => {
  it('keeps short text and cuts long text at a word to about 160 characters', () => {
    expect(summarise('  A calm\n flat.  ')).toBe('A calm flat.');
    const long = summarise('word '.repeat(100));
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long).toMatch(/word…$/);
  });

  it('escapes the five HTML characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });
});
