import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * A menu behind a ☰ button (the member's side menu, a console's navigation on a phone): opened, its
 * first link or button takes the focus; Escape closes it and gives the focus back to the button; a
 * new page closes it.
 */
export function useMenuDrawer() {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  /** The ☰ button, which the focus goes back to when Escape closes the menu. */
  const toggle = useRef<HTMLButtonElement>(null);
  /** The menu, whose first link or button takes the focus when it opens. */
  const menu = useRef<HTMLElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page closes the menu
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    menu.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
  const close = useCallback(() => setOpen(false), []);
  const flip = useCallback(() => setOpen((value) => !value), []);
  return { open, close, flip, toggle, menu };
}

/** The ☰ button that opens and closes the drawer's menu (`controls`: the menu's id). */
export function MenuButton({
  drawer,
  controls,
  className,
}: {
  drawer: MenuDrawer;
  controls: string;
  className: string;
}) {
  return (
    <button
      ref={drawer.toggle}
      type="button"
      className={className}
      aria-label="メニュー"
      aria-expanded={drawer.open}
      aria-controls={controls}
      onClick={drawer.flip}
    >
      <span aria-hidden="true">☰</span>
    </button>
  );
}

export type MenuDrawer = ReturnType<typeof useMenuDrawer>;
