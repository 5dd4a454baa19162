import { listWords } from '../words';

// Times of day on a care sheet ("08:00", as <input type="time"> gives them) and its phone numbers,
// as people in India read them. Apart from care-sheet.ts so that a page showing a sheet need not load its schema.

/** "8:00 pm". */
export function formatCareTime(time: string): string {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  return `${hour12}:${String(m).padStart(2, '0')} ${h < 12 ? 'am' : 'pm'}`;
}

/** "8:00 am and 7:00 pm", "8:00 am, 1:00 pm and 7:00 pm". */
export const formatCareTimes = (times: readonly string[]): string => listWords(times.map(formatCareTime));

/** "+917926401234" (a number as a care sheet stores it) as people dial it: "+91 79264 01234"; any other as it is. */
export const phoneText = (e164: string): string => (e164.startsWith('+91') && e164.length === 13 ? `+91 ${e164.slice(3, 8)} ${e164.slice(8)}` : e164);
