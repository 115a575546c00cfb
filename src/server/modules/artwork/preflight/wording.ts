/** How the preflight's messages write numbers, sizes and lists of pages, for the customer. */

/** 85, 85.5: millimetres as a person writes them. */
export const fmt = (mmValue: number) => String(Math.round(mmValue * 10) / 10);
export const sizeText = (w: number, h: number) => `${fmt(w)} × ${fmt(h)} mm`;

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "page 2", "pages 1 and 3": each page once, in order. */
export const pageList = (pages: number[]) => {
  const unique = [...new Set(pages)].sort((a, b) => a - b);
  return `${unique.length === 1 ? 'page' : 'pages'} ${unique.join(' and ')}`;
};
