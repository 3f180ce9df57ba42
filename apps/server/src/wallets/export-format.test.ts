import { describe, expect, it } from 'vitest';
import { csvCell, exportFileName, toCsv } from './export-format';

describe('wallet export files', () => {
  it('quotes cells with commas, quotes and line breaks', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
  });

  it('defuses cells a spreadsheet would run as formulas', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
  });

  it('writes the header and one CRLF line per wallet, keys only when asked', () => {
    const wallet = {
      address: 'Addr1',
      name: null,
      source: 'PK',
      tags: 'A; B',
      lamports: '5',
      createdAt: '2026-01-02T03:04:05.000Z',
      privateKey: 'secret',
    };
    expect(toCsv([wallet], false)).toBe(
      'address,name,source,tags,lamports,createdAt\r\nAddr1,,PK,A; B,5,2026-01-02T03:04:05.000Z\r\n',
    );
    expect(toCsv([wallet], true).split('\r\n')[1]).toBe(
      'Addr1,,PK,A; B,5,2026-01-02T03:04:05.000Z,secret',
    );
  });

  it('names the file by the UTC time of the export', () => {
    const at = new Date('2026-11-22T05:46:23.123Z');
    expect(exportFileName(at, 'csv')).toBe('fleet-wallets-20261122-054623.csv');
    expect(exportFileName(at, 'json')).toBe('fleet-wallets-20261122-054623.json');
  });
});
