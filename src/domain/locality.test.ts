import { describe, expect, it } from 'vitest';
import { localityFromAddress } from './locality';

describe('localityFromAddress', () => {
  it('takes the last part before the city, its PIN, the state and the country', () => {
    expect(localityFromAddress('14, Shaligram Bungalows, near Shyamal Cross Roads, Satellite, Ahmedabad 380015', 'Ahmedabad')).toBe('Satellite');
    expect(localityFromAddress('B-402, Devashish Residency, Jodhpur Gam Road, Satellite, Ahmedabad 380015', 'Ahmedabad')).toBe('Satellite');
    expect(localityFromAddress('12 Sindhu Bhavan Road, Bodakdev, ahmedabad, Gujarat, 380054, India', 'Ahmedabad', 'Gujarat')).toBe('Bodakdev');
    expect(localityFromAddress('Plot 8, Sector 21, Gandhinagar', 'Gandhinagar')).toBe('Sector 21');
    expect(localityFromAddress('  Flat 3 ,  Navrangpura  ,Ahmedabad', 'Ahmedabad')).toBe('Navrangpura');
  });

  it('takes the part before an address that does not name its city', () => {
    expect(localityFromAddress('7, Ratnadeep Society, Vastrapur', 'Ahmedabad')).toBe('Vastrapur');
  });

  it('never takes a part that names a door, nor a whole address of one part', () => {
    expect(localityFromAddress('Shanti Niketan, 12 MG Road, Ahmedabad', 'Ahmedabad')).toBe('');
    expect(localityFromAddress('Shanti Niketan, B-402, Ahmedabad', 'Ahmedabad')).toBe('');
    expect(localityFromAddress('Shanti Niketan, A/12, Ahmedabad', 'Ahmedabad')).toBe('');
    expect(localityFromAddress('12 MG Road near the lake, Ahmedabad 380015', 'Ahmedabad')).toBe('');
    expect(localityFromAddress('Shaligram Bungalows near Shyamal', 'Ahmedabad')).toBe('');
    expect(localityFromAddress('Ahmedabad, Gujarat, India', 'Ahmedabad', 'Gujarat')).toBe('');
  });

  it('keeps to the locality field’s length', () => {
    expect(localityFromAddress('Flat 3, X, Ahmedabad', 'Ahmedabad')).toBe('');
    expect(localityFromAddress(`Flat 3, ${'Very long area name '.repeat(4)}, Ahmedabad`, 'Ahmedabad')).toBe('');
  });
});
