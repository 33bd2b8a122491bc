import { describe, expect, it } from 'vitest';
import { initials } from './initials';

describe('initials', () => {
  it('takes the first and last word', () => {
    expect(initials('Ayesha Khan')).toBe('AK');
    expect(initials('Md. Rahim  Uddin')).toBe('MU');
  });

  it('copes with one word, extra spaces and an empty name', () => {
    expect(initials('  nadia ')).toBe('N');
    expect(initials('')).toBe('');
  });
});
