// The Gujarati catalogue and the font its pages are drawn in: one chunk, fetched only for a page
// in Gujarati (decision 059).
import './fonts-gu.css';

export { messages } from '@/locales/gu/messages.po';
