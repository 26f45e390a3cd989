import { useEffect, useRef } from 'react';

/**
 * What the last action did, said in the page (role=status, always present so it is announced). When
 * it changes, the keyboard's place moves to it: the card acted on has usually just left the list.
 */
export function OutcomeStatus({ text }: { text: string }) {
  const status = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (text) status.current?.focus();
  }, [text]);
  return (
    <p ref={status} role="status" className="form-success" tabIndex={-1}>
      {text}
    </p>
  );
}
