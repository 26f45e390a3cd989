import {
  AD_SEARCH_MAX_LENGTH,
  type AdListSort,
  type AdListState,
  type AdvertiserAdsQuery,
  adListSorts,
  adListStates,
  firstOrderOf,
  type SortOrder,
} from '@quiz-points/shared';

/** What the ads table shows, as its address keeps it (?q=春&status=paused&sort=spend&order=asc&page=2). */
export interface AdsTableParams {
  q: string;
  status: AdListState | '';
  sort: AdListSort;
  order: SortOrder;
  page: number;
}

const DEFAULT_SORT: AdListSort = 'created';
const oneOf = <T extends string>(choices: readonly T[], value: string | null): value is T =>
  value !== null && (choices as readonly string[]).includes(value);

/**
 * The table's state from the address; anything it does not know (an old bookmark, a typo) reads as
 * the default: every ad, newest first, the first page.
 */
export function readTableParams(search: URLSearchParams): AdsTableParams {
  const status = search.get('status');
  const sort = search.get('sort');
  const order = search.get('order');
  const page = Number(search.get('page'));
  const chosenSort = oneOf(adListSorts, sort) ? sort : DEFAULT_SORT;
  return {
    q: (search.get('q') ?? '').trim().slice(0, AD_SEARCH_MAX_LENGTH),
    status: oneOf(adListStates, status) ? status : '',
    sort: chosenSort,
    order: order === 'asc' || order === 'desc' ? order : firstOrderOf(chosenSort),
    page: Number.isInteger(page) && page >= 1 && page <= 9999 ? page : 1,
  };
}

/** The address's query for a table state: only what differs from the default, so links stay short. */
export function tableSearch(params: AdsTableParams): URLSearchParams {
  const search = new URLSearchParams();
  if (params.q) search.set('q', params.q);
  if (params.status) search.set('status', params.status);
  if (params.sort !== DEFAULT_SORT || params.order !== firstOrderOf(params.sort)) {
    search.set('sort', params.sort);
    search.set('order', params.order);
  }
  if (params.page > 1) search.set('page', String(params.page));
  return search;
}

/** The request for a table state (GET /api/advertiser/ads). */
export function listQuery(params: AdsTableParams): AdvertiserAdsQuery {
  return Object.fromEntries(tableSearch(params)) as AdvertiserAdsQuery;
}

/**
 * A column's heading chosen: the same column turns its order round, another one sorts in its first
 * order (figures biggest first, words A to Z); either way from the first page.
 */
export function sortedBy(params: AdsTableParams, sort: AdListSort): AdsTableParams {
  const order = params.sort === sort ? (params.order === 'asc' ? 'desc' : 'asc') : firstOrderOf(sort);
  return { ...params, sort, order, page: 1 };
}

/** How many pages `total` ads fill (at least one, so an empty table still reads 1 / 1). */
export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));
