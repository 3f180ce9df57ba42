import { solPriceSchema } from '@fleet/core';
import { describe, expect, it } from 'vitest';
import { solPriceFailedLine, solPriceLine } from './sol-price-view';

const receivedAt = Date.parse('2026-11-27T12:00:00.000Z');

describe('the header SOL price line', () => {
  it('shows the price in USD with its source and an age that keeps counting after the answer', () => {
    const price = solPriceSchema.parse({
      status: 'known',
      priceUsd: 151.677941552356,
      source: 'jupiter',
      fetchedAt: '2026-11-27T11:59:58.000Z',
      ageMs: 2_000,
    });
    expect(solPriceLine(price, receivedAt, receivedAt).text).toBe('SOL $151.68 · jupiter · 2s ago');
    const later = solPriceLine(price, receivedAt, receivedAt + 10_400);
    expect(later.text).toBe('SOL $151.68 · jupiter · 12s ago');
    expect(later.known).toBe(true);
    expect(later.title).toContain('from jupiter');
    expect(solPriceLine(price, receivedAt, receivedAt + 125_000).text).toBe(
      'SOL $151.68 · jupiter · 2m ago',
    );
  });

  it('ignores a browser clock behind the answer: the age never goes below the server age', () => {
    const price = solPriceSchema.parse({
      status: 'known',
      priceUsd: 0.5,
      source: 'dexscreener',
      fetchedAt: '2026-11-27T12:00:00.000Z',
      ageMs: 0,
    });
    expect(solPriceLine(price, receivedAt, receivedAt - 5_000).text).toBe(
      'SOL $0.50 · dexscreener · 0s ago',
    );
  });

  it('reads a dash, never $0, with the spec message and every reason in the title', () => {
    const price = solPriceSchema.parse({
      status: 'unavailable',
      message: 'Invalid SOL price from jupiter',
      reasons: ['jupiter: price 0 refused', 'dexscreener: HTTP 429'],
    });
    const line = solPriceLine(price, receivedAt, receivedAt);
    expect(line).toEqual({
      text: 'SOL —',
      title: 'Invalid SOL price from jupiter\njupiter: price 0 refused\ndexscreener: HTTP 429',
      known: false,
    });
    expect(line.text).not.toContain('$');
  });

  it('reads a dash when the request itself failed, with the error in the title', () => {
    expect(solPriceFailedLine('HTTP 502')).toEqual({
      text: 'SOL —',
      title: 'SOL price unavailable: HTTP 502',
      known: false,
    });
  });
});
