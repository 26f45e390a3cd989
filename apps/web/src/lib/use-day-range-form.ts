import { type FormEvent, useState } from 'react';
import { type FormSchema, useForm } from './use-form.ts';

/**
 * A form of two Japan-time days (開始日, 終了日), checked by the server's own schema before anything is
 * asked: the consoles' custom ranges (the dashboard, the reports, the operator's numbers). `onValid`
 * gets the range once it passes; an empty field is sent as absent, for the schema to name.
 */
export function useDayRangeForm<T extends { from?: string; to?: string }>(
  schema: FormSchema<T>,
  initial: { from?: string | null; to?: string | null } | null,
  onValid: (range: T) => void,
) {
  const form = useForm(schema);
  const [fields, setFields] = useState({ from: initial?.from ?? '', to: initial?.to ?? '' });
  const bind = (name: 'from' | 'to') => ({
    value: fields[name],
    onChange: (value: string) => setFields((now) => ({ ...now, [name]: value })),
    error: form.errorOf(name),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const range = form.validate({ from: fields.from || undefined, to: fields.to || undefined });
    if (range) onValid(range);
  };
  return { form, bind, submit };
}
