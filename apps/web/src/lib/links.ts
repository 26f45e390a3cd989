/** The external inquiry form (SPEC §2 footers). */
export const INQUIRY_FORM_URL = 'https://forms.gle/quiz-points-inquiry';
