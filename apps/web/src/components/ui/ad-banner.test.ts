import { describe, expect, it } from 'vitest';
import { initialOf } from './ad-banner.tsx';

describe('the initial on a banner placeholder', () => {
  it('is the first letter or digit of the name, past brackets and marks', () => {
    expect(initialOf('みどり銀行')).toBe('み');
    expect(initialOf('（広告主名）')).toBe('広');
    expect(initialOf('「はれま」珈琲')).toBe('は');
    expect(initialOf('  @Quiz')).toBe('Q');
    expect(initialOf('3C商会')).toBe('3');
    expect(initialOf('𠮷野家')).toBe('𠮷');
    expect(initialOf('（）')).toBe('');
  });
});
