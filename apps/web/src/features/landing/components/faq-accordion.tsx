import { useId, useState } from 'react';
import { faqEntries } from '../faq-entries.ts';

export function FaqAccordion() {
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const baseId = useId();
  const toggle = (index: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(index)) next.add(index);
      return next;
    });

  return (
    <div className="faq">
      {faqEntries.map((entry, index) => {
        const expanded = open.has(index);
        const panelId = `${baseId}-panel-${index}`;
        return (
          <div className="faq__item" key={entry.question}>
            <h3 className="faq__heading">
              <button
                type="button"
                className="faq__question"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => toggle(index)}
              >
                <span className="faq__q" aria-hidden="true">
                  Q
                </span>
                <span>{entry.question}</span>
              </button>
            </h3>
            <div id={panelId} className="faq__answer" hidden={!expanded}>
              <p>{entry.answer}</p>
            </div>
          </div>
        );
      })}
    </div>
  );
}
