/** The site figures' rollup in figure_rollups: the closed days written (domain/figures/closed-days.ts). */
export const SITE_FIGURES_ROLLUP = 'site-figures';
