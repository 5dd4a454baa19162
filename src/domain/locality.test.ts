import { describe, expect, it } from 'vitest';
import { localityFromAddress } from './locality';

describe('localityFromAddress', () => {
  it('takes the last part before the city, its PIN, the state and the country, past a door and a building', () => {
    for (const [address, city, state, locality] of [
      ['14, Shaligram Bungalows, near Shyamal Cross Roads, Satellite, Ahmedabad 380015', 'Ahmedabad', undefined, 'Satellite'],
      ['B-402, Devashish Residency, Jodhpur Gam Road, Satellite, Ahmedabad 380015', 'Ahmedabad', undefined, 'Satellite'],
      ['12, Sindhu Bhavan Road flats, Bodakdev, ahmedabad, Gujarat, 380054, India', 'Ahmedabad', 'Gujarat', 'Bodakdev'],
      ['Plot 8, Shanti Kunj, Sector 21, Gandhinagar', 'Gandhinagar', undefined, 'Sector 21'],
      ['  Flat 3 , Aalap Society,  Navrangpura  ,Ahmedabad - 380009', 'Ahmedabad', undefined, 'Navrangpura'],
      ['7, Ratnadeep Society, Vastrapur', 'Ahmedabad', undefined, 'Vastrapur'],
    ] as const) expect(localityFromAddress(address, city, state)).toBe(locality);
  });

  it('gives none for an address that names no area past its door and building', () => {
    for (const [address, city, state] of [
      ['Flat 12, Sun Towers, Ahmedabad 380015', 'Ahmedabad', undefined],
      ['Sun Towers, Flat 12, Ahmedabad', 'Ahmedabad', undefined],
      ['12 Judges Bungalow Road, Bodakdev', 'Ahmedabad', undefined],
      ['Shaligram Bungalows near Shyamal', 'Ahmedabad', undefined],
      ['Ahmedabad, Gujarat, India', 'Ahmedabad', 'Gujarat'],
    ] as const) expect(localityFromAddress(address, city, state)).toBe('');
  });

  it('never takes a part that names a door or a building', () => {
    for (const [address, city] of [
      ['Shanti Niketan, Lane 4, 12 MG Road, Ahmedabad', 'Ahmedabad'],
      ['Shanti Niketan, Lane 4, B-402, Ahmedabad', 'Ahmedabad'],
      ['Shanti Niketan, Lane 4, A/12, Ahmedabad', 'Ahmedabad'],
      ['Near the lake, Sun Towers, Flat 12, Ahmedabad', 'Ahmedabad'],
      ['Near the lake, Main Road, No. 14, Ahmedabad', 'Ahmedabad'],
      ['Near the lake, Main Road, H. No. 5-3, Ahmedabad', 'Ahmedabad'],
      ['A-12, Block B, Sun Towers, Ahmedabad', 'Ahmedabad'],
      ['A-12, Main Road, Devashish Residency, Ahmedabad', 'Ahmedabad'],
    ] as const) expect(localityFromAddress(address, city)).toBe('');
  });

  it('keeps to the locality field’s length', () => {
    for (const [address, city] of [
      ['Flat 3, Aalap Society, X, Ahmedabad', 'Ahmedabad'],
      [`Flat 3, Aalap Society, ${'Very long area name '.repeat(4)}, Ahmedabad`, 'Ahmedabad'],
    ] as const) expect(localityFromAddress(address, city)).toBe('');
  });
});
