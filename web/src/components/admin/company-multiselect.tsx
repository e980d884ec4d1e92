// Choosing companies by name: the options come from listCompanies a batch at a time as the list is
// scrolled, and the filter text goes to the server (it matches names and slugs).
import { useCallback, useMemo, useRef, useState } from 'react';
import Multiselect, { type MultiselectProps } from '@cloudscape-design/components/multiselect';
import { filterKey, filterMaxLength } from '../../../../lambdas/kernel/search/search-text';
import { callFunction } from '../../api/call-client';
import { useSession } from '../session/session-context';

export interface CompanyMultiselectProps {
  selected: readonly string[];
  onChange: (slugs: string[]) => void;
  disabled?: boolean;
  invalid?: boolean;
  ariaLabel?: string;
  controlId?: string;
}

const fetchSize = 50;

export function CompanyMultiselect({
  selected,
  onChange,
  disabled,
  invalid,
  ariaLabel,
  controlId,
}: CompanyMultiselectProps) {
  const { companyList } = useSession();
  const [options, setOptions] = useState<MultiselectProps.Option[]>([]);
  const [status, setStatus] = useState<'pending' | 'loading' | 'finished' | 'error'>('pending');
  const [names, setNames] = useState<Map<string, string>>(
    () => new Map(companyList.map((option) => [option.slug, option.companyName])),
  );
  const request = useRef<{ generation: number; cursor?: string; filter?: string }>({ generation: 0 });

  const load = useCallback(async (filteringText: string, firstPage: boolean) => {
    const generation = firstPage ? request.current.generation + 1 : request.current.generation;
    const cursor = firstPage ? undefined : request.current.cursor;
    if (firstPage) {
      request.current = { generation, filter: filterKey(filteringText.slice(0, filterMaxLength)) };
      setOptions([]);
    }
    const { filter } = request.current;
    setStatus('loading');
    try {
      const page = await callFunction('listCompanies', {
        limit: fetchSize,
        ...(cursor ? { cursor } : {}),
        ...(filter ? { filter } : {}),
      });
      if (generation !== request.current.generation) return;
      request.current.cursor = page.nextCursor;
      setNames(
        (current) =>
          new Map([...current, ...page.companies.map((company) => [company.slug, company.companyName] as const)]),
      );
      setOptions((current) => [
        ...current,
        ...page.companies.map((company) => ({
          value: company.slug,
          label: company.companyName,
          description: company.slug,
        })),
      ]);
      setStatus(page.nextCursor ? 'pending' : 'finished');
    } catch {
      if (generation === request.current.generation) setStatus('error');
    }
  }, []);

  const selectedOptions = useMemo(
    () => selected.map((slug) => ({ value: slug, label: names.get(slug) ?? slug, description: slug })),
    [selected, names],
  );

  return (
    <Multiselect
      controlId={controlId}
      ariaLabel={ariaLabel}
      selectedOptions={selectedOptions}
      options={options}
      onChange={({ detail }) =>
        onChange(detail.selectedOptions.flatMap((option) => (option.value ? [option.value] : [])))
      }
      filteringType="manual"
      filteringPlaceholder="Find companies"
      filteringAriaLabel="Find companies"
      onLoadItems={({ detail }) => void load(detail.filteringText, detail.firstPage)}
      statusType={status}
      loadingText="Loading companies"
      finishedText={options.length === 0 ? 'No companies match' : 'End of the list'}
      errorText="The companies could not be loaded."
      recoveryText="Try again"
      empty="No companies"
      placeholder="Choose companies"
      deselectAriaLabel={(option) => `Remove ${option.label ?? option.value ?? ''}`}
      tokenLimit={6}
      i18nStrings={{ tokenLimitShowMore: 'Show more', tokenLimitShowFewer: 'Show fewer' }}
      disabled={disabled}
      invalid={invalid}
    />
  );
}
