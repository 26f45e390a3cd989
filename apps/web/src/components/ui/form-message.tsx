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
