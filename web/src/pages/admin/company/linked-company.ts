// /admin/company?company=<slug>: a link to one company (from an event on Home) finds it and selects it.
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { UseCollectionResult } from '@cloudscape-design/collection-hooks';
import type { CompanyDoc } from '../../../components/admin/admin-records';

export function useLinkedCompany(collection: UseCollectionResult<CompanyDoc>, loaded: readonly CompanyDoc[]): void {
  const [searchParams] = useSearchParams();
  const slug = searchParams.get('company');
  const { actions } = collection;
  const filtered = useRef<string | null>(null);
  const selected = useRef<string | null>(null);

  useEffect(() => {
    if (!slug || filtered.current === slug) return;
    filtered.current = slug;
    actions.setFiltering(slug);
  }, [slug, actions]);

  useEffect(() => {
    if (!slug || selected.current === slug) return;
    const company = loaded.find((candidate) => candidate.slug === slug);
    if (!company) return;
    selected.current = slug;
    actions.setSelectedItems([company]);
  }, [slug, loaded, actions]);
}
