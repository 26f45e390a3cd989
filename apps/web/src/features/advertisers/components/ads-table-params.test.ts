import { describe, expect, it } from 'vitest';
import { listQuery, pageCount, readTableParams, sortedBy, tableSearch } from './ads-table-params.ts';

const read = (query: string) => readTableParams(new URLSearchParams(query));

describe('the ads table in the address', () => {
  it('reads every ad, newest first, on the first page when nothing is said', () => {
    expect(read('')).toEqual({ q: '', status: '', sort: 'created', order: 'desc', page: 1 });
    expect(tableSearch(read('')).toString()).toBe('');
  });

  it('keeps a search, a status, a sort and a page, and writes them back as they were', () => {
    const query = 'q=%E6%98%A5&status=paused&sort=spend&order=asc&page=3';
    expect(read(query)).toEqual({ q: '春', status: 'paused', sort: 'spend', order: 'asc', page: 3 });
    expect(tableSearch(read(query)).toString()).toBe(query);
    expect(listQuery(read(query))).toEqual({
      q: '春',
      status: 'paused',
      sort: 'spend',
      order: 'asc',
      page: '3',
    });
  });

  it('reads what it does not know as the default, never as a request the server refuses', () => {
    expect(read('status=approved&sort=price&order=up&page=0')).toEqual(read(''));
    expect(read('page=1.5').page).toBe(1);
    expect(read('page=-2').page).toBe(1);
    expect(read('page=10000').page).toBe(1);
    expect(read(`q=${'あ'.repeat(60)}`).q).toHaveLength(50);
    expect(read('q=%20%20').q).toBe('');
    // A column without its order sorts the column's own way: figures biggest first, words A to Z.
    expect(read('sort=title')).toMatchObject({ sort: 'title', order: 'asc' });
    expect(read('sort=answers')).toMatchObject({ sort: 'answers', order: 'desc' });
  });

  it('turns a column round when it is chosen again, and starts another in its first order, from page 1', () => {
    const onPage3 = { ...read('sort=spend'), page: 3 };
    expect(sortedBy(onPage3, 'spend')).toMatchObject({ sort: 'spend', order: 'asc', page: 1 });
    expect(sortedBy(sortedBy(onPage3, 'spend'), 'spend')).toMatchObject({ order: 'desc' });
    expect(sortedBy(onPage3, 'title')).toMatchObject({ sort: 'title', order: 'asc', page: 1 });
    expect(sortedBy(onPage3, 'correctRate')).toMatchObject({ sort: 'correctRate', order: 'desc' });
    // The default order of the default column needs no words in the address.
    expect(tableSearch(sortedBy(sortedBy(read(''), 'created'), 'created')).toString()).toBe('');
  });

  it('counts the pages, one at least', () => {
    expect(pageCount(0, 50)).toBe(1);
    expect(pageCount(50, 50)).toBe(1);
    expect(pageCount(51, 50)).toBe(2);
    expect(pageCount(485, 50)).toBe(10);
  });
});
