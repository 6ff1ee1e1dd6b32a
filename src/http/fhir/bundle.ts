import type { FhirResource, SearchPage } from '../../queries/fhir/types.ts';

/** A searchset Bundle: this page's matches and, when more remain, the link to the next page. */
export function searchBundle(base: string, type: string, selfQuery: string, page: SearchPage, nextQuery: (cursor: string) => string) {
  const link = [{ relation: 'self', url: `${base}/${type}${selfQuery ? `?${selfQuery}` : ''}` }];
  if (page.next !== null) link.push({ relation: 'next', url: `${base}/${type}?${nextQuery(page.next)}` });
  return {
    resourceType: 'Bundle',
    type: 'searchset',
    link,
    // An empty page has no `entry` at all: FHIR JSON forbids empty arrays.
    ...(page.resources.length === 0 ? {} : {
      entry: page.resources.map((resource: FhirResource) => ({ fullUrl: `${base}/${resource.resourceType}/${resource.id}`, resource, search: { mode: 'match' } })),
    }),
  };
}

/** The query of the next page: the same clauses, with the cursor replaced. */
export function withCursor(querystring: string, cursor: string): string {
  const params = new URLSearchParams(querystring);
  params.delete('_cursor');
  params.append('_cursor', cursor);
  return params.toString();
}
