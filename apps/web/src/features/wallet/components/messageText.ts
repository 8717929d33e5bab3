/** An operator message's text in the reader's language ("pt-BR" → PT), else the first one written. */
export const inLanguage = (texts: Record<string, string>, language: string) =>
  texts[language.slice(0, 2).toUpperCase()] ?? Object.values(texts)[0] ?? '';
