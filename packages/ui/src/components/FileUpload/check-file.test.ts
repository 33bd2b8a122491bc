import { describe, expect, it } from 'vitest';
import { checkFile, formatBytes, MAX_PICTURE_BYTES } from './check-file';

describe('checkFile', () => {
  it('accepts JPEG, PNG and WebP up to 5 MB', () => {
    expect(checkFile({ type: 'image/jpeg', size: 1000 })).toBeNull();
    expect(checkFile({ type: 'image/webp', size: MAX_PICTURE_BYTES })).toBeNull();
  });

  it('names the problem: the type first, then the size', () => {
    expect(checkFile({ type: 'application/pdf', size: 10 })).toBe('Choose a JPEG, PNG or WebP picture');
    expect(checkFile({ type: 'image/png', size: MAX_PICTURE_BYTES + 1 })).toBe(
      'The picture must be 5 MB or smaller',
    );
  });

  it('applies custom rules', () => {
    expect(checkFile({ type: 'image/gif', size: 10 }, { accept: ['image/gif'] })).toBeNull();
    expect(checkFile({ type: 'image/png', size: 2048 }, { maxBytes: 1024 })).toBe(
      'The picture must be 1 KB or smaller',
    );
  });
});

describe('formatBytes', () => {
  it('rounds to a readable unit', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('2 KB');
    expect(formatBytes(1.5 * 1024 * 1024)).toBe('1.5 MB');
  });
});
