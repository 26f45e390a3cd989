import { materialRequestBody, messages } from '@quiz-points/shared';
import { emailLine, InlineForm, useInlineForm } from '../../../components/ui/inline-form.tsx';
import { useRequestMaterials } from '../api/request-materials.ts';

export function MaterialsRequestForm() {
  const mutation = useRequestMaterials();
  const email = useInlineForm({
    schema: materialRequestBody,
    field: 'email',
    onValid: (body) =>
      mutation.mutate(body, {
        onSuccess: () => email.setText(''),
        onError: (failure) =>
          email.form.fail(
            failure.message === messages.networkFailed ? messages.materialRequestFailed : failure.message,
          ),
      }),
  });

  return (
    <InlineForm
      id="materials-email"
      className="materials-form"
      formLabelledBy="materials-title"
      name="email"
      {...emailLine}
      {...email.props}
      buttonLabel="資料を請求する"
      pending={mutation.isPending}
    >
      {mutation.isSuccess && (
        <p role="status" className="form-success">
          {messages.mailSent} {messages.materialRequestSent}
        </p>
      )}
    </InlineForm>
  );
}
