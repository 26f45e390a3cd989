import type { ReactNode } from 'react';

/**
 * The consoles' frame while their code loads (and the build's shells of console pages): the top
 * bar's and the navigation's places (styles.css, `.console--frame`) around `children` in the main
 * area, so nothing moves when the console arrives.
 */
export function ConsoleFrame({ children }: { children: ReactNode }) {
  return (
    <div className="console console--frame">
      <main id="main" className="console-main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
