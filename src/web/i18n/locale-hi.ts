// The Hindi catalogue and the font its pages are drawn in: one chunk, fetched only for a page in
// Hindi (decision 059).
import './fonts-hi.css';

export { messages } from '@/locales/hi/messages.po';
