import { expect, type Page } from '@playwright/test';

/** A valid body for POST /api/listings, in Ahmedabad, for small and medium pets; `overrides` on top. */
export function apiListing(title: string, overrides: Record<string, unknown> = {}) {
  return {
    title,
    description: 'A bright home with a balcony safety net, water bowls in every room and a quiet lane for walks.',
    address: '4 Shanti Kunj, Paldi, Ahmedabad',
    locality: 'Paldi',
    city: 'Ahmedabad',
    state: 'Gujarat',
    nightly_price_inr: 1500,
    deposit_inr: 0,
    lat: 23.01,
    lng: 72.56,
    size_supported: ['small', 'medium'],
    max_pets: 2,
    amenities: ['WiFi'],
    ...overrides,
  };
}

/** Creates a listing as the user signed in on `host`, through the API (not the subject of a test). */
export async function createListing(host: Page, title: string, overrides: Record<string, unknown> = {}): Promise<{ id: string }> {
  const res = await host.request.post('/api/listings', { data: apiListing(title, overrides) });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}
