import { useSearchParams } from 'react-router';
import { useInlineForm } from '../../../components/ui/inline-form.tsx';
import type { FormSchema } from '../../../lib/use-form.ts';

/**
 * An admin search kept in the address (?q=…), so it survives a reload and the back button: `q` is the
 * current search, `search` the InlineForm's wiring. A search without q (where `input` allows one)
 * leaves the address without it.
 */
export function useSearchForm<T extends { q?: string }>(
  schema: FormSchema<T>,
  input?: (text: string) => unknown,
) {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const search = useInlineForm({
    schema,
    field: 'q',
    initial: q,
    input,
    onValid: (body) => setParams(body.q ? { q: body.q } : {}),
  });
  return { q, search };
}
