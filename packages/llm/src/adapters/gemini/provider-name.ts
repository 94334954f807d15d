/** The name the Gemini adapter registers under and stamps on its responses and errors. */
export const GEMINI = 'gemini';
