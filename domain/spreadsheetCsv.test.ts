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
    // After leading whitespace and line breaks, which spreadsheets skip.
    [' =1+1', "' =1+1"],
    ['\n=1+1', "'\n=1+1"],
    ['\r\n=1+1', "'\r\n=1+1"],
    [' \t @SUM(A1)', "' \t @SUM(A1)"],
    ['\u00a0+1', "'\u00a0+1"],
    ['\u3000=1', "'\u3000=1"],
    ['\u200b=1', "'\u200b=1"],
    // Fullwidth and small forms, read as ASCII after NFKC.
    ['＝1+1', "'＝1+1"],
    ['＋61 412', "'＋61 412"],
    ['－2', "'－2"],
    ['＠SUM(A1)', "'＠SUM(A1)"],
    ['﹦1+1', "'﹦1+1"],
    [' ＝1+1', "' ＝1+1"],
    ['\u22121', "'\u22121"],
    // Text that only contains those characters later is left alone.
    ['Jane =1', 'Jane =1'],
    ['  Jane', '  Jane'],
    ['a@b.example', 'a@b.example'],
    ['0412-345', '0412-345'],
    ['', ''],
    ['   ', '   '],
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
