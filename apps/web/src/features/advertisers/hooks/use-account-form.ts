import { type FormEvent, useRef, useState } from 'react';
import { type FormSchema, focusFirstInvalid, useForm } from '../../../lib/use-form.ts';

/**
 * An account form (sign-in, sign-up, a new password, the invoice's addressee): what was typed in its
 * text fields, and its submit. The request's schema checks them (with `extra`, what the request holds
 * besides them): a wrong field says what is wrong once, beside it, and takes the focus. The body that
 * passes is sent; a refusal says why under the form (`refused`: its words). `onSubmit` runs first, as
 * the last outcome goes.
 */
export function useAccountForm<K extends string, Body>(
  schema: FormSchema<Body>,
  initial: Record<K, string>,
  {
    extra = {},
    send,
    refused,
    onSubmit,
  }: {
    extra?: Record<string, unknown>;
    send: (body: Body) => Promise<unknown>;
    refused: (failure: unknown) => string;
    onSubmit?: () => void;
  },
) {
  const form = useForm(schema);
  const element = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(initial);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    onSubmit?.();
    const body = form.validate({ ...values, ...extra });
    if (!body) return focusFirstInvalid(element.current);
    try {
      await send(body);
    } catch (failure) {
      form.fail(refused(failure));
    }
  };

  return {
    form,
    values,
    setValues,
    /** The `<form>` element's own attributes. */
    formProps: { ref: element, onSubmit: submit, noValidate: true },
    /** What AccountFields takes besides its fields. */
    fieldProps: {
      values,
      onChange: (key: K, value: string) => setValues((now) => ({ ...now, [key]: value })),
      errorOf: form.errorOf,
    },
  };
}
