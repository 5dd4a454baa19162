import sharp from 'sharp';
import type { ListingCreateInput, ListingDetail } from '../../domain/contracts/listing';
import type { TestContext } from './app';

/** A listing that passes every rule of SPEC.md section 5. */
export const validListing = {
  title: 'Sunny flat with a garden in Bodakdev',
  description: 'A calm ground-floor flat with a fenced garden, two walks a day and a vet five minutes away.',
  address: '12 Judges Bungalow Road, Bodakdev',
  locality: 'Bodakdev',
  city: 'Ahmedabad',
  state: 'Gujarat',
  nightly_price_inr: 1500,
  deposit_inr: 2000,
  lat: 23.0395,
  lng: 72.5124,
  size_supported: ['small', 'medium'],
  max_pets: 2,
  amenities: ['Fenced garden', 'WiFi'],
} satisfies ListingCreateInput;

/** Creates a listing for the user of `cookie` through the API; throws unless it was created. */
export async function createListing(
  t: TestContext,
  cookie: string,
  overrides: Partial<Record<keyof typeof validListing, unknown>> & Record<string, unknown> = {},
): Promise<ListingDetail> {
  const res = await t.app.inject({ method: 'POST', url: '/api/listings', headers: { cookie }, payload: { ...validListing, ...overrides } });
  if (res.statusCode !== 201) throw new Error(`createListing: ${res.statusCode} ${res.body}`);
  return res.json();
}

export type UploadFile = { filename: string; content: Buffer | Uint8Array; type?: string; field?: string };

/** A multipart/form-data body as a browser's FormData would send it. */
export async function multipartBody(
  files: UploadFile[],
  fields: Record<string, string> = {},
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const f of files) {
    form.append(f.field ?? 'photos', new Blob([new Uint8Array(f.content)], { type: f.type ?? 'image/jpeg' }), f.filename);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

/** POSTs `files` to the listing's photo upload as the user of `cookie`. */
export async function uploadPhotos(
  t: TestContext,
  cookie: string,
  listingId: string,
  files: UploadFile[],
  fields: Record<string, string> = {},
) {
  const { payload, headers } = await multipartBody(files, fields);
  return t.app.inject({ method: 'POST', url: `/api/listings/${listingId}/photos`, headers: { ...headers, cookie }, payload });
}

/** A small real JPEG. */
export async function testJpeg(width = 320, height = 240, colour = '#e07a3f'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } }).jpeg().toBuffer();
}
