// The Hindi catalogue's first chunk and the font its pages are drawn in, fetched only for a page
// in Hindi (decisions 059 and 064).
import './fonts-hi.css';
import { messages, parts } from 'virtual:pawstay-catalogue/hi';
import { partLoader } from './parts';

export { messages };
export const addPart = partLoader('hi', messages, parts);
