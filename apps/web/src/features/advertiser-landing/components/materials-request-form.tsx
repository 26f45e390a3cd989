import { materialRequestBody, messages } from '@quiz-points/shared';
import { type FormEvent, useState } from 'react';
import { uiText } from '../../../lib/ui-text.ts';
import { useRequestMaterials } from '../api/request-materials.ts';

export function MaterialsRequestForm() {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState('');
  const mutation = useRequestMaterials();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = materialRequestBody.safeParse({ email });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? messages.emailRequired);
      return;
    }
    setFieldError('');
    mutation.mutate(parsed.data, { onSuccess: () => setEmail('') });
  };

  return (
    <form className="materials-form" onSubmit={submit} noValidate aria-labelledby="materials-title">
      <label htmlFor="materials-email" className="field__label">
        メールアドレス
      </label>
      <div className="materials-form__row">
        <input
          id="materials-email"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          className="input"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={fieldError !== ''}
          aria-describedby={fieldError ? 'materials-email-error' : undefined}
          maxLength={254}
        />
        <button type="submit" className="button" disabled={mutation.isPending}>
          {mutation.isPending ? uiText.sending : '資料を請求する'}
        </button>
      </div>
      {fieldError && (
        <p id="materials-email-error" role="alert" className="form-error">
          {fieldError}
        </p>
      )}
      {mutation.isError && !fieldError && (
        <p role="alert" className="form-error">
          {mutation.error.message === messages.networkFailed
            ? messages.materialRequestFailed
            : mutation.error.message}
        </p>
      )}
      {mutation.isSuccess && (
        <p role="status" className="form-success">
          {messages.mailSent} {messages.materialRequestSent}
        </p>
      )}
    </form>
  );
}
