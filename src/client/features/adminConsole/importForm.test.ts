import { importBodyOf, type ImportForm } from './importForm';

const form = (fields: Partial<ImportForm>): ImportForm => ({
  source: 'file', url: '', file: null, name: '', time_zone: '', replay: false, shift_to: '', code: '', season: '', ...fields,
});

describe('import form body', () => {
  it('sends only the chosen source and the options filled in, the shift as an ISO time', () => {
    const file = new File(['{}'], 'cup.json');
    expect(importBodyOf(form({ file, name: ' Cup ', shift_to: '2026-07-01T18:00' }), '{"rounds":[]}')).toEqual({
      body: { provider: 'openfootball', file: { name: 'cup.json', content: '{"rounds":[]}' }, name: 'Cup', shift_to: new Date('2026-07-01T18:00').toISOString() },
    });
    expect(importBodyOf(form({ source: 'url', url: ' https://x.test/a.json ', replay: true, file, code: 'PL' }))).toEqual({
      body: { provider: 'openfootball', url: 'https://x.test/a.json', replay: true },
    });
    expect(importBodyOf(form({ source: 'football-data', code: 'PL', name: 'ignored', url: 'ignored' }))).toEqual({ body: { provider: 'football-data', code: 'PL' } });
  });

  it('names what is missing', () => {
    expect(importBodyOf(form({}))).toEqual({ missing: 'file' });
    expect(importBodyOf(form({ source: 'url', url: '  ' }))).toEqual({ missing: 'url' });
    expect(importBodyOf(form({ source: 'football-data' }))).toEqual({ missing: 'code' });
    expect(importBodyOf(form({ source: 'football-data', code: 'PL', season: '26' }))).toEqual({ missing: 'season' });
  });
});
