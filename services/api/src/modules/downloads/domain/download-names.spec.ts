import { AppError } from '../../../platform/errors/app-error';
import {
  downloadMessages,
  fileNamePart,
  parseIdList,
  parseQuestionIds,
  proposalFileName,
  severalProposalsFileName,
  UniqueNames,
} from './download-names';

describe('download ids and names', () => {
  it('parses comma-separated ids, each once, in order', () => {
    expect(parseIdList('12')).toEqual([12]);
    expect(parseIdList('12, 3,12')).toEqual([12, 3]);
  });

  it('reads ranges of ids', () => {
    expect(parseIdList('7,3-5,4')).toEqual([7, 3, 4, 5]);
    expect(() => parseIdList('1-1000000', 10000)).toThrow(AppError);
    expect(() => parseIdList('5-3')).toThrow(
      expect.objectContaining({ message: downloadMessages.invalidIds }),
    );
  });

  it.each(['', 'abc', '1,,2', '1;2', '-1', '0', '1.5', '99999999999', '1,2,x', '1-', '-', '1-2-3'])(
    'refuses %j as BAD_USER_INPUT',
    (raw) => {
      expect(() => parseIdList(raw)).toThrow(
        expect.objectContaining({ code: 'BAD_USER_INPUT', message: downloadMessages.invalidIds }),
      );
    },
  );

  it('refuses too many ids', () => {
    expect(() => parseIdList('1,2,3', 2)).toThrow(AppError);
  });

  it('reads question ids of the query string', () => {
    expect(parseQuestionIds('a, b,a')).toEqual(['a', 'b']);
    expect(parseQuestionIds('')).toBeNull();
    expect(parseQuestionIds(undefined)).toBeNull();
    expect(parseQuestionIds(['a'])).toBeNull();
  });

  it('makes file names safe: no path or reserved characters, controls or bidi marks; one line; limited', () => {
    expect(fileNamePart('a/b\\c: d*?"<>|e')).toBe('a_b_c_ d______e');
    expect(fileNamePart('  multi\n line\u202e title.  ')).toBe('multi line title');
    expect(fileNamePart('x'.repeat(300))).toHaveLength(100);
  });

  it('names one proposal by reference and title, several by date', () => {
    expect(proposalFileName({ proposalId: 'UO26-0007', title: 'Spin/waves' }, 'pdf')).toBe(
      'UO26-0007_Spin_waves.pdf',
    );
    expect(proposalFileName({ proposalId: '000012', title: '' }, 'zip')).toBe('000012.zip');
    expect(severalProposalsFileName('pdf', new Date('2026-03-01T23:30:00Z'), 'Europe/Stockholm')).toBe(
      'proposals_2026-03-02.pdf',
    );
  });

  it('keeps names in a ZIP folder unique', () => {
    const names = new UniqueNames();
    expect(['a.pdf', 'A.pdf', 'a.pdf', 'b'].map((n) => names.take(n))).toEqual([
      'a.pdf',
      'A (2).pdf',
      'a (3).pdf',
      'b',
    ]);
  });
});
