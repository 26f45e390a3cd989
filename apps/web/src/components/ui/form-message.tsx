/** A form's outcome: success is announced politely (role=status), a refusal at once (role=alert). */
export type FormMessageValue = { kind: 'ok' | 'error'; text: string } | null;

export function FormMessage({ message }: { message: FormMessageValue }) {
  if (!message) return null;
  const ok = message.kind === 'ok';
  return (
    <p role={ok ? 'status' : 'alert'} className={ok ? 'form-success' : 'form-error'}>
      {message.text}
    </p>
  );
}

/** A refusal under a form, announced at once (role=alert); nothing while there is none. */
export function FormError({ text }: { text: string | null | undefined }) {
  if (!text) return null;
  return (
    <p role="alert" className="form-error">
      {text}
    </p>
  );
}
