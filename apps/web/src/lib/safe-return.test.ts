import { describe, expect, it } from 'vitest';
import { loginPath, safeReturnPath } from './safe-return';

describe('returning after login', () => {
  it('returns only to paths on this site', () => {
    expect(safeReturnPath('/category/02?page=2')).toBe('/category/02?page=2');
    for (const unsafe of ['//evil.example', 'https://evil.example', '/\\evil.example', '', null, undefined])
      expect(safeReturnPath(unsafe)).toBe('/');
  });

  it('remembers where the user was', () => {
    expect(loginPath('/dashboard/payment/b1')).toBe('/login?from=%2Fdashboard%2Fpayment%2Fb1');
    expect(loginPath('/')).toBe('/login');
  });
});
