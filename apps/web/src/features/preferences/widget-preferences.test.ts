import { describe, expect, it } from 'vitest';
import { DEFAULT_WIDGET_PREFERENCES, parseWidgetPreferences } from './widget-preferences';

describe('widget preferences', () => {
  it('are all on by default', () => {
    expect(parseWidgetPreferences(null)).toEqual({
      showNewTokens: true,
      showWalletPanel: true,
      showQualityScan: true,
    });
  });

  it('read what was stored', () => {
    expect(
      parseWidgetPreferences(
        '{"showNewTokens":false,"showWalletPanel":true,"showQualityScan":false}',
      ),
    ).toEqual({ showNewTokens: false, showWalletPanel: true, showQualityScan: false });
  });

  it('fall back to the default for each value that is missing or not a boolean', () => {
    expect(parseWidgetPreferences('{"showNewTokens":"no","showWalletPanel":false}')).toEqual({
      showNewTokens: true,
      showWalletPanel: false,
      showQualityScan: true,
    });
    expect(parseWidgetPreferences('{nope')).toEqual(DEFAULT_WIDGET_PREFERENCES);
    expect(parseWidgetPreferences('null')).toEqual(DEFAULT_WIDGET_PREFERENCES);
  });
});
