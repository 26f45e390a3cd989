import { type ReactNode, type RefObject, useCallback, useId, useRef, useState } from 'react';

/**
 * A row's less frequent actions behind one button (a table's ⋯): a popover above the page, so no
 * scrolling table clips it. It opens under its button, closes on a click elsewhere, Escape, a scroll
 * or a choice, and gives the focus back to its button. `children` gets `close` for its items.
 */
export function RowMenu({
  label,
  button,
  children,
}: {
  /** The button's accessible name (「春の新商品」のその他の操作). */
  label: string;
  /** The button, kept by the row so a dialog opened from the menu can give the focus back to it. */
  button: RefObject<HTMLButtonElement | null>;
  children: (close: () => void) => ReactNode;
}) {
  const id = useId();
  const menu = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);

  // One function for the menu's life, so the scroll listener it adds is the one it takes away.
  const close = useCallback(() => {
    if (menu.current?.matches(':popover-open')) menu.current.hidePopover();
  }, []);
  const place = () => {
    const anchor = button.current?.getBoundingClientRect();
    const element = menu.current;
    if (!anchor || !element) return;
    const { innerWidth, innerHeight } = window;
    const below = anchor.bottom + 4 + element.offsetHeight <= innerHeight;
    element.style.top = `${below ? anchor.bottom + 4 : Math.max(4, anchor.top - 4 - element.offsetHeight)}px`;
    element.style.left = `${Math.min(Math.max(4, anchor.right - element.offsetWidth), innerWidth - element.offsetWidth - 4)}px`;
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        className="button button--small button--secondary row-menu__button"
        popoverTarget={id}
        aria-expanded={open}
        aria-controls={id}
        aria-label={label}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      <div
        ref={menu}
        id={id}
        popover="auto"
        className="row-menu"
        onToggle={(event) => {
          const opened = event.newState === 'open';
          setOpen(opened);
          // The page moving under it would leave it floating beside another row.
          if (!opened) return window.removeEventListener('scroll', close, true);
          place();
          menu.current?.querySelector<HTMLElement>('a, button')?.focus();
          window.addEventListener('scroll', close, true);
        }}
      >
        {children(close)}
      </div>
    </>
  );
}

/** One action of a row's menu: the menu closes (`close`, from RowMenu), then `onChoose` acts. */
export function RowMenuButton({
  close,
  onChoose,
  danger = false,
  disabled,
  children,
}: {
  close: () => void;
  onChoose: () => void;
  /** Ends something for good: marked apart from the rest. */
  danger?: boolean;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={danger ? 'row-menu__item row-menu__item--danger' : 'row-menu__item'}
      disabled={disabled}
      onClick={() => {
        close();
        onChoose();
      }}
    >
      {children}
    </button>
  );
}
