import { describe, expect, it } from 'vitest';
import { localityFromAddress } from './locality';

describe('localityFromAddress', () => {
  it('takes the last part before the city, its PIN, the state and the country, past a door and a building', () => {
    expect(localityFromAddress('14, Shaligram Bungalows, near Shyamal Cross Roads, Satellite, Ahmedabad 380015', 'Ahmedabad')).toBe('Satellite');
    expect(localityFromAddress('B-402, Devashish Residency, Jodhpur Gam Road, Satellite, Ahmedabad 380015', 'Ahmedabad')).toBe('Satellite');
    expect(localityFromAddress('12, Sindhu Bhavan Road flats, Bodakdev, ahmedabad, Gujarat, 380054, India', 'Ahmedabad', 'Gujarat')).toBe('Bodakdev');
    expect(localityFromAddress('Plot 8, Shanti Kunj, Sector 21, Gandhinagar', 'Gandhinagar')).toBe('Sector 21');
    expect(localityFromAddress('  Flat 3 , Aalap Society,  Navrangpura  ,Ahmedabad - 380009', 'Ahmedabad')).toBe('Navrangpura');
    expect(localityFromAddress('7, Ratnadeep Society, Vastrapur', 'Ahmedabad')).toBe('Vastrapur');
  });

  it('gives none for an address that names no area past its door and building', () => {
    expect(localityFromAddress('Flat 12, Sun Towers, Ahmedabad 380015', 'Ahmedabad')).toBe('');
    expect(localityFromAddress('Sun Towers, Flat 12, Ahmedabad', 'Ahmedabad')).toBe('');
    expect(localityFromAddress('12 Judges Bungalow Road, Bodakdev', 'Ahmedabad')).toBe('');
    expect(localityFromAddress('Shaligram Bungalows near Shyamal', 'Ahmedabad')).toBe('');
    expect(localityFromAddress('Ahmedabad, Gujarat, India', 'Ahmedabad', 'Gujarat')).toBe('');
  });

  it('never takes a part that names a door or a building', () => {
    expect(localityFromAddress('Shanti Niketan, Lane 4, 12 MG Road, Ahmedabad', 'Ahmedabad')).toBe('');
    expect(localityFromAddress('Shanti Niketan, Lane 4, B-402, Ahmedabad', 'Ahmedabad')).toBe('');
    expect(localityFromAddress('Shanti Niketan, Lane 4, A/12, Ahmedabad', 'Ahmedabad')).toBe('');
    expect(localityFromAddress('Near the lake, Sun Towers, Flat 12, Ahmedabad', 'Ahmedabad')).toBe('');
    expect(localityFromAddress('Near the lake, Main Road, No. 14, Ahmedabad', 'Ahmedabad')).toBe('');
    expect(localityFromAddress('Near the lake, Main Road, H. No. 5-3, Ahmedabad', 'Ahmedabad')).toBe('');
    expect(localityFromAddress('A-12, Block B, Sun Towers, Ahmedabad', 'Ahmedabad')).toBe('');
    expect(localityFromAddress('A-12, Main Road, Devashish Residency, Ahmedabad', 'Ahmedabad')).toBe('');
  });

  it('keeps to the locality field’s length', () => {
    expect(localityFromAddress('Flat 3, Aalap Society, X, Ahmedabad', 'Ahmedabad')).toBe('');
    expect(localityFromAddress(`Flat 3, Aalap Society, ${'Very long area name '.repeat(4)}, Ahmedabad`, 'Ahmedabad')).toBe('');
  });
});
