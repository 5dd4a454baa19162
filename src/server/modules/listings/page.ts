import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { LISTING_COVER_SIZES, photoSrcSet, photoVariant } from '../../../domain/photos';
import type { PageMeta } from '../../http/page-meta';
import { publicPhotoUrl } from '../../storage';
import { selectActiveListingHead } from './queries/listings';

const LISTING_PAGE = /^\/listing\/([^/]*)\/?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The <head> of a `/listing/<id>` page: its title, description and cover photo when the listing
 * is active (what anyone may see), a 404 status otherwise; undefined for every other path. The
 * host's own view of a paused listing is the app's to render: crawlers never see it.
 */
export async function listingPageMeta(
  db: Db,
  urls: { publicUrl: string; publicAssetUrl: string | null },
  pathname: string,
  log: FastifyBaseLogger,
): Promise<{ status: number; meta?: PageMeta } | undefined> {
  const id = LISTING_PAGE.exec(pathname)?.[1];
  if (id === undefined) return undefined;
  if (!UUID.test(id)) return { status: 404 };
  try {
    const row = await selectActiveListingHead(db, id);
    if (!row) return { status: 404 };
    const { publicUrl } = urls;
    const absolute = (url: string) => (/^https?:\/\//.test(url) ? url : `${publicUrl}${url}`);
    // Where the page's own <img> fetches it from, or the preload is a second download.
    const cover = row.cover && publicPhotoUrl(row.cover, urls.publicAssetUrl);
    return {
      status: 200,
      meta: {
        title: row.title,
        description: row.description,
        url: `${publicUrl}/listing/${id.toLowerCase()}`,
        ...(cover
          ? {
              image: absolute(cover),
              imageAlt: row.cover_alt || row.title,
              preloadImage: { href: photoVariant(cover, 'large'), srcset: photoSrcSet(cover), sizes: LISTING_COVER_SIZES },
            }
          : {}),
        type: 'website',
      },
    };
  } catch (err) {
    // The page still works without its preview tags; the app reports the real problem itself.
    log.error({ err }, 'listing page meta unavailable');
    return undefined;
  }
}
