/** The information pages' query keys. */
export const pageKeys = {
  /** The pages' long texts (a lazily loaded bundle, not a server answer), per active language. */
  infoTexts: (language: string) => ['pages', 'info-texts', language] as const,
};
