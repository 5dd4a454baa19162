import sharp from 'sharp';

/** A plain JPEG of one colour, as a phone's camera would hand the page one (800 x 600 unless told). */
export function jpeg(r: number, g: number, b: number, width = 800, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r, g, b } } }).jpeg({ quality: 80 }).toBuffer();
}
