/** `EL DORADO HILLS` → `El Dorado Hills`, `2561 19TH AVE` → `2561 19th Ave`, `MCLEAN` → `McLean`. */
export function titleCase(text: string): string {
  return text
    .trim()
    .split(/\s+/)
    .map((word) => {
      const lower = word.toLowerCase();
      if (/^\d/.test(word)) return lower;
      if (/^mc[a-z]/.test(lower)) return `Mc${lower.charAt(2).toUpperCase()}${lower.slice(3)}`;
      return lower.charAt(0).toUpperCase() + lower.slice(1);
    })
    .join(' ');
}
