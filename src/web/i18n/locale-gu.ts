// The Gujarati catalogue's first chunk and the font its pages are drawn in, fetched only for a page
// in Gujarati (decisions 059 and 064).
import './fonts-gu.css';
import { messages, parts } from 'virtual:pawstay-catalogue/gu';
import { partLoader } from './parts';

export { messages };
export const addPart = partLoader('gu', messages, parts);
