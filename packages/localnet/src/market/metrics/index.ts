// The sandbox market's figures, pure functions over a `MarketView`.

export * from './candles.js';
export * from './number-text.js';
export * from './pool-metrics.js';
export * from './trade-window.js';
export * from './windows.js';
