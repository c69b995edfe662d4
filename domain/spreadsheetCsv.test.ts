import { describe, expect, it } from 'vitest';
import { neutraliseFormula, spreadsheetCsv } from './spreadsheetCsv.ts';

describe('spreadsheet-safe CSV', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+61 412 345 678', "'+61 412 345 678"],
    ['-2', "'-2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=cmd', "'\t=cmd"],
    ['\r=cmd', "'\r=cmd"],
    ['Jane =1', 'Jane =1'],
    ['', ''],
  ])('a cell %j is written %j', (text, written) => {
    expect(neutraliseFormula(text)).toBe(written);
  });

  it('quotes every text cell, doubles quotes, writes numbers as numbers and ends rows with CRLF', () => {
    expect(
      spreadsheetCsv({
        header: ['name', 'n'],
        rows: [
          ['=HYPERLINK("http://x","y")', -3],
          ['a\nb', null],
        ],
      }),
    ).toBe('"name","n"\r\n"\'=HYPERLINK(""http://x"",""y"")",-3\r\n"a\nb",""\r\n');
  });
});
