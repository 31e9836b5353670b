const DEFAULT_PER_PAGE = 25;

/** A page of a list from the query's page (from 1) and per_page. */
export function paging(query: { page?: number; per_page?: number }) {
  const page = query.page ?? 1;
  const perPage = query.per_page ?? DEFAULT_PER_PAGE;
  return { page, per_page: perPage, limit: perPage, offset: (page - 1) * perPage };
}
