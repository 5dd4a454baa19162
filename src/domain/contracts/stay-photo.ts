import { z } from 'zod';

/** A private photo of a stay (an update's or a reported problem's): two WebP sizes, each at a URL only the stay's two sides may read. */
export const stayPhotoSchema = z.object({
  id: z.uuid(),
  width: z.number().int(),
  height: z.number().int(),
  card_url: z.string().describe("640 px wide; private: answers only the stay's guest and host"),
  large_url: z.string().describe('Up to 1600 px wide'),
});
export type StayPhoto = z.infer<typeof stayPhotoSchema>;

/** Which size of a private photo: the card (default) or the large one. */
export const photoSizeQuery = z.object({ size: z.enum(['card', 'large'], { error: 'Size must be card or large' }).default('card') });
