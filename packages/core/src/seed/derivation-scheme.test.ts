import { describe, expect, it } from 'vitest';
import {
  accountIndexOfPath,
  DERIVATION_SCHEMES,
  derivationPathOf,
  isDerivationScheme,
  schemeAccountLimit,
} from './derivation-scheme';

describe('derivation schemes', () => {
  it.each([
    ['bip44-change', 0, "m/44'/501'/0'/0'"],
    ['bip44-change', 42, "m/44'/501'/42'/0'"],
    ['bip44', 0, "m/44'/501'/0'"],
    ['bip44', 2_147_483_647, "m/44'/501'/2147483647'"],
    ['root', 0, 'root'],
  ] as const)('writes %s account %i as %s, and reads it back', (scheme, index, path) => {
    expect(derivationPathOf(scheme, index)).toBe(path);
    expect(accountIndexOfPath(scheme, path)).toBe(index);
  });

  it.each([
    ['bip44-change', "m/44'/501'/0'"],
    ['bip44-change', "m/44'/501'/01'/0'"],
    ['bip44-change', "m/44'/501'/2147483648'/0'"],
    ['bip44', "m/44'/501'/0'/0'"],
    ['bip44', 'm/44h/501h/0h'],
    ['bip44', 'root'],
    ['root', "m/44'/501'/0'"],
    ['root', 'm'],
  ] as const)('does not take %s for a path of the scheme: %s', (scheme, path) => {
    expect(accountIndexOfPath(scheme, path)).toBeNull();
  });

  it('has one account under root and 2^31 under the SLIP-0010 schemes', () => {
    expect(schemeAccountLimit('root')).toBe(1);
    expect(schemeAccountLimit('bip44')).toBe(2 ** 31);
    expect(() => derivationPathOf('root', 1)).toThrow(RangeError);
    expect(() => derivationPathOf('bip44', 2 ** 31)).toThrow(RangeError);
    expect(() => derivationPathOf('bip44', 1.5)).toThrow(RangeError);
  });

  it('knows its three schemes and nothing else', () => {
    expect(DERIVATION_SCHEMES.every(isDerivationScheme)).toBe(true);
    expect(isDerivationScheme("m/44'/501'/{i}'/0'")).toBe(false);
    expect(isDerivationScheme(undefined)).toBe(false);
  });
});
