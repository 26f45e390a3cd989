import { materialRequestBody, messages } from '@quiz-points/shared';
import { type FormEvent, useState } from 'react';
import { InlineForm } from '../../../components/ui/inline-form.tsx';
import { emailInput } from '../../../components/ui/text-field.tsx';
import { useForm } from '../../../lib/use-form.ts';
import { useRequestMaterials } from '../api/request-materials.ts';

export function MaterialsRequestForm() {
  const [email, setEmail] = useState('');
  const form = useForm(materialRequestBody);
  const mutation = useRequestMaterials();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate({ email });
    if (!body) return;
    mutation.mutate(body, {
      onSuccess: () => setEmail(''),
      onError: (failure) =>
        form.fail(
          failure.message === messages.networkFailed ? messages.materialRequestFailed : failure.message,
        ),
    });
  };

  return (
    <InlineForm
      id="materials-email"
      label="メールアドレス"
      className="materials-form"
      formLabelledBy="materials-title"
      name="email"
      {...emailInput}
      value={email}
      onChange={setEmail}
      onSubmit={submit}
      buttonLabel="資料を請求する"
      pending={mutation.isPending}
      error={form.summary}
      invalid={form.errorOf('email') !== ''}
    >
      {mutation.isSuccess && (
        <p role="status" className="form-success">
          {messages.mailSent} {messages.materialRequestSent}
        </p>
      )}
    </InlineForm>
  );
}
