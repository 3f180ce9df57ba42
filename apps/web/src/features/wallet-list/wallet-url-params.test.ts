import { describe, expect, it } from 'vitest';
import {
  landedParams,
  meaningOfGroupParam,
  paramsForSegment,
  readWalletUrlParams,
} from './wallet-url-params';

describe('wallet page query parameters (spec 2 §2.1)', () => {
  it('reads address, or search as its other name, plus tag and groupId', () => {
    expect(readWalletUrlParams(new URLSearchParams('address=Abc&tag=whale&groupId=g'))).toEqual({
      address: 'Abc',
      tag: 'whale',
      groupId: 'g',
    });
    expect(readWalletUrlParams(new URLSearchParams('search=%20Xyz%20')).address).toBe('Xyz');
    expect(readWalletUrlParams(new URLSearchParams('address=&tag=')).address).toBeNull();
  });

  it('writes back only the address after landing on a wallet', () => {
    expect(landedParams('Abc').toString()).toBe('address=Abc');
  });

  it('keeps groupId in step with the chosen segment', () => {
    const current = new URLSearchParams('groupId=old&tag=whale&address=Abc');
    expect(paramsForSegment(current, 'seed:vault').toString()).toBe('tag=whale&groupId=vault');
    expect(paramsForSegment(current, 'seed:all').toString()).toBe('tag=whale');
    expect(paramsForSegment(current, 'trader').toString()).toBe('tag=whale');
  });

  it('reads groupId as a custom group when it is one, otherwise as a seed segment', () => {
    const custom = new Set(['c1']);
    expect(meaningOfGroupParam(null, custom)).toEqual({ kind: 'none' });
    expect(meaningOfGroupParam('c1', custom)).toEqual({ kind: 'custom', groupId: 'c1' });
    expect(meaningOfGroupParam('v1', custom)).toEqual({ kind: 'segment', segment: 'seed:v1' });
    expect(meaningOfGroupParam('seed:v2', custom)).toEqual({ kind: 'segment', segment: 'seed:v2' });
    expect(meaningOfGroupParam('seed:', custom)).toEqual({ kind: 'segment', segment: 'seed:all' });
    // The computed groups search offers open the segment with the same rule.
    expect(meaningOfGroupParam('all', custom)).toEqual({ kind: 'segment', segment: 'all' });
    expect(meaningOfGroupParam('traders', custom)).toEqual({ kind: 'segment', segment: 'trader' });
    expect(meaningOfGroupParam('with-tokens', custom)).toEqual({
      kind: 'segment',
      segment: 'withBalance',
    });
    expect(meaningOfGroupParam('zero-tokens', custom)).toEqual({
      kind: 'segment',
      segment: 'zero',
    });
    expect(meaningOfGroupParam('empty', custom)).toEqual({ kind: 'segment', segment: 'empty' });
    expect(meaningOfGroupParam('pool-creators', custom)).toEqual({
      kind: 'segment',
      segment: 'poolCreators',
    });
    // An own property only: an inherited name is a seed id like any other.
    expect(meaningOfGroupParam('toString', custom)).toEqual({
      kind: 'segment',
      segment: 'seed:toString',
    });
  });
});
