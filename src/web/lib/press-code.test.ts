import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRESS_MODULES, pressCode } from './press-code';

describe('the code a press needs', () => {
  it("names each module by its key in the build's manifest: a path from src/web to a file", () => {
    for (const [name, module] of Object.entries(PRESS_MODULES)) expect(existsSync(path.resolve('src/web', module)), `${name}: ${module}`).toBe(true);
  });

  it('writes the modules named, and no attribute when none is', () => {
    expect(pressCode('listingSheet')).toEqual({ 'data-code': 'features/search/components/listing-sheet.tsx' });
    expect(pressCode('toasts', false, 'signInDialog')).toEqual({ 'data-code': '../../node_modules/sonner/dist/index.mjs features/auth/sign-in-dialog.tsx' });
    expect(pressCode(undefined)).toEqual({});
    expect(pressCode()).toEqual({});
  });
});
