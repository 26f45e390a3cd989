import type { ComponentProps, ReactNode } from 'react';

type TitledSectionProps = Omit<ComponentProps<'section'>, 'title' | 'aria-labelledby'> & {
  /** The heading's id, which names the section for screen readers (aria-labelledby). */
  titleId: string;
  title: ReactNode;
  titleClassName?: string;
};

/** A section named by its own h2: the heading carries `titleId` and the section points to it. */
export function TitledSection({ titleId, title, titleClassName, children, ...section }: TitledSectionProps) {
  return (
    <section aria-labelledby={titleId} {...section}>
      <h2 id={titleId} className={titleClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A band of a public page (the landing pages), with its large centred title. */
export function PageSection({ className = 'section', ...section }: TitledSectionProps) {
  return <TitledSection className={className} titleClassName="section__title" {...section} />;
}
