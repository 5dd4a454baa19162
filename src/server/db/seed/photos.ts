import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ObjectStore } from '../../storage';
import { type StoredPhoto, storePhoto } from '../../uploads/photo-store';
import { DEMO_LISTINGS, DEMO_PHOTOS, type DemoPhoto, PLACEHOLDER_COUNT, type PhotoKind } from './data';
import { int, pick, prng, shuffled } from './deterministic';
import { placeholderPhoto, placeholderSpec } from './placeholder';

// The demo's photos: from the shared photo folder when it holds enough of the set, else drawn
// placeholders; each distinct source stored once.

/** Fewer encoder passes than a host upload: the seed runs at every first start. */
const SEED_WEBP_EFFORT = 2;
const PHOTO_CONCURRENCY = 3;

export type PhotoSource = { key: string; alt: string; load: () => Promise<Buffer> };

/** Chooses the photo sequence of every listing: a distinct combination each. */
export function planPhotos(photosDir: string, useFolder: boolean): { perListing: PhotoSource[][]; sources: PhotoSource[] } {
  const rng = prng('photos');
  const used = new Map<string, PhotoSource>();
  const seen = new Set<string>();
  const perListing: PhotoSource[][] = [];

  if (useFolder) {
    const available = DEMO_PHOTOS.filter((p) => existsSync(path.join(photosDir, p.file)));
    const of = (...kinds: PhotoKind[]) => available.filter((p) => kinds.includes(p.kind));
    const source = (p: DemoPhoto): PhotoSource => {
      const existing = used.get(p.file);
      if (existing) return existing;
      const created = { key: p.file, alt: p.alt, load: () => readFile(path.join(photosDir, p.file)) };
      used.set(p.file, created);
      return created;
    };
    for (const listing of DEMO_LISTINGS) {
      const exteriors = of(listing.home);
      const living = of('living');
      const inside = of('living', 'room');
      const petKinds: PhotoKind[] = listing.pets === 'dogs' ? ['dog'] : listing.pets === 'cats' ? ['cat'] : ['dog', 'cat'];
      const petPhotos = of(...petKinds);
      let chosen: DemoPhoto[] = [];
      for (let attempt = 0; attempt < 30; attempt++) {
        const count = int(rng, 3, 6);
        // Lead with the outside of the home or its living room; cat flats mostly lead indoors.
        const outsideOdds = listing.pets === 'cats' ? 0.35 : 0.65;
        const leadOutside = exteriors.length > 0 && (living.length === 0 || rng() < outsideOdds);
        const lead = pick(rng, leadOutside ? exteriors : living.length ? living : available);
        const seq: DemoPhoto[] = [lead];
        // Pets lead the photography: most homes show a guest pet second.
        const withPet = petPhotos.length > 0 && (listing.pets === 'cats' || rng() < 0.75);
        if (withPet) seq.push(pick(rng, petPhotos));
        const rest = shuffled(rng, [...inside, ...(leadOutside ? [] : exteriors)]);
        for (const p of rest) {
          if (seq.length >= count) break;
          if (!seq.includes(p)) seq.push(p);
        }
        if (seq.length < count && petPhotos.length > 1) {
          const second = pick(rng, petPhotos.filter((p) => !seq.includes(p)));
          seq.push(second);
        }
        const key = seq.map((p) => p.file).join('|');
        chosen = seq;
        if (!seen.has(key)) {
          seen.add(key);
          break;
        }
      }
      perListing.push(chosen.map(source));
    }
  } else {
    const all: PhotoSource[] = Array.from({ length: PLACEHOLDER_COUNT }, (_, i) => ({
      key: `placeholder:${i}`,
      alt: placeholderSpec(i).alt,
      load: async () => (await placeholderPhoto(i)).data,
    }));
    const leads = all.filter((_, i) => placeholderSpec(i).motif === 'house');
    for (let n = 0; n < DEMO_LISTINGS.length; n++) {
      let seq: PhotoSource[] = [];
      for (let attempt = 0; attempt < 30; attempt++) {
        const count = int(rng, 3, 6);
        seq = [pick(rng, leads)];
        for (const p of shuffled(rng, all)) {
          if (seq.length >= count) break;
          if (!seq.includes(p)) seq.push(p);
        }
        const key = seq.map((p) => p.key).join('|');
        if (!seen.has(key)) {
          seen.add(key);
          break;
        }
      }
      for (const p of seq) used.set(p.key, p);
      perListing.push(seq);
    }
  }
  return { perListing, sources: [...used.values()] };
}

// Photos: every distinct source processed once, a few at a time; on failure nothing is left.

export async function processPhotos(
  sources: PhotoSource[],
  photos: ObjectStore,
  stored: StoredPhoto[],
): Promise<Map<string, StoredPhoto>> {
  const result = new Map<string, StoredPhoto>();
  let next = 0;
  let failure: unknown;
  const worker = async () => {
    while (failure === undefined && next < sources.length) {
      const source = sources[next++]!;
      try {
        const photo = await storePhoto(await source.load(), photos, { effort: SEED_WEBP_EFFORT });
        stored.push(photo);
        result.set(source.key, photo);
      } catch (err) {
        failure ??= new Error(`demo photo ${source.key} could not be stored`, { cause: err });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PHOTO_CONCURRENCY, sources.length) }, worker));
  if (failure !== undefined) throw failure;
  return result;
}

/** True when the shared photo folder holds enough of the demo set to use it. */
export function photoFolderUsable(photosDir: string): boolean {
  if (!existsSync(photosDir)) return false;
  const present = DEMO_PHOTOS.filter((p) => existsSync(path.join(photosDir, p.file)));
  const leads = present.filter((p) => p.kind !== 'dog' && p.kind !== 'cat' && p.kind !== 'room');
  return leads.length >= 6 && present.length >= 12;
}
