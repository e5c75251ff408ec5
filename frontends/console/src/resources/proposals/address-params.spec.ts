import { readAddress, writeAddress } from './address-params';
import { initialFilter, questionFilterOf, searchTextOf, toProposalsFilter } from './proposal-filter';

describe('the staff table address (§2 address parameters)', () => {
  it('reads the filters, sort and repeated selection of a shared address', () => {
    const address = readAddress(
      new URLSearchParams(
        'call=3&proposalStatus=2&questionId=q1&compareOperator=EQUALS&value=true&dataType=BOOLEAN&search=spin&sortField=title&sortDirection=asc&selection=4&selection=9&reviewModal=4&modalTab=1',
      ),
    );
    expect(address).toEqual({
      filter: {
        call: 3,
        proposalStatus: 2,
        questionId: 'q1',
        compareOperator: 'EQUALS',
        value: 'true',
        dataType: 'BOOLEAN',
        search: 'spin',
      },
      sort: { field: 'title', order: 'ASC' },
      selection: [4, 9],
    });
  });

  it('writes the state back, keeping reviewModal/modalTab and leaving out empty filters and the default sort', () => {
    const next = writeAddress(
      new URLSearchParams('reviewModal=4&modalTab=2&search=old'),
      {
        filter: { call: 3, search: '', instrument: undefined },
        sort: { field: 'primaryKey', order: 'DESC' },
        selection: [1, 2],
      },
      { field: 'primaryKey', order: 'DESC' },
    );
    expect(next.toString()).toBe('reviewModal=4&modalTab=2&call=3&selection=1&selection=2');
    const sorted = writeAddress(
      new URLSearchParams(),
      { filter: {}, sort: { field: 'title', order: 'ASC' }, selection: [] },
      {
        field: 'primaryKey',
        order: 'DESC',
      },
    );
    expect(sorted.toString()).toBe('sortField=title&sortDirection=asc');
  });

  it('a written address reads back as the same table', () => {
    const state = {
      filter: { proposalStatus: 5, search: 'neutron' },
      sort: { field: 'title', order: 'ASC' as const },
      selection: [3],
    };
    expect(
      readAddress(writeAddress(new URLSearchParams(), state, { field: 'primaryKey', order: 'DESC' })),
    ).toEqual(state);
  });
});

describe('the staff table filters → getProposalsCore', () => {
  it('searches from 3 characters on (§9)', () => {
    expect(searchTextOf({ search: 'ab' })).toBeUndefined();
    expect(searchTextOf({ search: ' abc ' })).toBe('abc');
  });

  it('leaves status 9 out unless a status is chosen (§4)', () => {
    expect(toProposalsFilter({})).toEqual({ excludeProposalStatusIds: [9] });
    expect(toProposalsFilter({ proposalStatus: 9, call: '2' })).toEqual({ proposalStatusId: 9, callId: 2 });
  });

  it('sends the question filter once complete; EXISTS needs no value', () => {
    expect(
      questionFilterOf({ questionId: 'q', dataType: 'TEXT_INPUT', compareOperator: 'EQUALS' }),
    ).toBeUndefined();
    expect(questionFilterOf({ questionId: 'q', dataType: 'FILE_UPLOAD', compareOperator: 'EXISTS' })).toEqual(
      {
        questionId: 'q',
        dataType: 'FILE_UPLOAD',
        compareOperator: 'EXISTS',
        value: '',
      },
    );
  });

  it('carries the instrument filter: one instrument, Multiple, or All (no parameter)', () => {
    const one = readAddress(new URLSearchParams('instrument=7'));
    expect(one.filter).toEqual({ instrument: 7 });
    expect(toProposalsFilter(one.filter).instrumentFilter).toEqual({
      instrumentId: 7,
      showAllProposals: false,
    });
    const multiple = readAddress(new URLSearchParams('instrument=multi'));
    expect(toProposalsFilter(multiple.filter).instrumentFilter).toEqual({
      showMultiInstrumentProposals: true,
      showAllProposals: false,
    });
    expect(toProposalsFilter({}).instrumentFilter).toBeUndefined();
    const sort = { field: 'primaryKey', order: 'DESC' };
    expect(
      writeAddress(
        new URLSearchParams(),
        { filter: { instrument: 'multi' }, sort, selection: [] },
        sort,
      ).toString(),
    ).toBe('instrument=multi');
    expect(
      writeAddress(
        new URLSearchParams('instrument=7'),
        { filter: { instrument: '' }, sort, selection: [] },
        sort,
      ).toString(),
    ).toBe('');
  });

  it("opens the scientist's table with the settings' reviewer and status unless the address has filters (§6, §9)", () => {
    expect(initialFilter({}, { reviewer: 'ME', status: '2' })).toEqual({ reviewer: 'ME', proposalStatus: 2 });
    expect(initialFilter({}, { reviewer: 'ALL', status: '0' })).toEqual({ reviewer: 'ALL' });
    expect(initialFilter({}, { reviewer: '', status: '' })).toEqual({ reviewer: 'ME' });
    expect(initialFilter({ call: 3 }, { reviewer: 'ME', status: '2' })).toEqual({ call: 3 });
    expect(initialFilter({}, null)).toEqual({});
  });
});
